import type { EmergencyCard, MedicalRecord, RecordSummary } from '@medical-qr/contracts';
import { ageOn, emergencyCardPath, formatReference } from '@medical-qr/contracts';
import { qrDataUrl } from '../qr/qr-image.js';
import type { StoredRecord, StoredSummary } from './records.repository.js';

export function cardUrlFor(appUrl: string, token: string): string {
  return `${appUrl}${emergencyCardPath(token)}`;
}

/** A view's `reference`: the stored one printed as two groups (`K7QM 4XPD`), or nothing while there is none. */
export function printedReference(reference: string | null | undefined): { reference?: string } {
  return reference ? { reference: formatReference(reference) } : {};
}

/** A record as its owner sees it, with its QR image. */
export async function toMedicalRecord(record: StoredRecord, appUrl: string): Promise<MedicalRecord> {
  const cardUrl = cardUrlFor(appUrl, record.token);
  return {
    id: record.id,
    token: record.token,
    label: record.label,
    qrCodeData: await qrDataUrl(cardUrl),
    cardUrl,
    createdAt: record.createdAt.toISOString(),
    expiresAt: record.expiresAt?.toISOString() ?? null,
    factsCheckedAt: record.factsCheckedAt.toISOString(),
    isActive: record.isActive,
    hasGivenConsent: record.hasGivenConsent,
    version: record.version,
    ...record.details,
    emergencyContacts: record.contacts,
    ...printedReference(record.reference),
  };
}

/** A code in its owner's list: no medical details, no QR image (the screen fetches those for the code it shows). */
export function toRecordSummary(record: StoredSummary, appUrl: string): RecordSummary {
  return {
    id: record.id,
    token: record.token,
    label: record.label,
    cardUrl: cardUrlFor(appUrl, record.token),
    createdAt: record.createdAt.toISOString(),
    expiresAt: record.expiresAt?.toISOString() ?? null,
    isActive: record.isActive,
  };
}

/**
 * What a responder sees: the person (their age today, not their date of birth), the medical facts and whom to call,
 * and the printed reference of what they opened (`reference`: a tag's own when a tag opened it).
 */
export function toEmergencyCard(record: StoredRecord, reference: string | undefined, now = new Date()): EmergencyCard {
  const { dateOfBirth, ...facts } = record.details;
  return {
    ...facts,
    age: ageOn(dateOfBirth, now),
    emergencyContacts: record.contacts,
    createdAt: record.createdAt.toISOString(),
    expiresAt: record.expiresAt?.toISOString() ?? null,
    factsCheckedAt: record.factsCheckedAt.toISOString(),
    ...printedReference(reference),
  };
}
