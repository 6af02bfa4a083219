import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compactDecrypt, decodeProtectedHeader } from 'jose';
import { medicalForm } from './records-fixtures.js';
import { signedInClient } from '../support/accounts.js';
import { baseUrl } from '../support/api.js';
import { eventually } from '../support/eventually.js';
import { HttpClient, mailTo, randomClientIp } from '../support/http-client.js';
import { ipsProblems } from '../support/ips-validation.js';
import { decodeQr, pngFromDataUrl } from '../support/qr.js';
import { queryDatabase, sharedDatabase } from '../support/database.js';

/*
 * An independent SMART Health Links reader: it parses `shlink:/` itself, speaks the manifest protocol over plain
 * fetch and opens the files with `jose`, importing nothing of ours, as a hospital's reader would. What it gets must be
 * a valid International Patient Summary.
 */

interface Payload {
  url: string;
  key: string;
  exp?: number;
  flag?: string;
  label?: string;
  v?: number;
}

/** The payload of a link, from the bare `shlink:/…` or a viewer URL that ends in `#shlink:/…`. */
function readShlink(text: string): Payload {
  const match = /(?:^|#)shlink:\/([A-Za-z0-9_-]+)$/.exec(text);
  if (!match) throw new Error(`not a SMART Health Link: ${text}`);
  return JSON.parse(Buffer.from(match[1]!, 'base64url').toString('utf8')) as Payload;
}

const READER_ORIGIN = 'https://reader.hospital.example';
/** The reader's own address (the system trusts one proxy hop), so its requests count in a budget of their own. */
const READER_ADDRESS = randomClientIp();

/** A request as a browser reader on another site makes it. */
function readerFetch(url: string, init: RequestInit = {}) {
  return fetch(url, {
    ...init,
    headers: { origin: READER_ORIGIN, 'x-forwarded-for': READER_ADDRESS, ...(init.headers as Record<string, string>) },
  });
}

/** The manifest as a browser reader on another site asks it: JSON, with its Origin. */
async function askManifest(url: string, body: Record<string, unknown>) {
  const response = await readerFetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as any };
}

async function openFile(jwe: string, key: string): Promise<{ bundle: any; header: Record<string, unknown> }> {
  const { plaintext, protectedHeader } = await compactDecrypt(jwe, Buffer.from(key, 'base64url'));
  return { bundle: JSON.parse(new TextDecoder().decode(plaintext)), header: protectedHeader };
}

/** Every file a manifest lists, opened (embedded, or fetched from its location). */
async function filesOf(manifest: { files: Array<{ embedded?: string; location?: string }> }, key: string) {
  return Promise.all(
    manifest.files.map(async (file) => {
      const jwe = file.embedded ?? (await (await readerFetch(file.location!)).text());
      return { jwe, ...(await openFile(jwe, key)) };
    }),
  );
}

/** The allergy entries' text in an IPS document. */
function allergiesIn(bundle: any): string[] {
  return bundle.entry
    .map((entry: any) => entry.resource)
    .filter((resource: any) => resource.resourceType === 'AllergyIntolerance')
    .map((resource: any) => resource.code.text);
}

async function ownerWithRecord(label: string, allergies = 'Penicillin anaphylaxis; latex') {
  const { client, email } = await signedInClient(label);
  const record = await client.post('/api/medical-records', medicalForm({ email, allergies }));
  expect(record.status).toBe(200);
  return { client, email, record: record.body as { id: string } };
}

async function makeLink(client: HttpClient, body: Record<string, unknown>) {
  const made = await client.post('/api/health-links', body);
  expect(made.status).toBe(200);
  return made.body as { id: string; shlink: string; viewerUrl: string; qrCode: string };
}

describe('SMART Health Links, read by an independent reader', () => {
  it('a plain link: its QR opens our viewer with the shlink, and the manifest gives a valid IPS, embedded or by location', async () => {
    const { client } = await ownerWithRecord('shl-plain');
    const link = await makeLink(client, { label: 'For the ED at St Mary' });

    // The QR (error correction M) encodes the viewer-prefixed link; a reader takes the part after `#`.
    expect(decodeQr(pngFromDataUrl(link.qrCode))).toBe(link.viewerUrl);
    expect(link.viewerUrl).toBe(`${baseUrl()}/shl#${link.shlink}`);
    const payload = readShlink(link.viewerUrl);
    expect(readShlink(link.shlink)).toEqual(payload);
    expect(payload).toMatchObject({ label: 'For the ED at St Mary', v: 1 });
    expect(payload.flag).toBeUndefined();
    expect(payload.exp).toBeUndefined();
    expect(payload.url.length).toBeLessThanOrEqual(128);
    // At least 256 bits of entropy in the url; the key is 32 random bytes, 43 characters.
    const id = payload.url.slice(payload.url.lastIndexOf('/') + 1);
    expect(Buffer.from(id, 'base64url')).toHaveLength(32);
    expect(payload.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(payload.key, 'base64url')).toHaveLength(32);

    const embedded = await askManifest(payload.url, { recipient: 'Dr Ada Reader, St Mary ED', embeddedLengthMax: 1e6 });
    expect(embedded.status).toBe(200);
    expect(embedded.headers.get('access-control-allow-origin')).toBe('*');
    expect(embedded.body.files).toHaveLength(1);
    expect(embedded.body.files[0].contentType).toBe('application/fhir+json');
    const [file] = await filesOf(embedded.body, payload.key);
    expect(file!.header).toMatchObject({ alg: 'dir', enc: 'A256GCM', cty: 'application/fhir+json' });
    expect(ipsProblems(file!.bundle)).toEqual([]);
    expect(allergiesIn(file!.bundle)).toEqual(['Penicillin anaphylaxis', 'latex']);

    // Too small a limit: a location instead, that answers the same file to a reader on another site.
    const located = await askManifest(payload.url, { recipient: 'Reader two', embeddedLengthMax: 10 });
    expect(located.body.files[0].embedded).toBeUndefined();
    expect(located.body.files[0].location).toMatch(new RegExp(`^${baseUrl()}/api/shl/files/[A-Za-z0-9_-]{43}$`));
    const fetched = await readerFetch(located.body.files[0].location);
    expect(fetched.headers.get('access-control-allow-origin')).toBe('*');
    expect(fetched.headers.get('content-type')).toMatch(/^application\/jose/);
    expect(await fetched.text()).toBe(file!.jwe);

    // A reader that names nobody is told what is missing.
    const anonymous = await askManifest(payload.url, { embeddedLengthMax: 1e6 });
    expect(anonymous.status).toBe(400);
    expect(anonymous.body.message).toMatch(/recipient/);

    // A browser reader's preflight is answered.
    const preflight = await readerFetch(payload.url, {
      method: 'OPTIONS',
      headers: {
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');

    // The owner sees both accesses, newest first, with the names the readers gave.
    const listed = (await client.get('/api/health-links')).body.links;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ id: link.id, state: 'active', flag: '', accessCount: 2 });
    expect(listed[0].accesses.map((access: { recipient: string }) => access.recipient)).toEqual([
      'Reader two',
      'Dr Ada Reader, St Mary ED',
    ]);
  });

  it('a passcode link (P): 401 with the attempts left, the file with the right passcode', async () => {
    const { client } = await ownerWithRecord('shl-passcode');
    const payload = readShlink((await makeLink(client, { label: 'GP visit', passcode: 'harbour-47' })).shlink);
    expect(payload.flag).toBe('P');

    const none = await askManifest(payload.url, { recipient: 'Clinic' });
    expect(none.status).toBe(401);
    expect(none.body.remainingAttempts).toBe(9);
    const wrong = await askManifest(payload.url, { recipient: 'Clinic', passcode: 'harbour-48' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ remainingAttempts: 8, message: 'The passcode is wrong.' });
    const right = await askManifest(payload.url, {
      recipient: 'Clinic',
      passcode: 'harbour-47',
      embeddedLengthMax: 1e6,
    });
    expect(right.status).toBe(200);
    const [file] = await filesOf(right.body, payload.key);
    expect(ipsProblems(file!.bundle)).toEqual([]);
    // A right passcode spends nothing.
    const listed = (await client.get('/api/health-links')).body.links[0];
    expect(listed).toMatchObject({ hasPasscode: true, remainingAttempts: 8, state: 'active', accessCount: 1 });
  });

  it('50 parallel wrong passcodes: each attempt counted once, exactly, and at none left the link is dead', async () => {
    const { client } = await ownerWithRecord('shl-guesses');
    const payload = readShlink((await makeLink(client, { label: 'Guessed', passcode: 'right-one' })).shlink);

    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, guess) =>
        askManifest(payload.url, { recipient: 'x', passcode: `guess-${guess}` }),
      ),
    );
    const refused = answers.filter((answer) => answer.status === 401);
    // Ten attempts over the link's life: ten 401s counting down 9..0 (each number once), then only 404s.
    expect(refused.map((answer) => answer.body.remainingAttempts).sort((a, b) => a - b)).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
    ]);
    expect(answers.filter((answer) => answer.status === 404)).toHaveLength(40);
    expect((await askManifest(payload.url, { recipient: 'x', passcode: 'right-one' })).status).toBe(404);
    expect((await client.get('/api/health-links')).body.links[0]).toMatchObject({
      state: 'locked',
      remainingAttempts: 0,
      accessCount: 0,
    });
  });

  it('a long-term link (L) follows the record: a new file (fresh IV) with a later lastUpdated after each change', async () => {
    const { client, email, record } = await ownerWithRecord('shl-long-term', 'Penicillin');
    const payload = readShlink((await makeLink(client, { label: 'My clinic', longTerm: true })).shlink);
    expect(payload.flag).toBe('L');

    const first = await askManifest(payload.url, { recipient: 'Clinic EHR', embeddedLengthMax: 1e6 });
    expect(first.body.status).toBe('can-change');
    const [before] = await filesOf(first.body, payload.key);
    expect(allergiesIn(before!.bundle)).toEqual(['Penicillin']);

    const saved = await client.request(
      'PUT',
      `/api/medical-records/${record.id}`,
      medicalForm({ email, allergies: 'Penicillin; bee stings' }),
    );
    expect(saved.status).toBe(200);
    const second = await askManifest(payload.url, { recipient: 'Clinic EHR', embeddedLengthMax: 1e6 });
    const [after] = await filesOf(second.body, payload.key);
    expect(allergiesIn(after!.bundle)).toEqual(['Penicillin', 'bee stings']);
    expect(ipsProblems(after!.bundle)).toEqual([]);
    expect(Date.parse(second.body.files[0].lastUpdated)).toBeGreaterThan(Date.parse(first.body.files[0].lastUpdated));
    // JWE compact: header.encryptedKey.iv.ciphertext.tag; each write of the file draws its own IV.
    expect(after!.jwe.split('.')[2]).not.toBe(before!.jwe.split('.')[2]);
    expect(decodeProtectedHeader(after!.jwe)).toMatchObject({ alg: 'dir', enc: 'A256GCM' });

    // Unchanged record: the same file, the same lastUpdated.
    const third = await askManifest(payload.url, { recipient: 'Clinic EHR', embeddedLengthMax: 1e6 });
    expect(third.body.files[0]).toEqual(second.body.files[0]);
  });

  it('a direct-file link (U): GET with ?recipient= answers the encrypted file; never with a passcode', async () => {
    const { client } = await ownerWithRecord('shl-direct');
    const refused = await client.post('/api/health-links', { label: 'Both', passcode: 'harbour-47', directFile: true });
    expect(refused.status).toBe(400);
    expect(refused.body.issues).toEqual([
      expect.objectContaining({
        path: 'passcode',
        message: 'A direct-file link cannot have a passcode: choose one or the other.',
      }),
    ]);

    const payload = readShlink((await makeLink(client, { label: 'Direct', directFile: true })).shlink);
    expect(payload.flag).toBe('U');
    const response = await readerFetch(`${payload.url}?recipient=${encodeURIComponent('Ambulance 12')}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const { bundle, header } = await openFile(await response.text(), payload.key);
    expect(header).toMatchObject({ alg: 'dir', enc: 'A256GCM', cty: 'application/fhir+json' });
    expect(ipsProblems(bundle)).toEqual([]);
    expect((await readerFetch(payload.url)).status).toBe(400);
    expect((await client.get('/api/health-links')).body.links[0].accesses).toEqual([
      { at: expect.any(String), recipient: 'Ambulance 12' },
    ]);
  });

  it('a revoked link answers 404 everywhere at once, its issued locations too', async () => {
    const { client } = await ownerWithRecord('shl-revoke');
    const link = await makeLink(client, { label: 'Revoke me' });
    const payload = readShlink(link.shlink);
    const located = await askManifest(payload.url, { recipient: 'Reader' });
    const location = located.body.files[0].location as string;

    const stranger = (await signedInClient('shl-stranger')).client;
    expect((await stranger.request('DELETE', `/api/health-links/${link.id}`)).status).toBe(404);
    expect((await new HttpClient().get('/api/health-links')).status).toBe(401);

    const revoked = await client.request('DELETE', `/api/health-links/${link.id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ id: link.id, state: 'revoked' });
    const gone = await askManifest(payload.url, { recipient: 'Reader' });
    expect(gone.status).toBe(404);
    // Said so that a reader on another site can read it, and the same words as for a link that never was.
    expect(gone.headers.get('access-control-allow-origin')).toBe('*');
    const unknown = await askManifest(`${baseUrl()}/api/shl/${'A'.repeat(43)}`, { recipient: 'Reader' });
    expect(unknown.body.message).toBe(gone.body.message);
    expect((await readerFetch(location)).status).toBe(404);
    // Nothing is kept to serve: the file is gone from the row.
    const [row] = await queryDatabase<{ file: string }>(
      sharedDatabase(),
      'select file from records.health_links where id = $1',
      [link.id],
    );
    expect(row!.file).toBe('');
  });

  it('expiry: a link stops at its exp, and a location stops after its time (HEALTH_LINK_LOCATION_TTL_MS, short here)', async () => {
    const { client } = await ownerWithRecord('shl-expiry');
    expect((await client.post('/api/health-links', { label: 'Past', expiresAt: '2020-01-01T00:00:00Z' })).status).toBe(
      400,
    );

    const expiresAt = new Date(Date.now() + 4000);
    const payload = readShlink((await makeLink(client, { label: 'Short', expiresAt: expiresAt.toISOString() })).shlink);
    expect(payload.exp).toBe(Math.floor(expiresAt.getTime() / 1000));
    const located = await askManifest(payload.url, { recipient: 'Reader' });
    expect(located.status).toBe(200);
    const location = located.body.files[0].location as string;
    expect((await readerFetch(location)).status).toBe(200);

    await eventually(
      () => askManifest(payload.url, { recipient: 'Reader' }),
      (answer) => answer.status === 404,
      15_000,
    );
    expect((await readerFetch(location)).status).toBe(404);
    expect((await client.get('/api/health-links')).body.links[0].state).toBe('expired');

    // An open link's location alone expires after its time.
    const lasting = readShlink((await makeLink(client, { label: 'Lasting' })).shlink);
    const ticketed = (await askManifest(lasting.url, { recipient: 'Reader' })).body.files[0].location as string;
    expect((await readerFetch(ticketed)).status).toBe(200);
    await eventually(
      () => readerFetch(ticketed),
      (response) => response.status === 404,
      15_000,
    );
    expect((await askManifest(lasting.url, { recipient: 'Reader' })).status).toBe(200);
  });

  it("a consent revoke makes every link of the owner's answer 404 until consent is given back, and no one else's", async () => {
    const { client, email } = await ownerWithRecord('shl-consent');
    const payload = readShlink((await makeLink(client, { label: 'Consent' })).shlink);
    // Another person's withdrawal closes nothing of this owner's.
    const other = await signedInClient('shl-consent-other');
    expect(
      (await other.client.post('/api/auth/verify-password', { email: other.email, password: 'member-pass' })).status,
    ).toBe(200);
    expect((await other.client.post('/api/privacy/revoke-consent', { reason: 'not me' })).status).toBe(200);
    expect((await askManifest(payload.url, { recipient: 'Reader' })).status).toBe(200);

    expect((await client.post('/api/auth/verify-password', { email, password: 'member-pass' })).status).toBe(200);
    expect((await client.post('/api/privacy/revoke-consent', { reason: 'pausing' })).status).toBe(200);
    expect((await askManifest(payload.url, { recipient: 'Reader' })).status).toBe(404);
    expect((await client.post('/api/privacy/give-consent', {})).status).toBe(200);
    expect((await askManifest(payload.url, { recipient: 'Reader' })).status).toBe(200);
  });

  it('an access alerts the owner by mail; an erasure removes every link', async () => {
    const { client, email } = await ownerWithRecord('shl-erase');
    const userId = (await client.get('/api/auth/user')).body.id as string;
    const payload = readShlink((await makeLink(client, { label: 'Alerted', longTerm: true })).shlink);
    await makeLink(client, { label: 'Second', passcode: 'harbour-47' });
    expect((await askManifest(payload.url, { recipient: 'Reader' })).status).toBe(200);
    const [mail] = await eventually(
      () => mailTo(email),
      (mails) => mails.some((m) => m.subject === 'One of your health links was just opened'),
      30_000,
    );
    expect(mail).toBeDefined();

    expect((await client.post('/api/auth/verify-password', { email, password: 'member-pass' })).status).toBe(200);
    expect((await client.post('/api/privacy/request-deletion', { reason: 'Leaving', immediate: true })).status).toBe(
      200,
    );
    await eventually(
      () => queryDatabase(sharedDatabase(), 'select id from records.health_links where user_id = $1', [userId]),
      (rows) => rows.length === 0,
      30_000,
    );
    expect((await askManifest(payload.url, { recipient: 'Reader' })).status).toBe(404);
  });

  it('at rest: no link id, key, label or recipient in clear; the server never logged a key', async () => {
    const { client } = await ownerWithRecord('shl-at-rest');
    const payload = readShlink((await makeLink(client, { label: 'Label-7Q3 for Dr Z', longTerm: true })).shlink);
    await askManifest(payload.url, { recipient: 'Recipient-Y8K', embeddedLengthMax: 1e6 });
    const id = payload.url.slice(payload.url.lastIndexOf('/') + 1);

    const rows = await queryDatabase<{ row: string }>(
      sharedDatabase(),
      `select row_to_json(l)::text as row from records.health_links l
       union all select row_to_json(a)::text from records.health_link_accesses a
       union all select row_to_json(t)::text from records.health_link_tickets t`,
    );
    const dump = rows.map(({ row }) => row).join('\n');
    for (const secret of [payload.key, id, 'Label-7Q3', 'Recipient-Y8K', 'Penicillin']) {
      expect(dump).not.toContain(secret);
    }
    const log = readFileSync(fileURLToPath(new URL('../../reports/logs/e2e.log', import.meta.url)), 'utf8');
    expect(log).not.toContain(payload.key);
    expect(log).not.toContain(id);
  });
});
