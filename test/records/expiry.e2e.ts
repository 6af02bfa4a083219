import { Queue } from 'bullmq';
import pg from 'pg';
import { startIsolatedStack, type IsolatedStack } from '@medical-qr/launcher';
import { launchBrowser, openPage, PHONE, DESKTOP, screenshot } from '../support/browser.js';
import { medicalForm, tokenIndexOf } from './records-fixtures.js';

/** A system whose free codes live 3 seconds, and whose sweep runs every 2 seconds. */
describe('expiry, with QR_TTL_ANONYMOUS=3s', () => {
  let system: IsolatedStack;
  let db: pg.Client;
  let queue: Queue;

  beforeAll(async () => {
    system = await startIsolatedStack('expiry', { QR_TTL_ANONYMOUS: '3s', EXPIRY_SWEEP_INTERVAL_MS: '2000' });
    db = new pg.Client({ connectionString: system.env.DATABASE_URL });
    await db.connect();
    queue = new Queue('records-expiry', {
      connection: { url: system.env.REDIS_URL },
      prefix: `${system.env.REDIS_PREFIX}:bull`,
    });
  });
  afterAll(async () => {
    await queue?.close();
    await db?.end();
    await system?.stop();
  });

  async function create() {
    const response = await fetch(`${system.url}/api/anonymous-medical-record`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(medicalForm()),
    });
    expect(response.status).toBe(200);
    const { token } = (await response.json()) as { token: string };
    const { rows } = await db.query<{ id: string }>('select id from records.medical_records where token_index = $1', [
      tokenIndexOf(token, system.env.EMAIL_INDEX_KEY),
    ]);
    return { token, id: rows[0]!.id };
  }

  const cardStatus = async (token: string) => (await fetch(`${system.url}/api/emergency-card/${token}`)).status;
  const isActive = async (id: string) =>
    (await db.query<{ is_active: boolean }>('select is_active from records.medical_records where id = $1', [id]))
      .rows[0]!.is_active;

  async function waitUntil(check: () => Promise<boolean>, ms: number) {
    const deadline = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('serves the card, then 410 once the time is up; its delayed job switches it off', async () => {
    const { token, id } = await create();
    expect(await cardStatus(token)).toBe(200);
    await waitUntil(async () => (await cardStatus(token)) === 410, 5000);
    await waitUntil(async () => !(await isActive(id)), 3000);
    // The job marks itself completed a Redis round trip after its update, which a busy machine can stretch.
    await waitUntil(async () => (await queue.getJobState(`expire-${id}`)) !== 'active', 10_000);
    expect(await queue.getJobState(`expire-${id}`)).toBe('completed');
  });

  it('switches off a code whose job was lost, at the next sweep', async () => {
    const { token, id } = await create();
    await queue.remove(`expire-${id}`);
    expect(await queue.getJobState(`expire-${id}`)).toBe('unknown');
    await waitUntil(async () => (await cardStatus(token)) === 410, 5000);
    await waitUntil(async () => !(await isActive(id)), 4000);
  });

  it('takes a browser that opens an expired card to /expired', async () => {
    // The browser is ready before the code exists: the code lives 3 s, and a busy machine takes longer to start one.
    const browser = await launchBrowser();
    try {
      const { page, context } = await openPage(browser, { viewport: PHONE });
      const { token } = await create();
      await page.goto(`${system.url}/emergency/${token}`);
      await page.getByText('Penicillin anaphylaxis; latex').waitFor();
      await new Promise((r) => setTimeout(r, 3200));
      await page.reload();
      await page.waitForURL(`${system.url}/expired`);
      await page.getByRole('link', { name: 'Sign in to renew it' }).waitFor();
      await page
        .getByText(/2 days/)
        .first()
        .waitFor();
      await screenshot(page, 'expired-phone-light');
      await context.close();
      for (const [viewport, scheme, name] of [
        [PHONE, 'dark', 'expired-phone-dark'],
        [DESKTOP, 'light', 'expired-desktop-light'],
        [DESKTOP, 'dark', 'expired-desktop-dark'],
      ] as const) {
        const view = await openPage(browser, { viewport, colorScheme: scheme });
        await view.page.goto(`${system.url}/emergency/${token}`);
        await view.page.waitForURL(`${system.url}/expired`);
        await view.page.getByRole('link', { name: 'Sign in to renew it' }).waitFor();
        await screenshot(view.page, name);
        await view.context.close();
      }
    } finally {
      await browser.close();
    }
  });
});
