import { Inject, Injectable } from '@nestjs/common';
import {
  ErrorCodes,
  MAX_CONTACTS_FREE,
  RecordsMessages,
  type DashboardResponse,
  type EmergencyContact,
  type MedicalForm,
  type MedicalRecord,
} from '@medical-qr/contracts';
import { AppError, CONFIG, EmailIndex } from '@medical-qr/platform';
import type { RecordsConfig } from '../config.js';
import { ExpiryScheduler } from '../expiry/expiry.scheduler.js';
import { PremiumStatusClient } from '../premium/premium-status.client.js';
import { qrPng } from '../qr/qr-image.js';
import { newEmergencyToken } from './emergency-token.js';
import { cardUrlFor, toMedicalRecord } from './record-views.js';
import { RecordsRepository, type StoredRecord } from './records.repository.js';

/** Creating, editing, listing and deleting codes, with the plan rules: lifetimes, one active free code, contacts. */
@Injectable()
export class RecordsService {
  private readonly emailIndex: EmailIndex;

  constructor(
    private readonly records: RecordsRepository,
    private readonly premium: PremiumStatusClient,
    private readonly expiry: ExpiryScheduler,
    @Inject(CONFIG) private readonly config: RecordsConfig,
  ) {
    this.emailIndex = new EmailIndex(config.EMAIL_INDEX_KEY);
  }

  /**
   * A signed-in user's new code. Free users hold one active code: a new one replaces it, and once
   * it has expired only premium brings codes back. Premium codes never expire and may be many.
   */
  async createForUser(userId: string, form: MedicalForm, appUrl: string): Promise<MedicalRecord> {
    const isPremium = await this.premium.isPremium(userId);
    assertContactLimit(form, isPremium);
    const record = await this.records.forUser(userId, async (scope) => {
      if (!isPremium) {
        const [newest] = await scope.list();
        if (newest && !newest.isActive && newest.isExpired)
          throw new AppError(ErrorCodes.QR_EXPIRED, RecordsMessages.userCodeExpired);
        await scope.replaceActive();
      }
      return scope.insert({
        token: newEmergencyToken(),
        emailIndex: this.emailIndex.of(form.email),
        form,
        expiresAt: isPremium ? null : new Date(Date.now() + this.config.QR_TTL_USER),
      });
    });
    await this.expiry.schedule(record.id, record.expiresAt);
    return toMedicalRecord(record, appUrl);
  }

  /**
   * Rewrites one of the user's records in place: the same token and expiry, so printed codes keep
   * working and show the new details at once. Contacts are replaced; the plan's contact rule holds.
   */
  async update(userId: string, recordId: string, form: MedicalForm, appUrl: string): Promise<MedicalRecord> {
    const isPremium = await this.premium.isPremium(userId);
    assertContactLimit(form, isPremium);
    const record = await this.records.forUser(userId, async (scope) => {
      const current = await scope.find(recordId);
      if (!current) throw notFound();
      assertEditable(current);
      return scope.update(recordId, { emailIndex: this.emailIndex.of(form.email), form });
    });
    return toMedicalRecord(record, appUrl);
  }

  async list(userId: string, appUrl: string): Promise<MedicalRecord[]> {
    const records = await this.records.listByUser(userId);
    return Promise.all(records.map((record) => toMedicalRecord(record, appUrl)));
  }

  /** The user's newest active code, or null. */
  async active(userId: string, appUrl: string): Promise<MedicalRecord | null> {
    const active = (await this.records.listByUser(userId)).find((record) => record.isActive);
    return active ? toMedicalRecord(active, appUrl) : null;
  }

  /** The active code, else the newest expired one, to prefill the form or show the expired card. */
  async dashboard(userId: string, appUrl: string): Promise<DashboardResponse> {
    const records = await this.records.listByUser(userId);
    // A replaced code is history, not an expired card: only a code whose time ran out shows as expired.
    const newest = records.find((record) => record.isActive) ?? records.find((record) => record.isExpired);
    if (!newest) return { record: null, emergencyContacts: [] };
    return { record: await toMedicalRecord(newest, appUrl), emergencyContacts: newest.contacts };
  }

  async contacts(userId: string, recordId: string): Promise<EmergencyContact[]> {
    return (await this.owned(userId, recordId)).contacts;
  }

  async delete(userId: string, recordId: string): Promise<{ deleted: true }> {
    if (!(await this.records.deleteOwned(userId, recordId))) throw notFound();
    return { deleted: true };
  }

  /** The QR image of the user's own record, base64 so it survives the JSON transport. */
  async qrImage(userId: string, recordId: string, appUrl: string): Promise<{ pngBase64: string }> {
    const record = await this.owned(userId, recordId);
    return { pngBase64: (await qrPng(cardUrlFor(appUrl, record.token))).toString('base64') };
  }

  private async owned(userId: string, recordId: string) {
    const record = await this.records.findOwned(userId, recordId);
    if (!record) throw notFound();
    return record;
  }
}

/** Someone else's record and a missing one look the same. */
function notFound() {
  return new AppError(ErrorCodes.NOT_FOUND, RecordsMessages.recordNotFound);
}

/** Only a code that still opens its card is edited; an old one would change nothing anyone sees. */
function assertEditable(record: StoredRecord) {
  if (record.isActive) return;
  if (record.isReplaced) throw new AppError(ErrorCodes.CONFLICT, RecordsMessages.recordNotEditableReplaced);
  throw new AppError(ErrorCodes.GONE, RecordsMessages.recordNotEditableExpired);
}

/** Free plans keep one emergency contact (anonymous codes too); premium more. */
export function assertContactLimit(form: MedicalForm, isPremium: boolean) {
  if (!isPremium && form.emergencyContacts.length > MAX_CONTACTS_FREE) {
    throw AppError.validation(`emergencyContacts: ${RecordsMessages.tooManyContactsFree}`);
  }
}
