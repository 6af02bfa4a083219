/**
 * Display constants of the medical record, free of zod so the light emergency-card page can
 * import them without pulling in the validation library.
 */

/**
 * Gender values and the labels the card shows (spec section 2). `unspecified` is "not stated":
 * the person left the question unanswered. `prefer-not-to-say` is the one declining answer the
 * form offers; the spec's "Prefer not to specify" label is gone so two choices never mean the same.
 */
export const GENDER_LABELS = {
  unspecified: 'Not stated',
  male: 'Male',
  female: 'Female',
  other: 'Other',
  'prefer-not-to-say': 'Prefer not to say',
} as const;

export type Gender = keyof typeof GENDER_LABELS;
export const GENDERS = Object.keys(GENDER_LABELS) as Gender[];
/** The answers the form offers; `unspecified` is its empty starting choice, not one of them. */
export const GENDER_CHOICES = GENDERS.filter((gender) => gender !== 'unspecified');

/** Organ donor is yes, no, or not stated (null): a form left unanswered never reads as "No". */
export function organDonorLabel(organDonor: boolean | null): 'Yes' | 'No' | 'Not stated' {
  if (organDonor === null) return 'Not stated';
  return organDonor ? 'Yes' : 'No';
}

/**
 * Resuscitation wishes as the owner states them: what a crew decides in the first minute. `not_stated` until the owner
 * answers, and shown so (a blank is never read as "full resuscitation").
 */
export const RESUSCITATION_LABELS = {
  not_stated: 'Not stated',
  full: 'Full resuscitation',
  dnr: 'Do not resuscitate (DNR)',
  directive: 'Advance directive exists',
} as const;
export type ResuscitationStatus = keyof typeof RESUSCITATION_LABELS;
export const RESUSCITATION_STATUSES = Object.keys(RESUSCITATION_LABELS) as [
  ResuscitationStatus,
  ...ResuscitationStatus[],
];

/** Longest note of where an advance directive is kept ("signed form in the wallet, front pocket"). */
export const DIRECTIVE_LOCATION_MAX = 200;

/**
 * How severe an allergy is, as the owner says it for one entry of their allergies, mildest first. An entry without one
 * is "not said": a responder treats it as possibly serious.
 */
export const ALLERGY_SEVERITY_LABELS = {
  intolerance: 'Intolerance',
  severe: 'Severe',
  anaphylaxis: 'Anaphylaxis',
} as const;
export type AllergySeverity = keyof typeof ALLERGY_SEVERITY_LABELS;
export const ALLERGY_SEVERITIES = Object.keys(ALLERGY_SEVERITY_LABELS) as [AllergySeverity, ...AllergySeverity[]];

/** Whether the person needs an interpreter: yes, no, or not stated (null). */
export function interpreterLabel(
  needed: boolean | null,
): 'Interpreter needed' | 'No interpreter needed' | 'Not stated' {
  if (needed === null) return 'Not stated';
  return needed ? 'Interpreter needed' : 'No interpreter needed';
}

/** Age in whole years on `on` (UTC) of someone born on `dateOfBirth` (YYYY-MM-DD); null without a date. */
export function ageOn(dateOfBirth: string | null, on: Date): number | null {
  if (!dateOfBirth) return null;
  const [year, month, day] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const hadBirthday = on.getUTCMonth() + 1 > month || (on.getUTCMonth() + 1 === month && on.getUTCDate() >= day);
  return on.getUTCFullYear() - year - (hadBirthday ? 0 : 1);
}

/** Free-text facts beyond the spec's fields, in the order responders need them, with their labels. */
export const EXTRA_MEDICAL_FIELDS = {
  medications: 'Medications',
  devices: 'Devices and implants',
  careDirectives: 'Care directives',
  languagesSpoken: 'Languages spoken',
} as const;
export type ExtraMedicalField = keyof typeof EXTRA_MEDICAL_FIELDS;

/** Longest text each free-text medical field keeps, in characters. */
export const MEDICAL_TEXT_LIMITS = {
  allergies: 2000,
  medicalConditions: 2000,
  medications: 2000,
  devices: 1000,
  careDirectives: 1000,
  languagesSpoken: 200,
} as const;

/** ABO/Rh groups, and "Unknown" for people who do not know theirs (responders must not guess). */
export const BLOOD_GROUPS = ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-', 'Unknown'] as const;
export type BloodGroup = (typeof BLOOD_GROUPS)[number];

/** Emergency contacts a record may hold: free plans keep one, premium several. */
export const MAX_CONTACTS_FREE = 1;
export const MAX_CONTACTS_PREMIUM = 10;

/** Only the first characters of a token are ever shown in lists. */
export const TOKEN_PREFIX_LENGTH = 8;

/** The QR image: 256 px, margin 2, black on white, saved under this name. */
export const QR_IMAGE_SIZE_PX = 256;
export const QR_IMAGE_MARGIN = 2;
export const QR_DOWNLOAD_FILE_NAME = 'emergency-qr-code.png';

/** Where a code's card opens: `/emergency/{token}` on the site's public base URL. */
export function emergencyCardPath(token: string): string {
  return `/emergency/${encodeURIComponent(token)}`;
}

/** A phone number as a dialler wants it: digits only, with a leading + kept for international numbers. */
export function dialableNumber(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return phone.trim().startsWith('+') ? `+${digits}` : digits;
}

/**
 * What every page that cannot show a card leads with (the card page's refusals, not-found, expired): nobody helping
 * someone reaches a dead end. 911 is the US number; the text names the local one too.
 */
export const EMERGENCY_CALL = {
  number: '911',
  lead: 'If this is an emergency, call 911 or your local emergency number.',
  button: 'Call 911',
} as const;
