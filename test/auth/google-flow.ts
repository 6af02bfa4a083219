import type { HttpClient } from '../support/http-client.js';

/** Reads the consent page's form: its hidden fields and where it posts. */
export function consentForm(html: string): URLSearchParams {
  const fields = new URLSearchParams();
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields.set(
      match[1]!,
      match[2]!
        .replace(/&amp;/g, '&')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>'),
    );
  }
  return fields;
}

/** Goes through Google (the local stand-in) as a person would, and returns where the app sends the browser at the end. */
export async function signInWithGoogle(client: HttpClient, email: string, start: string) {
  const begin = await client.get(start);
  expect(begin.status).toBe(302);
  const authorize = new URL(begin.location!);
  expect(authorize.pathname).toBe('/o/oauth2/v2/auth');
  expect(authorize.searchParams.get('response_type')).toBe('code');
  expect(authorize.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{32}$/);

  const page = await client.get(authorize.toString());
  expect(page.status).toBe(200);
  const form = consentForm(page.body as string);
  form.set('email', email);
  form.set('given_name', 'Jordan');
  form.set('family_name', 'Lee');
  form.set('decision', 'allow');
  const consent = await client.post(`${authorize.origin}/o/oauth2/v2/auth`, form.toString());
  expect(consent.status).toBe(302);
  const callback = new URL(consent.location!);
  expect(callback.pathname).toBe('/api/auth/google/callback');
  const done = await client.get(`${callback.pathname}${callback.search}`);
  expect(done.status).toBe(302);
  return done.location;
}
