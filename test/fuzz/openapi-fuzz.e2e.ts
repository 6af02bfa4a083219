import fc from 'fast-check';
import { api } from '../support/api.js';
import { signedInClient } from '../support/accounts.js';
import { HttpClient, type HttpResult } from '../support/http-client.js';

/**
 * Every operation of the OpenAPI document, called with random path segments, query strings and bodies (from
 * plausible to absurd), signed in and not: no answer may be a 5xx. `npm test` sends FUZZ_REQUESTS (default 1,000);
 * `npm run fuzz` sends 10,000.
 */
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 1000);
const IN_FLIGHT = 8;

interface Operation {
  method: string;
  path: string;
  query: string[];
  bodyFields: string[];
  hasBody: boolean;
}

interface Case {
  operation: Operation;
  signedIn: boolean;
  segments: string[];
  query: Record<string, string>;
  body: unknown;
  contentType: string;
}

function operationsOf(document: any): Operation[] {
  return Object.entries(document.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, operation]) => {
        const schema = operation.requestBody?.content?.['application/json']?.schema;
        return {
          method: method.toUpperCase(),
          path,
          query: ((operation.parameters ?? []) as Array<{ in: string; name: string }>)
            .filter((parameter) => parameter.in === 'query')
            .map((parameter) => parameter.name),
          bodyFields: Object.keys(schema?.properties ?? {}),
          hasBody: Boolean(operation.requestBody),
        };
      }),
  );
}

const segment = fc.oneof(
  fc.string({ minLength: 1, maxLength: 200 }),
  fc.uuid(),
  fc.stringMatching(/^[A-Za-z0-9_-]{22}$/),
  fc.constantFrom('0', '-1', '1e309', 'null', '..', '%00', 'undefined'),
);
const value = fc.oneof(fc.string({ maxLength: 300 }), fc.jsonValue(), fc.anything());

function caseOf(operation: Operation): fc.Arbitrary<Case> {
  const fields = operation.bodyFields.length ? operation.bodyFields : ['id', 'email', 'items'];
  const plausible = fc.dictionary(fc.constantFrom(...fields), value, { maxKeys: fields.length });
  return fc.record({
    operation: fc.constant(operation),
    signedIn: fc.boolean(),
    segments: fc.array(segment, { minLength: 4, maxLength: 4 }),
    query: fc.dictionary(fc.constantFrom(...operation.query, 'page', 'x'), fc.string({ maxLength: 80 }), {
      maxKeys: 3,
    }),
    body: operation.hasBody ? fc.oneof(plausible, plausible, fc.jsonValue(), fc.anything()) : fc.constant(undefined),
    contentType: fc.constantFrom('application/json', 'application/json', 'application/json', 'text/plain'),
  });
}

/** Signed-in clients that sign in again when a random call signed them out (logout is an operation too). */
class Members {
  private readonly members: Array<{ client: HttpClient; email: string }> = [];

  async start(count: number) {
    for (let index = 0; index < count; index++) this.members.push(await signedInClient(`fuzz-${index}`));
  }

  pick(index: number) {
    return this.members[index % this.members.length]!;
  }

  async recover(member: { client: HttpClient; email: string }, answer: HttpResult) {
    if (answer.status !== 401) return;
    await member.client.post('/api/auth/login', { email: member.email, password: 'member-pass' });
  }
}

function requestOf(test: Case): { method: string; path: string; body?: string } {
  let index = 0;
  const path = test.operation.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(test.segments[index++]!));
  const query = new URLSearchParams(test.query).toString();
  const body = test.body === undefined ? undefined : (JSON.stringify(test.body) ?? 'null');
  return { method: test.operation.method, path: query ? `${path}?${query}` : path, body };
}

describe('random input to every operation of the OpenAPI document', () => {
  it(`answers ${REQUESTS} random requests, signed in and not, without a single 5xx`, async () => {
    const document = (await api('/api/docs-json')).body;
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(40);
    const cases = fc.sample(fc.constantFrom(...operations).chain(caseOf), { numRuns: REQUESTS, seed: Date.now() });
    const members = new Members();
    await members.start(IN_FLIGHT);

    const serverErrors: string[] = [];
    const statuses = new Map<number, number>();
    let next = 0;
    const worker = async (lane: number) => {
      for (let test = cases[next++]; test; test = cases[next++]) {
        const member = members.pick(lane);
        const client = test.signedIn ? member.client : new HttpClient();
        const { method, path, body } = requestOf(test);
        const answer = await client
          .request(method, path, body, body ? { 'content-type': test.contentType } : {})
          // A dropped connection is a server failure too: recorded as 599.
          .catch((error: Error) => ({ status: 599, body: `${error.message}: ${String(error.cause)}` }) as HttpResult);
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        if (answer.status >= 500) {
          serverErrors.push(
            `${method} ${path} ${body?.slice(0, 300)} → ${answer.status} ${JSON.stringify(answer.body)}`,
          );
        }
        if (test.signedIn) await members.recover(member, answer);
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, (_, lane) => worker(lane)));

    console.log(
      `fuzzed ${operations.length} operations with ${REQUESTS} requests: ` +
        [...statuses]
          .sort(([a], [b]) => a - b)
          .map(([status, count]) => `${status}×${count}`)
          .join(' '),
    );
    expect(serverErrors).toEqual([]);
    expect((await api('/api/health')).status).toBe(200);
  });
});
