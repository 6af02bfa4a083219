import { Inject, Injectable } from '@nestjs/common';
import {
  ErrorCodes,
  FREE_REPLACED_RECORDS_KEPT,
  MAX_CONTACTS_FREE,
  PREMIUM_MAX_ACTIVE_RECORDS,
  RecordsMessages,
  type DashboardResponse,
  type EmergencyContact,
  type MedicalForm,
  type MedicalRecord,
  type RecordsPage,
  type RecordSummary,
  type RecordsQuery,
} from '@medical-qr/contracts';
import { AppError, CONFIG, EmailIndex } from '@medical-qr/platform';
import type { RecordsConfig } from '../config.js';
import { ExpiryScheduler } from '../expiry/expiry.scheduler.js';
import { PremiumStatusClient } from '../premium/premium-status.client.js';
import { qrPng } from '../qr/qr-image.js';
import { newEmergencyToken } from './emergency-token.js';
import { cardUrlFor, toMedicalRecord, toRecordSummary } from './record-views.js';
import { RecordsRepository, type StoredRecord, type UserRecordsScope } from './records.repository.js';

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
   * A signed-in user's new code. Free users hold one active code: a new one replaces it (the last
   * FREE_REPLACED_RECORDS_KEPT replaced ones stay as history), and once it has expired only premium
   * brings codes back. Premium codes never expire, up to PREMIUM_MAX_ACTIVE_RECORDS at once. `addAnother` says the
   * caller expects the new code to join the active ones: a free account is refused rather than have its code replaced.
   */
  async createForUser(
    userId: string,
    form: MedicalForm,
    appUrl: string,
    { label = '', addAnother = false }: { label?: string; addAnother?: boolean } = {},
  ): Promise<MedicalRecord> {
    const isPremium = await this.premium.isPremium(userId);
    assertContactLimit(form, isPremium);
    if (addAnother && !isPremium) throw new AppError(ErrorCodes.PREMIUM_REQUIRED, RecordsMessages.freeOneActiveCode);
    const record = await this.records.forUser(userId, async (scope) => {
      await (isPremium ? assertPremiumRoom(scope) : replaceFreeCode(scope));
      const created = await scope.insert({
        token: newEmergencyToken(),
        emailIndex: this.emailIndex.of(form.email),
        form,
        label,
        expiresAt: isPremium ? null : new Date(Date.now() + this.config.QR_TTL_USER),
      });
      // Bounded history: a free account cannot pile up replaced codes without end.
      if (!isPremium) await scope.pruneReplaced(FREE_REPLACED_RECORDS_KEPT);
      return created;
    });
    await this.expiry.schedule(record.id, record.expiresAt);
    return toMedicalRecord(record, appUrl);
  }

  /**
   * Rewrites one of the user's records in place: the same token and expiry, so printed codes keep
   * working and show the new details at once. Contacts are replaced; the plan's contact rule holds.
   * Given `expectedVersion`, a save made from an older version is refused with the record as it is now.
   */
  async update(
    userId: string,
    recordId: string,
    form: MedicalForm,
    appUrl: string,
    expectedVersion?: number,
  ): Promise<MedicalRecord> {
    const isPremium = await this.premium.isPremium(userId);
    assertContactLimit(form, isPremium);
    const record = await this.records.forUser(userId, async (scope) => {
      const current = await scope.find(recordId);
      if (!current) throw notFound();
      assertEditable(current);
      // Read and written under the user's lock: two saves from the same version cannot both pass.
      if (expectedVersion !== undefined && current.version !== expectedVersion)
        throw new AppError(ErrorCodes.EDIT_CONFLICT, RecordsMessages.editConflict, {
          current: await toMedicalRecord(current, appUrl),
        });
      return scope.update(recordId, { emailIndex: this.emailIndex.of(form.email), form });
    });
    return toMedicalRecord(record, appUrl);
  }

  /**
   * The owner says one of their records is still right as it is: its check is dated now (what the card prints, and
   * what the reminder counts from), without a save, so the version stays and an open form saves without a conflict.
   * Refused like a save for a code that no longer opens its card.
   */
  async confirmFacts(userId: string, recordId: string, appUrl: string): Promise<MedicalRecord> {
    const record = await this.records.forUser(userId, async (scope) => {
      const current = await scope.find(recordId);
      if (!current) throw notFound();
      assertEditable(current);
      return scope.confirmFacts(recordId);
    });
    return toMedicalRecord(record, appUrl);
  }

  /** One page of the user's codes as summaries: no medical details decrypted, no QR image drawn. */
  async list(userId: string, { page, limit, status }: RecordsQuery, appUrl: string): Promise<RecordsPage> {
    const { records, total } = await this.records.pageByUser(userId, page, limit, status === 'active');
    return { records: records.map((record) => toRecordSummary(record, appUrl)), page, limit, total };
  }

  /** One of the user's records in full, with its QR image: what a screen fetches for the code it shows. */
  async get(userId: string, recordId: string, appUrl: string): Promise<MedicalRecord> {
    return toMedicalRecord(await this.owned(userId, recordId), appUrl);
  }

  /** The user's newest active code, or null. */
  async active(userId: string, appUrl: string): Promise<MedicalRecord | null> {
    const active = await this.records.findNewestActive(userId);
    return active ? toMedicalRecord(active, appUrl) : null;
  }

  /** The active code, else the newest expired one, to prefill the form or show the expired card. */
  async dashboard(userId: string, appUrl: string): Promise<DashboardResponse> {
    // A replaced code is history, not an expired card: only a code whose time ran out shows as expired.
    const newest = (await this.records.findNewestActive(userId)) ?? (await this.records.findNewestExpired(userId));
    if (!newest) return { record: null, emergencyContacts: [] };
    return { record: await toMedicalRecord(newest, appUrl), emergencyContacts: newest.contacts };
  }

  /** Names one of the user's codes, whatever its state (a name changes nothing a responder sees). */
  async setLabel(userId: string, recordId: string, label: string, appUrl: string): Promise<RecordSummary> {
    const summary = await this.records.setLabelOwned(userId, recordId, label);
    if (!summary) throw notFound();
    return toRecordSummary(summary, appUrl);
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

/** A free user's new code replaces the active one, unless their code has expired (then only premium helps). */
async function replaceFreeCode(scope: UserRecordsScope) {
  const newest = await scope.newest();
  if (newest && !newest.isActive && newest.isExpired)
    throw new AppError(ErrorCodes.QR_EXPIRED, RecordsMessages.userCodeExpired);
  await scope.replaceActive();
}

/** Premium's stated limit of active codes (PREMIUM_MAX_ACTIVE_RECORDS). */
async function assertPremiumRoom(scope: UserRecordsScope) {
  if ((await scope.countActive()) >= PREMIUM_MAX_ACTIVE_RECORDS)
    throw new AppError(ErrorCodes.CONFLICT, RecordsMessages.premiumActiveLimit);
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
    throw AppError.validation(`emergencyContacts: ${RecordsMessages.tooManyContactsFree}`, [
      { path: 'emergencyContacts', message: RecordsMessages.tooManyContactsFree },
    ]);
  }
}
