import { startIsolatedStack, type IsolatedStack } from '@medical-qr/launcher';
import { registeredClient } from '../support/accounts.js';
import { eventually } from '../support/eventually.js';
import { randomClientIp } from '../support/http-client.js';
import { medicalForm } from '../records/records-fixtures.js';
import { reportFault, startRequestStream } from './request-stream.js';

/** What a responder may wait for the card page, whatever is down behind it. */
const CARD_PAGE_DEADLINE_MS = 2000;
/** How soon after NATS is back every card opens again. */
const RECOVERY_MS = 10_000;

/**
 * NATS killed while responders keep opening a card: each page answers within 2 s, either the card or the page that
 * says to call 911 (never a hung socket, never a server error), and once NATS is back every card opens again within
 * 10 s, with no process restarted. The services keep the production deadline for their own requests (5 s).
 */
describe('the card page while NATS is down', () => {
  let system: IsolatedStack;

  beforeAll(async () => {
    system = await startIsolatedStack('faults-nats-card', {
      EMAIL_VERIFICATION: 'false',
      NATS_REQUEST_TIMEOUT_MS: '5000',
    });
  }, 300_000);
  afterAll(async () => {
    await system?.stop();
  });

  it('says call 911 within 2 s while NATS is gone, loses no request, and recovers within 10 s', async () => {
    const { client } = await registeredClient(system.url, 'nats-card');
    const created = await client.post('/api/medical-records', medicalForm());
    expect(created.status).toBe(200);
    const cardUrl = `${system.url}/emergency/${created.body.token as string}`;
    const pids = [...system.stack.processes.values()].map((child) => child.pid);

    const stream = startRequestStream((signal) =>
      fetch(cardUrl, { signal, headers: { 'x-forwarded-for': randomClientIp() } }),
    );
    const answered = (from: number, status: number) =>
      stream.requests.filter((request) => request.startedAt >= from && request.status === status).length;
    await eventually(
      () => answered(0, 200),
      (count) => count >= 5,
    );

    await system.nats.kill();
    const killedAt = stream.now();
    // The outage as responders see it: card pages refused, a few times over, for a few seconds.
    await eventually(
      () => ({ refused: answered(killedAt, 503), down: stream.now() - killedAt }),
      ({ refused, down }) => refused >= 6 && down >= 4000,
      30_000,
    );

    await system.nats.resume();
    const resumedAt = stream.now();
    const firstCardBack = await eventually(
      () => stream.requests.find((request) => request.startedAt >= resumedAt && request.status === 200),
      (request) => request !== undefined,
      RECOVERY_MS + 5000,
    );
    const recoveredAt = firstCardBack!.startedAt + firstCardBack!.ms;
    // Then a while of cards opening as before.
    await eventually(
      () => answered(recoveredAt, 200),
      (count) => count >= 10,
    );
    const requests = await stream.stop();

    const hung = requests.filter((request) => request.status === 0);
    // Time this test process spent paused is not the system's.
    const slow = requests.filter((request) => request.ms - request.clientPausedMs > CARD_PAGE_DEADLINE_MS);
    const refusals = requests.filter((request) => request.status === 503);
    const afterRecovery = requests.filter((request) => request.startedAt >= recoveredAt);
    reportFault('NATS killed during a stream of card pages', {
      requests: requests.length,
      lost: hung.length + afterRecovery.filter((request) => request.status !== 200).length,
      duplicated: 0,
    });
    expect(hung).toEqual([]);
    expect(requests.filter((request) => ![200, 503].includes(request.status))).toEqual([]);
    expect(
      slow.map(({ status, ms, clientPausedMs, startedAt }) => ({
        status,
        ms,
        clientPausedMs,
        startedAt,
        killedAt,
        resumedAt,
      })),
    ).toEqual([]);
    for (const refusal of refusals) expect(refusal.body).toContain('href="tel:911"');
    expect(recoveredAt - resumedAt).toBeLessThan(RECOVERY_MS);
    expect(afterRecovery.filter((request) => request.status !== 200)).toEqual([]);

    for (const child of system.stack.processes.values()) expect(child.exitCode).toBeNull();
    expect([...system.stack.processes.values()].map((child) => child.pid)).toEqual(pids);
  }, 90_000);
});
