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

/** The wallet card's content for one of the owner's records, as of `now` (the age printed is today's). */
export function walletCardContent(record: MedicalRecord, now: Date, labels: WalletCardLabels): WalletCardContent {
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
  };
}
