// Accounts for the signed-in rows of the bench, made through the API as people make them. The system runs with
// EMAIL_VERIFICATION=false, so registering signs in at once and its session cookie is the account's.
import { benchForm } from './bench-form.ts';

export interface BenchAccount {
  email: string;
  password: string;
  /** The session cookie (`name=value`) registering set. */
  cookie: string;
  /** The account's one code, whose QR image the bench asks for. */
  recordId: string;
}

async function expectOk(response: Response, what: string): Promise<Response> {
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
  return response;
}

export async function createAccount(base: string, index: number): Promise<BenchAccount> {
  const email = `bench-account-${index}-${Date.now()}@example.org`;
  const password = `bench-password-${index}-long-enough`;
  const registered = await expectOk(
    await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Mae', lastName: 'Jemison', email, password }),
    }),
    'registering',
  );
  const cookie = registered.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .join('; ');
  const created = await expectOk(
    await fetch(`${base}/api/medical-records`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(benchForm(email)),
    }),
    "creating the account's code",
  );
  const { id } = (await created.json()) as { id: string };
  return { email, password, cookie, recordId: id };
}
