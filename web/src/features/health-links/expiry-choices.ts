const DAY_MS = 24 * 60 * 60 * 1000;

/** How long a new link works, as the form offers it (the server allows up to HEALTH_LINK_MAX_LIFE_DAYS, or never). */
export const EXPIRY_CHOICES = [
  { id: '1d', label: '1 day', days: 1 },
  { id: '1w', label: '1 week', days: 7 },
  { id: '30d', label: '30 days', days: 30 },
  { id: '1y', label: '1 year', days: 365 },
  { id: 'never', label: 'No expiry', days: null },
] as const;

export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number]['id'];
export const EXPIRY_CHOICE_IDS = EXPIRY_CHOICES.map((choice) => choice.id) as [ExpiryChoice, ...ExpiryChoice[]];
/** A hospital visit rarely needs longer; the owner picks another length when it does. */
export const DEFAULT_EXPIRY: ExpiryChoice = '1w';

/** The moment a link made now with this choice expires (ISO), or null for a link that does not. */
export function expiresAtFor(choice: ExpiryChoice, now: number = Date.now()): string | null {
  const days = EXPIRY_CHOICES.find((each) => each.id === choice)?.days ?? null;
  return days === null ? null : new Date(now + days * DAY_MS).toISOString();
}
