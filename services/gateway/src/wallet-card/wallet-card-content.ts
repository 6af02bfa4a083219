import {
  ageOn,
  entriesIn,
  firstMinuteBlock,
  offlineCardText,
  type FirstMinuteLabels,
  type FirstMinuteLine,
  type MedicalRecord,
  type ResponderLanguage,
} from '@medical-qr/contracts';

/** Every word printed on the wallet card, in one object, so another language is one more object like it. */
export interface WalletCardLabels {
  language: ResponderLanguage;
  /** How the language's lines run: an Arabic card's reference line is laid out from the right. */
  direction: 'ltr' | 'rtl';
  /** How dates are written (Intl locale). */
  dateLocale: string;
  firstMinute: FirstMinuteLabels;
  documentTitle: string;
  instruction: string;
  openFullCard: string;
  readWithoutInternet: string;
  conditions: string;
  medications: string;
  devices: string;
  contacts: string;
  noContacts: string;
  primary: string;
  /** `{date}` is replaced by the date. */
  lastChecked: string;
  fullCardAt: string;
  /** Under the QR, with an SMS number: `{reference}` and `{number}` are replaced by them. */
  textReference: string;
  /** The same without one: `{reference}` is replaced by it. */
  reference: string;
}

/** A piece of the reference line: the label's words, or a value (the reference, the number) drawn whole and bold. */
export interface ReferencePiece {
  text: string;
  value: boolean;
}

export interface WalletCardContact {
  name: string;
  phone: string;
  relationship: string;
  isPrimary: boolean;
}

/** What the card prints, worked out from the record: the drawing only places it. */
export interface WalletCardContent {
  labels: WalletCardLabels;
  /** The link the front QR opens. */
  cardUrl: string;
  /** The first-minute block, large on the front. */
  firstMinute: FirstMinuteLine[];
  /** The same block as plain text, for the QR any phone camera reads without a network. */
  offlineText: string;
  /** The owner's conditions, medications and devices, listed terms named in the card's language; '' when none. */
  conditions: string;
  medications: string;
  devices: string;
  contacts: WalletCardContact[];
  /** "Last checked by the owner: 12 Mar 2026". */
  lastChecked: string;
  /** Under the card's QR: "No data? Text K7QM 4XPD to +15551234567", in pieces; none for a code without a reference. */
  referenceLine: ReferencePiece[];
}

const MAX_CONTACTS = 3;

/** Up to three contacts, the primary first; the sort is stable, so the rest keep the owner's order. */
export function walletContacts<T extends { isPrimary: boolean }>(contacts: readonly T[]): T[] {
  return [...contacts].sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary)).slice(0, MAX_CONTACTS);
}

/** A date as the labels' locale writes it, by the calendar day in UTC (the day the server saved it), kept on one line. */
export function cardDate(iso: string, labels: Pick<WalletCardLabels, 'dateLocale'>): string {
  return new Intl.DateTimeFormat(labels.dateLocale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  })
    .format(new Date(iso))
    .replace(/ /g, '\u00a0');
}

/**
 * The code's printed reference, to text to the SMS number for the first-minute facts without data, in the labels'
 * words, cut into pieces at the values. A value never breaks across lines (a no-break space inside the reference).
 */
export function referenceLine(
  reference: string | undefined,
  smsNumber: string | undefined,
  labels: Pick<WalletCardLabels, 'textReference' | 'reference'>,
): ReferencePiece[] {
  if (!reference) return [];
  const values: Record<string, string> = { reference: reference.replace(/ /g, '\u00a0'), number: smsNumber ?? '' };
  return (smsNumber ? labels.textReference : labels.reference)
    .split(/\{(reference|number)\}/)
    .map((text, index) => (index % 2 === 1 ? { text: values[text]!, value: true } : { text, value: false }))
    .filter((piece) => piece.text !== '');
}

/**
 * The wallet card's content for one of the owner's records, as of `now` (the age printed is today's); `smsNumber` is
 * the service's, printed beside the code's reference when there is one.
 */
export function walletCardContent(
  record: MedicalRecord,
  now: Date,
  labels: WalletCardLabels,
  smsNumber?: string,
): WalletCardContent {
  const firstMinute = firstMinuteBlock(
    { ...record, age: ageOn(record.dateOfBirth, now) },
    labels.language,
    labels.firstMinute,
  );
  // When the owner last saved or confirmed the facts.
  const checkedAt = record.factsCheckedAt;
  return {
    labels,
    cardUrl: record.cardUrl,
    firstMinute,
    offlineText: offlineCardText(firstMinute, labels.firstMinute).text,
    conditions: entriesIn(record.medicalConditions, 'medicalConditions', labels.language),
    medications: entriesIn(record.medications, 'medications', labels.language),
    devices: entriesIn(record.devices, 'devices', labels.language),
    contacts: walletContacts(record.emergencyContacts),
    lastChecked: labels.lastChecked.replaceAll('{date}', cardDate(checkedAt, labels)),
    referenceLine: referenceLine(record.reference, smsNumber, labels),
  };
}
