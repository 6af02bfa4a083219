import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { Logger } from 'pino';
import {
  ErrorCodes,
  formatReference,
  medicalFormSchema,
  normalizeReference,
  PRINT_QR_SIZE_PX,
  RecordsMessages,
  type MedicalForm,
  type MedicalFormInput,
} from '@medical-qr/contracts';
import { AppError, type AuditTrail, type EventBus } from '@medical-qr/platform';
import { CardService } from '../card/card.service.js';
import { CardViewLog } from '../card/card-view-log.js';
import { ScanLogRepository } from '../card/scan-log.repository.js';
import { ConsentRepository } from '../consent/consent.repository.js';
import type { RecordsConfig } from '../config.js';
import type { ExpiryScheduler } from '../expiry/expiry.scheduler.js';
import type { PremiumStatusClient } from '../premium/premium-status.client.js';
import { newEmergencyToken } from '../records/emergency-token.js';
import { RecordsService } from '../records/records.service.js';
import { openRecordsTestDatabase, type RecordsTestDatabase } from '../testing/records-test-database.js';
import { TAG_NOT_FOUND_MESSAGE, TagsService } from './tags.service.js';
import { TagsRepository } from './tags.repository.js';

const APP_URL = 'https://medicalqr.example.org';
const DAY = 24 * 3600 * 1000;
const VIEW = {
  userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/130.0 Mobile Safari/537.36',
  appUrl: APP_URL,
  automated: false,
};

function form(changes: Partial<MedicalFormInput> = {}): MedicalForm {
  return medicalFormSchema.parse({
    firstName: 'Imogen',
    lastName: 'Vasquez',
    email: 'imogen@example.com',
    bloodGroup: 'AB-',
    allergies: 'Penicillin',
    emergencyContacts: [{ name: 'Bart Quist', phone: '+44 7700 900123', relationship: 'Brother' }],
    hasGivenConsent: true,
    ...changes,
  });
}

/** The error a call failed with, as the gateway receives it. */
async function failure(call: Promise<unknown>) {
  const error = await call.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return (error as AppError).toPayload();
}

function decodeQr(pngBase64: string) {
  const image = PNG.sync.read(Buffer.from(pngBase64, 'base64'));
  // jsqr is CommonJS; its function is the default export of the default export under ESM.
  return {
    width: image.width,
    height: image.height,
    text: jsQR.default(new Uint8ClampedArray(image.data), image.width, image.height)?.data,
  };
}

describe('printed tags: issued per order, opening the owner’s current card (real PostgreSQL)', () => {
  let testDatabase: RecordsTestDatabase;
  let tagsRepository: TagsRepository;
  let tags: TagsService;
  let records: RecordsService;
  let cards: CardService;
  let views: CardViewLog;
  let premiumUsers: Set<string>;
  let consent: ConsentRepository;

  beforeAll(async () => {
    testDatabase = await openRecordsTestDatabase('printed-tags-spec');
    const { database, cipher, tokenIndex, references } = testDatabase;
    tagsRepository = new TagsRepository(database, cipher, tokenIndex, references);
    premiumUsers = new Set();
    const premium = { isPremium: async (userId: string) => premiumUsers.has(userId) } as PremiumStatusClient;
    const expiry = { schedule: async () => undefined } as unknown as ExpiryScheduler;
    const config = { EMAIL_INDEX_KEY: 'k'.repeat(32), QR_TTL_USER: 10 * DAY } as RecordsConfig;
    const events = { publish: async () => undefined } as unknown as EventBus;
    const logger = { error: () => undefined, warn: () => undefined } as unknown as Logger;
    const audit = {
      stamp: (entry: object) => entry,
      recordMany: async () => undefined,
    } as unknown as AuditTrail;
    tags = new TagsService(tagsRepository);
    records = new RecordsService(testDatabase.records, premium, expiry, config);
    consent = new ConsentRepository(database);
    views = new CardViewLog(new ScanLogRepository(database), events, logger, audit, { CARD_VIEW_FLUSH_MS: 200 });
    cards = new CardService(testDatabase.records, views);
  });
  afterAll(async () => {
    await views?.beforeApplicationShutdown();
    await testDatabase?.close();
  });

  const tokenOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);
  /**
   * A tag issued as the service issues it, without drawing its print image: PNG encoding runs many
   * times slower in jest's sandbox than in the service, so only one test draws one.
   */
  const issueTag = async (userId: string, orderId: string = crypto.randomUUID()) =>
    (await tagsRepository.issue(userId, orderId, newEmergencyToken()))!;
  const rawTag = async (orderId: string) =>
    (await testDatabase.database.pool.query('select * from records.printed_tags where order_id = $1', [orderId]))
      .rows[0] as Record<string, unknown>;

  it('keeps no token in clear, answers a retry with the same token, and prints a QR of the card link', async () => {
    const userId = crypto.randomUUID();
    const orderId = crypto.randomUUID();

    const issued = await tags.issue(userId, orderId, 0, APP_URL);
    const token = tokenOf(issued.url);
    expect(issued).toMatchObject({ orderId, tokenPrefix: token.slice(0, 8), revokedAt: null });
    expect(issued.url).toBe(`${APP_URL}/emergency/${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const qr = decodeQr(issued.printPngBase64);
    expect(qr.text).toBe(issued.url);
    expect(Math.abs(qr.width - PRINT_QR_SIZE_PX)).toBeLessThanOrEqual(PRINT_QR_SIZE_PX / 20);
    // Its own printed reference, under the code (tag-print-image.spec reads it back off the pixels).
    expect(issued.reference).toMatch(/^[2-9A-Z]{4} [2-9A-Z]{4}$/);
    expect(qr.height).toBeGreaterThan(qr.width);

    const row = await rawTag(orderId);
    const dump = JSON.stringify(row);
    expect(dump).not.toContain(token);
    expect(dump).not.toContain(issued.url);
    expect(dump).not.toContain(normalizeReference(issued.reference!));
    expect(row.token_ciphertext).toMatch(/^v1\.spec\./);
    // The ciphertext belongs to this row: moved to another, it does not decrypt.
    expect(() =>
      testDatabase.cipher.decrypt(row.token_ciphertext as string, `${crypto.randomUUID()}/tag-token`),
    ).toThrow();

    // A retry comes with a fresh token, as the service mints one each time; the first one stays, with its reference.
    const retried = await issueTag(userId, orderId);
    expect(retried).toMatchObject({
      id: row.id,
      token,
      orderId,
      userId,
      reference: normalizeReference(issued.reference!),
    });
    expect(await rawTag(orderId)).toEqual(row);
    const { rows } = await testDatabase.database.pool.query('select id from records.printed_tags where user_id = $1', [
      userId,
    ]);
    expect(rows).toHaveLength(1);
  });

  it('opens the owner’s active record, and after a new code replaces it the same tag opens the new one', async () => {
    const userId = crypto.randomUUID();
    const first = await records.createForUser(userId, form(), APP_URL);
    const { token } = await issueTag(userId);

    expect(await cards.card(token, VIEW)).toMatchObject({ firstName: 'Imogen', allergies: 'Penicillin' });

    const second = await records.createForUser(userId, form({ allergies: 'Latex' }), APP_URL);
    // The old code is replaced: its own link shows the expired page, the tag follows the owner.
    expect(await failure(cards.card(first.token, VIEW))).toEqual({
      code: ErrorCodes.GONE,
      message: RecordsMessages.cardExpired,
    });
    expect(await cards.card(token, VIEW)).toMatchObject({ allergies: 'Latex', expiresAt: second.expiresAt });
    expect(await cards.emergency(token, VIEW)).toMatchObject({ allergies: 'Latex' });

    // The scan log belongs to the record that was shown.
    await eventually(async () => {
      const { rows } = await testDatabase.database.pool.query(
        'select record_id, source from records.scan_events where record_id = any($1) order by id',
        [[first.id, second.id]],
      );
      expect(rows).toEqual([
        { record_id: first.id, source: 'card' },
        { record_id: second.id, source: 'card' },
        { record_id: second.id, source: 'scanner' },
      ]);
    });
  });

  it('says on the card the reference printed with what opened it: the tag’s own, or the code’s', async () => {
    const userId = crypto.randomUUID();
    const record = await records.createForUser(userId, form(), APP_URL);
    const tag = await issueTag(userId);
    expect(record.reference).toMatch(/^[2-9A-Z]{4} [2-9A-Z]{4}$/);
    expect(normalizeReference(record.reference!)).not.toBe(tag.reference);
    expect(await cards.card(record.token, VIEW)).toMatchObject({ firstName: 'Imogen', reference: record.reference });
    expect(await cards.card(tag.token, VIEW)).toMatchObject({
      firstName: 'Imogen',
      reference: formatReference(tag.reference!),
    });
    expect(await cards.emergency(tag.token, VIEW)).toMatchObject({ reference: formatReference(tag.reference!) });
  });

  it('opens the first of a premium owner’s active records: a code added later (a child’s) never takes it over', async () => {
    const userId = crypto.randomUUID();
    premiumUsers.add(userId);
    await records.createForUser(userId, form({ allergies: 'Older' }), APP_URL);
    const { token } = await issueTag(userId);
    await records.createForUser(userId, form({ allergies: 'Newer' }), APP_URL);

    expect(await cards.card(token, VIEW)).toMatchObject({ allergies: 'Older', expiresAt: null });
  });

  it('answers like an expired card when the owner has no active record', async () => {
    const expired = { code: ErrorCodes.GONE, message: RecordsMessages.cardExpired };
    const inactive = { code: ErrorCodes.NOT_FOUND, message: RecordsMessages.emergencyNotFound };

    const withoutRecords = (await issueTag(crypto.randomUUID())).token;
    expect(await failure(cards.card(withoutRecords, VIEW))).toEqual(expired);
    expect(await failure(cards.emergency(withoutRecords, VIEW))).toEqual(inactive);

    // Past its expiry time, whatever the expiry job did (is_active still true).
    const userId = crypto.randomUUID();
    const record = await records.createForUser(userId, form(), APP_URL);
    const tag = (await issueTag(userId)).token;
    await testDatabase.database.pool.query(
      "update records.medical_records set expires_at = now() - interval '1 second' where id = $1",
      [record.id],
    );
    expect(await failure(cards.card(tag, VIEW))).toEqual(expired);
    expect(await failure(cards.emergency(tag, VIEW))).toEqual(inactive);
  });

  it('shows nothing of an owner who revoked consent, on their codes and tags alike, until they give it again', async () => {
    const unknown = { code: ErrorCodes.NOT_FOUND, message: RecordsMessages.cardNotFound };
    const userId = crypto.randomUUID();
    const record = await records.createForUser(userId, form(), APP_URL);
    const { token } = await issueTag(userId);
    const someoneElse = await records.createForUser(crypto.randomUUID(), form({ allergies: 'Latex' }), APP_URL);

    await consent.set(userId, false);
    await consent.set(userId, false);
    expect(await failure(cards.card(record.token, VIEW))).toEqual(unknown);
    expect(await failure(cards.card(token, VIEW))).toEqual(unknown);
    expect(await failure(cards.emergency(token, VIEW))).toMatchObject({ code: ErrorCodes.NOT_FOUND });
    expect(await cards.card(someoneElse.token, VIEW)).toMatchObject({ allergies: 'Latex' });

    await consent.set(userId, true);
    expect(await cards.card(record.token, VIEW)).toMatchObject({ allergies: 'Penicillin' });
    expect(await cards.card(token, VIEW)).toMatchObject({ allergies: 'Penicillin' });
  });

  it('revokes one lost tag alone: it then answers exactly like an unknown card, the others keep working', async () => {
    const userId = crypto.randomUUID();
    await records.createForUser(userId, form(), APP_URL);
    const lost = await issueTag(userId);
    const kept = await issueTag(userId);

    const revoked = await tags.revoke(userId, lost.orderId, 0, APP_URL);
    expect(revoked).toMatchObject({
      orderId: lost.orderId,
      url: `${APP_URL}/emergency/${lost.token}`,
      revokedAt: expect.any(String),
    });
    // Revoking again changes nothing, not even the time.
    expect(await tags.revoke(userId, lost.orderId, 0, APP_URL)).toEqual(revoked);

    const unknown = await failure(cards.card(newEmergencyToken(), VIEW));
    expect(unknown).toEqual({ code: ErrorCodes.NOT_FOUND, message: RecordsMessages.cardNotFound });
    expect(await failure(cards.card(lost.token, VIEW))).toEqual(unknown);
    expect(await failure(cards.emergency(lost.token, VIEW))).toEqual(
      await failure(cards.emergency(newEmergencyToken(), VIEW)),
    );
    expect(await cards.card(kept.token, VIEW)).toMatchObject({ firstName: 'Imogen' });

    // A retry of the revoked order's issue does not bring it back.
    expect(await issueTag(userId, lost.orderId)).toMatchObject({ token: lost.token, revokedAt: expect.any(Date) });
    expect(await failure(cards.card(lost.token, VIEW))).toEqual(unknown);
  });

  it('lists the owner’s tags newest first, revoked ones included, links, prefixes and references only', async () => {
    const userId = crypto.randomUUID();
    const older = await issueTag(userId);
    const newer = await issueTag(userId);
    await tags.revoke(userId, older.orderId, 0, APP_URL);
    await issueTag(crypto.randomUUID());

    const listed = await tags.list(userId, APP_URL);
    expect(listed.map((tag) => tag.orderId)).toEqual([newer.orderId, older.orderId]);
    expect(listed[0]).toEqual({
      orderId: newer.orderId,
      itemIndex: 0,
      url: `${APP_URL}/emergency/${newer.token}`,
      tokenPrefix: newer.token.slice(0, 8),
      reference: formatReference(newer.reference!),
      createdAt: newer.createdAt.toISOString(),
      revokedAt: null,
    });
    expect(listed[1]?.revokedAt).toEqual(expect.any(String));
    expect(await tags.list(crypto.randomUUID(), APP_URL)).toEqual([]);
  });

  it('lets no one else re-issue or revoke a user’s tag, and says so like an unknown order', async () => {
    const ownerId = crypto.randomUUID();
    await records.createForUser(ownerId, form(), APP_URL);
    const tag = await issueTag(ownerId);
    const notFound = { code: ErrorCodes.NOT_FOUND, message: TAG_NOT_FOUND_MESSAGE };
    const stranger = crypto.randomUUID();

    expect(await failure(tags.issue(stranger, tag.orderId, 0, APP_URL))).toEqual(notFound);
    expect(await failure(tags.revoke(stranger, tag.orderId, 0, APP_URL))).toEqual(notFound);
    expect(await failure(tags.revoke(ownerId, crypto.randomUUID(), 0, APP_URL))).toEqual(notFound);

    expect(await tags.list(stranger, APP_URL)).toEqual([]);
    expect(await tags.list(ownerId, APP_URL)).toEqual([
      expect.objectContaining({ url: `${APP_URL}/emergency/${tag.token}`, revokedAt: null }),
    ]);
    expect(await cards.card(tag.token, VIEW)).toMatchObject({ firstName: 'Imogen' });
  });
});

/** Retries `check` until it passes: the scan log is written after the card has gone out. */
async function eventually(check: () => Promise<void>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
