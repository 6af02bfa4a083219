import { EMERGENCY_CALL } from '@medical-qr/contracts';

/** What the card page says, in one place: the spec's texts, and the emergency number that no state of the page lacks. */
export const CardTexts = {
  eyebrow: 'Emergency medical information',
  noneRecorded: 'None recorded',
  noContacts: 'No emergency contacts recorded',
  createOwn: 'Create Your Own Medical Card',
  emergencyLead: EMERGENCY_CALL.lead,
  callEmergency: EMERGENCY_CALL.button,
  emergencyNumber: EMERGENCY_CALL.number,
  tryAgain: 'Try again',
  notFoundTitle: 'Medical Card Not Found',
  notFoundText: 'This emergency medical card could not be found or may have expired.',
  unavailableTitle: 'This card cannot be shown right now',
  unavailableText: 'Our service did not answer in time. Try again in a moment.',
  rateLimitedTitle: 'Too many attempts from this network',
  printHint: 'Scan this code or open the link for the current card:',
  resuscitation: 'Resuscitation',
  bloodThinner: 'Takes a blood thinner',
  insulin: 'Uses insulin',
  age: (years: number) => `Age ${years}`,
} as const;

/** `Retry-After` as a person reads it. */
export function waitText(seconds: number): string {
  if (seconds < 90) return `Try again in ${seconds} seconds.`;
  return `Try again in ${Math.ceil(seconds / 60)} minutes.`;
}
