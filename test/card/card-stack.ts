import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { MedicalFormInput } from '@medical-qr/contracts';
import { startIsolatedStack, type IsolatedStack } from '@medical-qr/launcher';
import { natsConnectionOptions } from '@medical-qr/platform';
import { billingStandIn } from '../support/billing-stand-in.js';
import { HttpClient, uniqueEmail } from '../support/http-client.js';

export interface CardStack {
  system: IsolatedStack;
  /** Creates a record for a premium owner (several contacts, never expires) and answers its token. */
  premiumCard(form: MedicalFormInput): Promise<string>;
  /** Creates an anonymous record (it expires after the stack's QR_TTL_ANONYMOUS) and answers its token. */
  anonymousCard(form: MedicalFormInput): Promise<string>;
  /** Stops the records service from answering (SIGSTOP) until `resume`. */
  pauseRecords(): void;
  resumeRecords(): void;
  stop(): Promise<void>;
}

/**
 * A system of its own for the card page's tests: premium owners (billing answered by a stand-in, so a record holds
 * several contacts), short anonymous lifetimes, a small miss limit, and a records service that can be paused.
 */
export async function startCardStack(label: string, overrides: NodeJS.ProcessEnv = {}): Promise<CardStack> {
  const system = await startIsolatedStack(label, {
    TRUST_PROXY_HOPS: '1',
    EMAIL_VERIFICATION: 'false',
    RATE_LIMIT_PUBLIC_PER_5_MIN: '5',
    ...overrides,
  });
  let nats: NatsConnection | undefined;
  try {
    nats = await connect(natsConnectionOptions(system.nats.admin, 'card-test'));
    const billing = system.stack.processes.get('billing')!;
    billing.kill('SIGTERM');
    await new Promise((resolve) => billing.once('exit', resolve));
    billingStandIn(nats, () => true);
    const owner = await premiumOwner(system);
    const records = system.stack.processes.get('records')!;
    return {
      system,
      premiumCard: async (form) => tokenOf(await owner.post('/api/medical-records', form)),
      anonymousCard: async (form) =>
        tokenOf(await new HttpClient(undefined, system.url).post('/api/anonymous-medical-record', form)),
      pauseRecords: () => records.kill('SIGSTOP'),
      resumeRecords: () => records.kill('SIGCONT'),
      async stop() {
        records.kill('SIGCONT');
        await nats?.close();
        await system.stop();
      },
    };
  } catch (error) {
    await nats?.close();
    await system.stop();
    throw error;
  }
}

function tokenOf(created: { status: number; body: any }): string {
  if (created.status !== 200 && created.status !== 201)
    throw new Error(`creation answered ${created.status}: ${JSON.stringify(created.body)}`);
  return created.body.token as string;
}

async function premiumOwner(system: IsolatedStack): Promise<HttpClient> {
  const client = new HttpClient(undefined, system.url);
  const email = uniqueEmail('card-owner');
  const account = { firstName: 'Amara', lastName: 'Okafor', email, password: 'card-owner-pass' };
  const registered = await client.post('/api/auth/register', account);
  if (registered.status !== 201) throw new Error(`registration answered ${registered.status}`);
  const login = await client.post('/api/auth/login', { email, password: account.password });
  if (login.status !== 200) throw new Error(`sign-in answered ${login.status}: ${JSON.stringify(login.body)}`);
  return client;
}
