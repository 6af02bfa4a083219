import type { EmergencyCard, MedicalRecord } from '@medical-qr/contracts';
import { emergencyCardPath } from '@medical-qr/contracts';
import { qrDataUrl } from '../qr/qr-image.js';
import type { StoredRecord } from './records.repository.js';

export function cardUrlFor(appUrl: string, token: string): string {
  return `${appUrl}${emergencyCardPath(token)}`;
}

/** A record as its owner sees it, with its QR image. */
export async function toMedicalRecord(record: StoredRecord, appUrl: string): Promise<MedicalRecord> {
  const cardUrl = cardUrlFor(appUrl, record.token);
  return {
    id: record.id,
    token: record.token,
    qrCodeData: await qrDataUrl(cardUrl),
    cardUrl,
    createdAt: record.createdAt.toISOString(),
    expiresAt: record.expiresAt?.toISOString() ?? null,
    isActive: record.isActive,
    hasGivenConsent: record.hasGivenConsent,
    ...record.details,
    emergencyContacts: record.contacts,
  };
}

/** What a responder sees: the person, the medical facts and whom to call. */
export function toEmergencyCard(record: StoredRecord): EmergencyCard {
  return {
    ...record.details,
    emergencyContacts: record.contacts,
    createdAt: record.createdAt.toISOString(),
    expiresAt: record.expiresAt?.toISOString() ?? null,
  };
}
