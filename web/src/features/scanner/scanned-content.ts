import { EMERGENCY_TOKEN_PATTERN, GENDERS, type Gender, type ResuscitationStatus } from '@medical-qr/contracts';

// The card's numbers dial the way every tel: link of the app does.
export { dialableNumber } from '../../lib/dialable-number';

/** A contact as a scanned code carries it. */
export interface ScannedContact {
  name: string;
  phone: string;
  relationship: string;
  isPrimary: boolean;
}

/**
 * What the result view shows, from a card read by token or from a JSON code (SPEC section 3, "Scanned payload"). The
 * optional fields only a card carries (the first-minute facts, then the rest): a JSON code has none of them, and
 * absent means the code could not say, so the result leaves them out rather than reading them as "Not stated".
 */
export interface ScannedPayload {
  gender: Gender;
  bloodGroup: string;
  allergies: string;
  medicalConditions: string;
  /** Null: not stated. */
  organDonor: boolean | null;
  emergencyContacts: ScannedContact[];
  /** First and last name; '' when the card has none. */
  name?: string;
  /** Whole years; null when no date of birth was given. */
  age?: number | null;
  resuscitationStatus?: ResuscitationStatus;
  /** Where an advance directive is kept, when the status is `directive`. */
  directiveLocation?: string;
  medications?: string;
  devices?: string;
  languagesSpoken?: string;
  /** Null: not stated. */
  interpreterNeeded?: boolean | null;
  careDirectives?: string;
}

export type ScannedContent =
  | { kind: 'token'; token: string }
  /** `legacy`: the old one-contact shape (emergencyContactName/emergencyContactPhone), shown in the simpler view. */
  | { kind: 'payload'; payload: ScannedPayload; legacy: boolean }
  | { kind: 'unknown' };

/** The card path inside a link: the app's /emergency/{token} or the API's /api/emergency/{token}. */
const CARD_PATH = /\/(?:api\/)?emergency(?:-card)?\/([A-Za-z0-9_-]{22})(?:[/?#]|$)/;

/**
 * What a scanned code holds (SPEC section 5, "Scanner content"): a card link or a bare token (the card is then read
 * from the server), or a JSON payload with a gender; anything else is not a Medical QR code.
 */
export function parseScannedContent(text: string): ScannedContent {
  const value = text.trim();
  if (EMERGENCY_TOKEN_PATTERN.test(value)) return { kind: 'token', token: value };
  const link = CARD_PATH.exec(value);
  if (link && /^https?:\/\//i.test(value)) return { kind: 'token', token: link[1]! };
  if (value.startsWith('{')) return payloadOf(value);
  return { kind: 'unknown' };
}

function payloadOf(json: string): ScannedContent {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    return { kind: 'unknown' };
  }
  if (!isObject(data) || typeof data.gender !== 'string') return { kind: 'unknown' };
  const legacy = !Array.isArray(data.emergencyContacts) && typeof data.emergencyContactPhone === 'string';
  return {
    kind: 'payload',
    legacy,
    payload: {
      gender: (GENDERS as readonly string[]).includes(data.gender) ? (data.gender as Gender) : 'unspecified',
      bloodGroup: text(data.bloodGroup),
      allergies: text(data.allergies),
      medicalConditions: text(data.medicalConditions),
      organDonor: organDonorOf(data.organDonor),
      emergencyContacts: legacy ? legacyContact(data) : contactsOf(data.emergencyContacts),
    },
  };
}

/** true/false, or the old "yes"/"no"; anything else is not stated. */
function organDonorOf(value: unknown): boolean | null {
  if (value === true || value === 'yes') return true;
  if (value === false || value === 'no') return false;
  return null;
}

function contactsOf(value: unknown): ScannedContact[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isObject).map((contact) => ({
    name: text(contact.name),
    phone: text(contact.phone),
    relationship: text(contact.relationship),
    isPrimary: contact.isPrimary === true,
  }));
}

function legacyContact(data: Record<string, unknown>): ScannedContact[] {
  const phone = text(data.emergencyContactPhone);
  return phone ? [{ name: text(data.emergencyContactName), phone, relationship: '', isPrimary: true }] : [];
}

/** The primary contact, else the first (SPEC section 2: Call Primary Contact). */
export function primaryContactOf(contacts: ScannedContact[]): ScannedContact | undefined {
  return contacts.find((contact) => contact.isPrimary) ?? contacts[0];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value.slice(0, 2000) : '');
