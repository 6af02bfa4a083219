import { baseUrl } from './api.js';
import { HttpClient, uniqueEmail, waitForMailLink } from './http-client.js';

/**
 * A client signed in to a fresh, verified account (registered, confirmed by the emailed link, signed in), on the
 * shared system or the one at `origin`.
 */
export async function signedInClient(
  label = 'member',
  password = 'member-pass',
  origin = baseUrl(),
): Promise<{ client: HttpClient; email: string }> {
  const client = new HttpClient(undefined, origin);
  const email = uniqueEmail(label);
  const registered = await client.post('/api/auth/register', {
    firstName: 'Amara',
    lastName: 'Okafor',
    email,
    password,
  });
  if (registered.status !== 201)
    throw new Error(`registration answered ${registered.status}: ${JSON.stringify(registered.body)}`);
  const token = new URL(await waitForMailLink(email, /Confirm your email/, undefined, origin)).pathname
    .split('/')
    .pop()!;
  await client.get(`/api/auth/verify-email/${token}`);
  const login = await client.post('/api/auth/login', { email, password });
  if (login.status !== 200) throw new Error(`sign-in answered ${login.status}: ${JSON.stringify(login.body)}`);
  return { client, email };
}

/**
 * A client signed in to a fresh account on a system started with EMAIL_VERIFICATION=false (registering signs in),
 * with the new user's id.
 */
export async function registeredClient(
  origin: string,
  label = 'member',
): Promise<{ client: HttpClient; userId: string }> {
  const client = new HttpClient(undefined, origin);
  const registered = await client.post('/api/auth/register', {
    firstName: 'Mae',
    lastName: 'Jemison',
    email: uniqueEmail(label),
    password: `${label}-pass-1`,
  });
  if (registered.status !== 201)
    throw new Error(`registration answered ${registered.status}: ${JSON.stringify(registered.body)}`);
  return { client, userId: (registered.body as { user: { id: string } }).user.id };
}
