import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import {
  type CreatedHealthLink,
  type CreateHealthLinkBody,
  DurableEvents,
  encodeShlink,
  ErrorCodes,
  HEALTH_LINK_PASSCODE_ATTEMPTS,
  HEALTH_LINKS_ACTIVE_MAX,
  HealthLinkMessages,
  type HealthLinkSummary,
  ipsBundle,
  type Manifest,
  type ManifestRequestBody,
  SCAN_ALERT_INTERVAL_MS,
  SHL_FHIR_CONTENT_TYPE,
  SHL_VIEWER_PATH,
  shlinkFlag,
  type ShlinkPayload,
} from '@medical-qr/contracts';
import {
  AppError,
  CONFIG,
  EVENT_BUS,
  type EventBus,
  FIELD_CIPHER,
  type FieldCipher,
  LOGGER,
  PasswordHasher,
} from '@medical-qr/platform';
import type { RecordsConfig } from '../config.js';
import { exportedRecord } from '../export/records-export.service.js';
import { qrDataUrl } from '../qr/qr-image.js';
import { RecordsRepository, type StoredRecord } from '../records/records.repository.js';
import { hashOfShlRandom, newShlRandom, sealFile } from './health-link-secrets.js';
import { healthLinkStateOf, healthLinkSummary } from './health-link-views.js';
import { HealthLinksRepository, type StoredHealthLink } from './health-links.repository.js';

/** The SHL spec's limit on a payload's `url`. */
const SHL_URL_MAX = 128;

const notFound = () => new AppError(ErrorCodes.NOT_FOUND, HealthLinkMessages.notFound);
const keyContext = (linkId: string) => `health-link/${linkId}/key`;

/**
 * SMART Health Links to the owner's record: made (the key is handed out once and, but for a long-term link's, not
 * kept), listed with their accesses, revoked; and opened by any SHL reader: the manifest, its short-lived locations,
 * a direct file. Every refusal to a reader is the same 404 (unknown, revoked, expired, locked, consent withdrawn),
 * but for a wrong passcode's 401.
 */
@Injectable()
export class HealthLinksService {
  constructor(
    private readonly links: HealthLinksRepository,
    private readonly records: RecordsRepository,
    private readonly passcodes: PasswordHasher,
    @Inject(FIELD_CIPHER) private readonly cipher: FieldCipher,
    @Inject(EVENT_BUS) private readonly events: EventBus,
    @Inject(CONFIG) private readonly config: RecordsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async create(userId: string, appUrl: string, request: CreateHealthLinkBody): Promise<CreatedHealthLink> {
    const record = await this.records.findCurrent(userId);
    if (!record) throw new AppError(ErrorCodes.CONFLICT, HealthLinkMessages.noRecord);
    const id = randomUUID();
    const manifestId = newShlRandom();
    const key = newShlRandom();
    const url = `${appUrl}/api/shl/${manifestId}`;
    // A site address longer than 76 characters leaves no room for the id under the spec's 128: a setting to fix.
    if (url.length > SHL_URL_MAX) throw new Error(`PUBLIC_BASE_URL is too long for a health link's url (${url}).`);
    const now = new Date();
    const flag = shlinkFlag({
      longTerm: request.longTerm,
      passcode: request.passcode !== undefined,
      directFile: request.directFile,
    });
    const expiresAt = request.expiresAt ? new Date(request.expiresAt) : null;
    const created = await this.links.create(
      {
        id,
        userId,
        recordId: record.id,
        recordVersion: record.version,
        manifestIdHash: hashOfShlRandom(manifestId),
        label: request.label,
        flag,
        passcodeHash: request.passcode === undefined ? null : await this.passcodes.hash(request.passcode),
        attemptsLeft: request.passcode === undefined ? null : HEALTH_LINK_PASSCODE_ATTEMPTS,
        expiresAt,
        file: await sealFile(this.documentOf(record, appUrl, now), key),
        fileWrittenAt: now,
        wrappedKey: request.longTerm ? this.cipher.encrypt(key, keyContext(id)) : null,
      },
      HEALTH_LINKS_ACTIVE_MAX,
    );
    if (!created) throw new AppError(ErrorCodes.CONFLICT, HealthLinkMessages.tooMany);
    const payload: ShlinkPayload = {
      url,
      key,
      ...(expiresAt ? { exp: Math.floor(expiresAt.getTime() / 1000) } : {}),
      ...(flag ? { flag } : {}),
      label: request.label,
      v: 1,
    };
    const shlink = encodeShlink(payload);
    const viewerUrl = `${appUrl}${SHL_VIEWER_PATH}#${shlink}`;
    return { id, shlink, viewerUrl, qrCode: await qrDataUrl(viewerUrl) };
  }

  async list(userId: string): Promise<{ links: HealthLinkSummary[] }> {
    const now = new Date();
    return { links: (await this.links.listForOwner(userId)).map((listed) => healthLinkSummary(listed, now)) };
  }

  async revoke(userId: string, linkId: string): Promise<HealthLinkSummary> {
    const revoked = await this.links.revoke(userId, linkId, new Date());
    if (!revoked) throw new AppError(ErrorCodes.NOT_FOUND, HealthLinkMessages.notFound);
    const [listed] = await this.links.listForOwner(userId, linkId);
    return healthLinkSummary(listed ?? { link: revoked, accessCount: 0, accesses: [] }, new Date());
  }

  /** The manifest a reader asked for: the file embedded when it fits, else a location valid HEALTH_LINK_LOCATION_TTL_MS. */
  async manifest(
    manifestId: string,
    appUrl: string,
    { recipient, passcode, embeddedLengthMax }: ManifestRequestBody,
  ): Promise<Manifest> {
    const link = this.opening(await this.links.findByManifestHash(hashOfShlRandom(manifestId)));
    if (link.passcodeHash !== null) await this.checkPasscode(link, passcode);
    const file = await this.currentFile(link, appUrl);
    await this.accessed(link, recipient, appUrl);
    const longTerm = link.flag.includes('L');
    const entry =
      embeddedLengthMax !== undefined && file.jwe.length <= embeddedLengthMax
        ? { embedded: file.jwe }
        : { location: await this.location(link.id, appUrl) };
    return {
      ...(longTerm ? { status: 'can-change' as const } : { status: 'finalized' as const }),
      files: [
        {
          contentType: SHL_FHIR_CONTENT_TYPE,
          ...entry,
          ...(longTerm ? { lastUpdated: file.writtenAt.toISOString() } : {}),
        },
      ],
    };
  }

  /** The file behind a manifest's location, while its ticket is valid and the link still opens. */
  async fileByTicket(ticket: string): Promise<{ jwe: string }> {
    const link = this.opening(await this.links.findByTicket(hashOfShlRandom(ticket), new Date()));
    return { jwe: link.file };
  }

  /** A direct-file link's file (flag U), fetched by GET. */
  async directFile(manifestId: string, recipient: string, appUrl: string): Promise<{ jwe: string }> {
    const link = this.opening(await this.links.findByManifestHash(hashOfShlRandom(manifestId)));
    if (!link.flag.includes('U')) throw notFound();
    const file = await this.currentFile(link, appUrl);
    await this.accessed(link, recipient, appUrl);
    return { jwe: file.jwe };
  }

  /** The link if it still opens to a reader; the one 404 otherwise. */
  private opening(link: StoredHealthLink | undefined): StoredHealthLink {
    if (!link || healthLinkStateOf(link, new Date()) !== 'active' || link.consentWithdrawn || !link.file)
      throw notFound();
    return link;
  }

  /**
   * A missing or wrong passcode spends one of the link's attempts (counted in one statement, so parallel tries are
   * each counted): 401 with what is left, and 404 once none are.
   */
  private async checkPasscode(link: StoredHealthLink, passcode: string | undefined): Promise<void> {
    if (passcode !== undefined && (await this.passcodes.verify(link.passcodeHash!, passcode))) return;
    const remainingAttempts = await this.links.spendAttempt(link.id);
    if (remainingAttempts === undefined) throw notFound();
    throw new AppError(
      ErrorCodes.UNAUTHORIZED,
      passcode === undefined ? HealthLinkMessages.passcodeRequired : HealthLinkMessages.wrongPasscode,
      { remainingAttempts },
    );
  }

  /**
   * The file as it should be served now: a long-term link's is written again (fresh IV) when the owner's current
   * record is no longer the one it was written from; any other link's is the snapshot made with it.
   */
  private async currentFile(link: StoredHealthLink, appUrl: string): Promise<{ jwe: string; writtenAt: Date }> {
    if (!link.wrappedKey) return { jwe: link.file, writtenAt: link.fileWrittenAt };
    const record = await this.records.findCurrent(link.userId);
    if (!record || (record.id === link.recordId && record.version === link.recordVersion)) {
      return { jwe: link.file, writtenAt: link.fileWrittenAt };
    }
    const now = new Date();
    const key = this.cipher.decrypt(link.wrappedKey, keyContext(link.id));
    const jwe = await sealFile(this.documentOf(record, appUrl, now), key);
    await this.links.rewriteFile(link.id, jwe, record.id, record.version, now);
    return { jwe, writtenAt: now };
  }

  private async accessed(link: StoredHealthLink, recipient: string, appUrl: string): Promise<void> {
    const at = new Date();
    if (!(await this.links.recordAccess(link.id, recipient, at, SCAN_ALERT_INTERVAL_MS))) return;
    try {
      await this.events.publish(DurableEvents.healthLinkOpened, {
        userId: link.userId,
        linkId: link.id,
        openedAt: at.toISOString(),
        appUrl,
      });
    } catch (error) {
      // The access is listed either way; a lost alert must not keep the record from the hospital.
      this.logger.warn({ err: error, linkId: link.id }, 'health link access alert not published');
    }
  }

  private async location(linkId: string, appUrl: string): Promise<string> {
    const ticket = newShlRandom();
    const now = new Date();
    const expiresAt = new Date(now.getTime() + this.config.HEALTH_LINK_LOCATION_TTL_MS);
    await this.links.issueTicket(linkId, hashOfShlRandom(ticket), expiresAt, now);
    return `${appUrl}/api/shl/files/${ticket}`;
  }

  private documentOf(record: StoredRecord, appUrl: string, now: Date) {
    return ipsBundle({ record: exportedRecord(record, appUrl), now });
  }
}
