import { RECORDS_MAX_LIMIT } from '@medical-qr/contracts';
import { signedInClient } from '../support/accounts.js';
import { HttpClient } from '../support/http-client.js';
import { medicalForm } from './records-fixtures.js';
import { seedRecords } from './records-seed.js';

const LIST = '/api/medical-records';
/** How long the heavy account keeps at it while the card is measured. */
const LOAD_MS = 8_000;
/** How long the card is measured alone first. */
const ALONE_MS = 3_000;
/** Parallel loops of the heavy account's list reads. */
const LIST_LOOPS = 4;

/** Runs `send` again and again until `until`, answering every status it got. */
async function loop(until: number, send: (i: number) => Promise<{ status: number }>): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; Date.now() < until; i++) statuses.push((await send(i)).status);
  return statuses;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

describe("one account's heavy calls do not starve another person's card", () => {
  it(`keeps the card's p99 under 500 ms (or 4 times its p99 alone, on a busy machine), with no 5xx, while one account of 1,000 records lists and creates for ${LOAD_MS / 1000} s`, async () => {
    const card = (await new HttpClient().post('/api/anonymous-medical-record', medicalForm())).body.token as string;
    const { client: heavy } = await signedInClient('heavy');
    await seedRecords((await heavy.get('/api/auth/user')).body.id as string, 1000);
    const responder = new HttpClient();

    // The card alone first, on this machine as busy as it is now: what the heavy account may not multiply.
    const alone: number[] = [];
    await loop(Date.now() + ALONE_MS, async () => {
      const started = performance.now();
      const response = await responder.get(`/api/emergency-card/${card}`);
      alone.push(performance.now() - started);
      return response;
    });

    const until = Date.now() + LOAD_MS;
    const latencies: number[] = [];
    const [cardStatuses, creations, ...lists] = await Promise.all([
      loop(until, async () => {
        const started = performance.now();
        const response = await responder.get(`/api/emergency-card/${card}`);
        latencies.push(performance.now() - started);
        return response;
      }),
      loop(until, () => heavy.post(LIST, medicalForm())),
      ...Array.from({ length: LIST_LOOPS }, (_, loopIndex) =>
        loop(until, (i) =>
          heavy.get(
            i % 5 === 4 ? `${LIST}/dashboard` : `${LIST}?page=${1 + ((i + loopIndex) % 20)}&limit=${RECORDS_MAX_LIMIT}`,
          ),
        ),
      ),
    ]);

    const heavyStatuses = [...creations, ...lists.flat()];
    expect(heavyStatuses.filter((status) => status >= 500)).toEqual([]);
    // The heavy account's creations are made until its write limit refuses them; its reads all answer.
    expect(creations).toContain(200);
    expect(creations.filter((status) => status !== 200 && status !== 429)).toEqual([]);
    expect(new Set(lists.flat())).toEqual(new Set([200]));
    expect(cardStatuses.length).toBeGreaterThan(20);
    expect(new Set(cardStatuses)).toEqual(new Set([200]));
    // The figures are in the failure message. The absolute target on a quiet machine is bench/'s to measure; here the
    // run may keep both cores busy, so the card may also be as slow as four times itself alone, never more.
    const p99 = percentile(latencies, 99);
    const bound = Math.max(500, 4 * percentile(alone, 99));
    expect({
      withinBound: p99 < bound,
      bound,
      p50: percentile(latencies, 50),
      p99,
      reads: latencies.length,
    }).toMatchObject({
      withinBound: true,
    });
  });
});
