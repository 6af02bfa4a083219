import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { WebSocket } from 'ws';
import { startIsolatedStack, type IsolatedStack } from '@medical-qr/launcher';
import { HttpClient, uniqueEmail } from '../support/http-client.js';
import { medicalForm } from './records-fixtures.js';
import { eventually, pause } from '../support/eventually.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ALERT_SUBJECT = /card was just opened/;
const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

/** A system of its own: this test stops and restarts its identity service. */
describe('scan alerts while identity is down', () => {
  let system: IsolatedStack;
  let db: pg.Client;

  beforeAll(async () => {
    system = await startIsolatedStack('scan-alerts-outage', { EMAIL_VERIFICATION: 'false' });
    db = new pg.Client({ connectionString: system.env.DATABASE_URL });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
    await system?.stop();
  });

  async function alertsTo(email: string) {
    const response = await fetch(`${system.sandboxUrl}/dev/mailbox.json?to=${encodeURIComponent(email)}`);
    const mails = (await response.json()) as Array<{ subject: string; text: string }>;
    return mails.filter((mail) => ALERT_SUBJECT.test(mail.subject));
  }

  async function premiumOwner() {
    const owner = new HttpClient(undefined, system.url);
    const email = uniqueEmail('outage-owner');
    const registered = await owner.post('/api/auth/register', {
      firstName: 'Ines',
      lastName: 'Moreau',
      email,
      password: 'owner-pass',
    });
    expect(registered.status).toBe(201);
    const record = (await owner.post('/api/medical-records', medicalForm())).body as { id: string; token: string };
    // Premium lifts expiry (billing does this on upgrade); a never-expiring record is a premium one.
    await db.query('update records.medical_records set expires_at = null where id = $1', [record.id]);
    return { owner, email, record };
  }

  async function liveSocketOf(owner: HttpClient) {
    const socket = new WebSocket(`${system.url.replace(/^http/, 'ws')}/ws`, {
      headers: { cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    const messages: Array<Record<string, unknown>> = [];
    socket.on('message', (data) => messages.push(JSON.parse(String(data)) as Record<string, unknown>));
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    await pause(300); // registered under its user once the session is read
    return { socket, messages };
  }

  async function stopIdentity() {
    const identity = system.stack.processes.get('identity')!;
    identity.kill('SIGTERM');
    if (identity.exitCode === null) await new Promise((resolve) => identity.once('exit', resolve));
  }

  /** Starts identity again from its build, as the launcher does; the stack stops it at the end. */
  async function startIdentity() {
    const identity = spawn(process.execPath, ['services/identity/dist/main.js'], {
      cwd: ROOT,
      env: system.envOf('identity'),
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    });
    system.stack.processes.set('identity', identity);
    await eventually(
      async () => (await fetch(`${system.url}/api/health/identity`)).status,
      (status) => status === 200,
    );
  }

  it('mails exactly one alert for a card opened while identity was down, once it is back', async () => {
    const { owner, email, record } = await premiumOwner();
    const live = await liveSocketOf(owner);
    await stopIdentity();

    const responder = new HttpClient(undefined, system.url);
    for (let i = 0; i < 2; i++) {
      expect((await responder.get(`/api/emergency-card/${record.token}`, { 'user-agent': PHONE })).status).toBe(200);
    }
    // Records decided the alert was due and published it; nobody has mailed it yet.
    await eventually(
      async () =>
        (await db.query('select last_alert_at from records.medical_records where id = $1', [record.id])).rows[0]
          ?.last_alert_at,
      (claimed) => claimed !== null,
    );
    await pause(1500);
    expect(await alertsTo(email)).toEqual([]);
    // The live push does not depend on identity: the gateway sees the event as it is published.
    expect(live.messages).toEqual([
      expect.objectContaining({ type: 'card_scanned', recordId: record.id, viewer: 'Chrome on Android' }),
    ]);
    live.socket.close();

    await startIdentity();

    const alerts = await eventually(
      () => alertsTo(email),
      (found) => found.length > 0,
    );
    expect(alerts[0]!.text).toContain(record.token.slice(0, 8));
    expect(alerts[0]!.text).toContain('Chrome on Android');
    await pause(2000);
    expect(await alertsTo(email)).toHaveLength(1);
    const handled = await db.query(`select subject from identity.processed_events`);
    expect(handled.rows).toEqual([{ subject: 'card.scanned' }]);
  });
});
