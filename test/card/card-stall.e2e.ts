import { ClientStalls } from '../support/client-stalls.js';
import { eventually } from '../support/eventually.js';
import { randomClientIp } from '../support/http-client.js';
import { rawGet, shortRecord } from './card-fixtures.js';
import { startCardStack, type CardStack } from './card-stack.js';

/** Answers how long `request` took, less the time this test process itself was paused in it, with its answer. */
async function timed<T>(request: () => Promise<T>): Promise<{ ms: number; answer: T }> {
  const stalls = new ClientStalls();
  const started = Date.now();
  try {
    const answer = await request();
    const ended = Date.now();
    // A tick after the answer, so a pause that ended with it is on record.
    await new Promise((resolve) => setTimeout(resolve, 50));
    return { ms: ended - started - stalls.within(started, ended), answer };
  } finally {
    stalls.stop();
  }
}

/** A responder must not wait out the bus's whole deadline: the card gives up early and says to call. */
describe('the card while the records service is stalled', () => {
  let stack: CardStack;
  beforeAll(async () => {
    stack = await startCardStack('card-stall');
  }, 180_000);
  afterAll(async () => {
    await stack?.stop();
  });

  it('shows the call-911 page within 2 s and the card API answers 503 within 2 s; after it resumes the card opens', async () => {
    const token = await stack.anonymousCard(shortRecord());
    const pageUrl = `${stack.system.url}/emergency/${token}`;
    const apiUrl = `${stack.system.url}/api/emergency-card/${token}`;
    stack.pauseRecords();
    try {
      const page = await timed(() => rawGet(pageUrl, { 'x-forwarded-for': randomClientIp() }));
      expect(page.answer.status).toBe(503);
      expect(page.answer.text).toContain('href="tel:911"');
      expect(page.ms).toBeLessThan(2000);

      const api = await timed(() => fetch(apiUrl, { headers: { 'x-forwarded-for': randomClientIp() } }));
      expect(api.answer.status).toBe(503);
      expect(((await api.answer.json()) as { code: string }).code).toBe('SERVICE_UNAVAILABLE');
      expect(api.ms).toBeLessThan(2000);
    } finally {
      stack.resumeRecords();
    }

    const card = await eventually(
      () => rawGet(pageUrl, { 'x-forwarded-for': randomClientIp() }),
      (answer) => answer.status === 200,
      10_000,
    );
    expect(card.text).toContain('Sam Lee');
  });
});
