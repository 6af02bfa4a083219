/**
 * Display constants of the medical record, free of zod so the light emergency-card page can
 * import them without pulling in the validation library.
 */

/** Gender values and the labels the card shows (spec section 2). */
export const GENDER_LABELS = {
  unspecified: 'Prefer not to specify',
  male: 'Male',
  female: 'Female',
  other: 'Other',
  'prefer-not-to-say': 'Prefer not to say',
} as const;

export type Gender = keyof typeof GENDER_LABELS;
export const GENDERS = Object.keys(GENDER_LABELS) as Gender[];

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
