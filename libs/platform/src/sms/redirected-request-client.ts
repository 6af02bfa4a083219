import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient.js';

/** The same path and query on another origin (and under its path, if it has one). */
export function redirectedUri(uri: string, base: URL): string {
  const original = new URL(uri);
  const target = new URL(base);
  target.pathname = `${base.pathname.replace(/\/+$/, '')}${original.pathname}`;
  target.search = original.search;
  return target.toString();
}

/**
 * The SDK's own HTTP client, sending every call to `base` instead of Twilio's hosts (https://api.twilio.com and the
 * like): the SDK has no base-URL option, but takes an `httpClient`. Used only for the local stand-in.
 */
export class RedirectedRequestClient extends twilio.RequestClient {
  constructor(
    private readonly base: URL,
    options: RequestClient.RequestClientOptions,
  ) {
    super(options);
  }

  override request<TData>(options: RequestClient.RequestOptions<TData>) {
    return super.request({ ...options, uri: redirectedUri(options.uri, this.base) });
  }
}
