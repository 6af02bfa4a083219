import { DELETION_GRACE_DAYS, ErrorCodes, PrivacyMessages, type PrivacyStatus } from '@medical-qr/contracts';
import { medicalForm } from '../records/records-fixtures.js';
import { signedInClient } from '../support/accounts.js';
import { eventually } from '../support/eventually.js';
import { HttpClient } from '../support/http-client.js';
import { queryDatabase } from '../support/database.js';

const PASSWORD = 'privacy-pass-1';
const DAY_MS = 24 * 60 * 60 * 1000;
/** The system under test's database, for what only its tables show (the consent history, the audit log). */
const database = { databaseUrl: process.env.E2E_DATABASE_URL ?? '' };

/** A signed-in member with a code, re-authenticated (as the dialog does) unless told not to be. */
async function member(label: string, { reauthenticated = true } = {}) {
  const { client, email } = await signedInClient(label, PASSWORD);
  const record = await client.post('/api/medical-records', medicalForm({ email }));
  expect(record.status).toBe(200);
  if (reauthenticated) {
    expect((await client.post('/api/auth/verify-password', { email, password: PASSWORD })).status).toBe(200);
  }
  return { client, email, token: record.body.token as string };
}

const cardStatus = async (token: string) => (await new HttpClient().get(`/api/emergency-card/${token}`)).status;

describe('privacy controls over HTTP', () => {
  it('answers 401 to a visitor and 403 REAUTH_REQUIRED to a member who has not confirmed it is them', async () => {
    const visitor = new HttpClient();
    expect((await visitor.get('/api/privacy/status')).status).toBe(401);
    expect((await visitor.post('/api/privacy/revoke-consent', {})).status).toBe(401);

    const { client, token } = await member('privacy-noreauth', { reauthenticated: false });
    expect((await client.get('/api/privacy/status')).status).toBe(200);
    for (const [path, body] of [
      ['/api/privacy/revoke-consent', { reason: 'x' }],
      ['/api/privacy/give-consent', {}],
      ['/api/privacy/request-deletion', {}],
      ['/api/privacy/cancel-deletion', {}],
    ] as const) {
      const refused = await client.post(path, body);
      expect({ path, status: refused.status, code: refused.body.code }).toEqual({
        path,
        status: 403,
        code: ErrorCodes.REAUTH_REQUIRED,
      });
    }
    // Nothing changed.
    expect(await cardStatus(token)).toBe(200);
    expect((await client.get('/api/privacy/status')).body).toMatchObject({ status: 'none', consentGiven: true });
  });

  it('revokes consent: the card answers 404 and the history keeps when and why; consent given again serves it', async () => {
    const { client, token } = await member('privacy-consent');
    const before = (await client.get('/api/privacy/status')).body as PrivacyStatus;
    expect(before).toEqual({
      status: 'none',
      requestedAt: null,
      scheduledAt: null,
      cancelledAt: null,
      reason: null,
      consentGiven: true,
      consentChangedAt: null,
    });

    const revoked = await client.post('/api/privacy/revoke-consent', { reason: 'Moving to another service' });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ consentGiven: false, consentChangedAt: expect.any(String) });
    expect(revoked.headers.get('cache-control')).toContain('no-store');
    expect(await cardStatus(token)).toBe(404);
    const again = await client.post('/api/privacy/revoke-consent', {});
    expect([again.status, again.body.message]).toEqual([409, PrivacyMessages.consentAlreadyRevoked]);

    const given = await client.post('/api/privacy/give-consent', {});
    expect(given.body).toMatchObject({ consentGiven: true });
    expect(await cardStatus(token)).toBe(200);

    const userId = (await client.get('/api/auth/user')).body.id as string;
    const history = await queryDatabase<{ given: boolean; reason: string }>(
      database,
      'select given, reason from privacy.consent_events where user_id = $1 order by id',
      [userId],
    );
    expect(history).toEqual([
      { given: false, reason: 'Moving to another service' },
      { given: true, reason: '' },
    ]);
    // Each change is in the audit log.
    const audited = await eventually(
      () =>
        queryDatabase<{ action: string }>(
          database,
          "select action from privacy.audit_log where user_id = $1 and action like 'privacy.%' order by id",
          [userId],
        ),
      (rows) => rows.length >= 2,
    );
    expect(audited.map((row) => row.action)).toEqual(['privacy.consent.revoked', 'privacy.consent.given']);
  });

  it('schedules deletion 30 days out, refuses a second request, and cancels it', async () => {
    const { client, token } = await member('privacy-deletion');
    const started = Date.now();
    const requested = await client.post('/api/privacy/request-deletion', { reason: 'No longer needed' });
    expect(requested.status).toBe(200);
    const status = requested.body as PrivacyStatus;
    expect(status).toMatchObject({ status: 'requested', reason: 'No longer needed', cancelledAt: null });
    const delay = Date.parse(status.scheduledAt!) - Date.parse(status.requestedAt!);
    expect(delay).toBe(DELETION_GRACE_DAYS * DAY_MS);
    expect(Date.parse(status.requestedAt!)).toBeGreaterThanOrEqual(started - 5000);

    const twice = await client.post('/api/privacy/request-deletion', {});
    expect([twice.status, twice.body.message]).toEqual([409, PrivacyMessages.alreadyRequested]);
    // Until the day, everything keeps working.
    expect(await cardStatus(token)).toBe(200);

    const cancelled = await client.post('/api/privacy/cancel-deletion', {});
    expect(cancelled.body).toMatchObject({ status: 'cancelled', cancelledAt: expect.any(String) });
    expect((await client.get('/api/privacy/status')).body.status).toBe('cancelled');
    const nothing = await client.post('/api/privacy/cancel-deletion', {});
    expect([nothing.status, nothing.body.message]).toEqual([409, PrivacyMessages.nothingToCancel]);

    // A new request after a cancelled one is scheduled afresh.
    const renewed = await client.post('/api/privacy/request-deletion', {});
    expect(renewed.body).toMatchObject({ status: 'requested', reason: '', cancelledAt: null });
  });

  it('refuses bad bodies with a 400 that names what is wrong', async () => {
    const { client } = await member('privacy-validation');
    const long = await client.post('/api/privacy/revoke-consent', { reason: 'x'.repeat(501) });
    expect([long.status, long.body.message]).toEqual([400, expect.stringContaining('500 characters')]);
    const unknown = await client.post('/api/privacy/request-deletion', { reason: 'ok', when: 'now' });
    expect(unknown.status).toBe(400);
    const notText = await client.post('/api/privacy/revoke-consent', { reason: 42 });
    expect(notText.status).toBe(400);
    const cancelBody = await client.post('/api/privacy/cancel-deletion', { reason: 'x' });
    expect(cancelBody.status).toBe(400);
  });

  it('keeps each person to their own status', async () => {
    const first = await member('privacy-first');
    const second = await member('privacy-second');
    await first.client.post('/api/privacy/request-deletion', {});
    await first.client.post('/api/privacy/revoke-consent', {});
    expect((await second.client.get('/api/privacy/status')).body).toMatchObject({
      status: 'none',
      consentGiven: true,
    });
    expect(await cardStatus(second.token)).toBe(200);
    expect(await cardStatus(first.token)).toBe(404);
  });
});
