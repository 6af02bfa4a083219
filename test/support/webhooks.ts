/**
 * Posts a provider's webhook as the provider does: raw JSON bytes from another site, with its own headers (the
 * signature among them). The reply's body is parsed when it is JSON and kept as text when not.
 */
export async function postRawWebhook(url: string, payload: string, headers: Record<string, string>) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    body: payload,
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body };
}
