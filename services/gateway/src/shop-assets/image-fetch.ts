/** The image types the proxy passes on; anything else (HTML, SVG with its scripts, JSON) is refused. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

export interface ImageFetchLimits {
  /** For the whole exchange: connecting, the headers and every byte of the body. */
  timeoutMs: number;
  maxBytes: number;
}

/** Printify's mockups are a few hundred kilobytes; its catalog pictures less. */
export const IMAGE_FETCH_LIMITS: ImageFetchLimits = { timeoutMs: 5000, maxBytes: 5 * 1024 * 1024 };

export type ImageFetchResult =
  | { outcome: 'image'; contentType: ImageType; bytes: Buffer }
  /** The host answered with a redirect, which is never followed: its target was not checked against the allowlist. */
  | { outcome: 'redirect' }
  | { outcome: 'unavailable'; reason: string };

function imageType(header: string | null): ImageType | undefined {
  const essence = header?.split(';')[0]?.trim().toLowerCase();
  return IMAGE_TYPES.find((type) => type === essence);
}

/** Reads the body up to `maxBytes`, stopping (and dropping the connection) as soon as it would pass them. */
async function readCapped(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<Buffer | undefined> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks, total);
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
}

/**
 * Fetches one image from an already checked URL: no redirects followed, no cookies or client headers sent, a deadline
 * on the whole exchange, only the image types above, at most `maxBytes` (the declared length is checked first, then
 * the bytes as they arrive, since the length may be absent or wrong).
 */
export async function fetchImage(url: URL, limits: ImageFetchLimits = IMAGE_FETCH_LIMITS): Promise<ImageFetchResult> {
  let response: Response;
  try {
    response = await fetch(url, {
      redirect: 'manual',
      credentials: 'omit',
      headers: { accept: IMAGE_TYPES.join(', ') },
      signal: AbortSignal.timeout(limits.timeoutMs),
    });
  } catch (error) {
    return { outcome: 'unavailable', reason: `request failed: ${(error as Error).name}` };
  }
  const drop = () => response.body?.cancel().catch(() => undefined);
  if (response.status >= 300 && response.status < 400) {
    await drop();
    return { outcome: 'redirect' };
  }
  if (response.status !== 200) {
    await drop();
    return { outcome: 'unavailable', reason: `answered ${response.status}` };
  }
  const contentType = imageType(response.headers.get('content-type'));
  if (!contentType) {
    await drop();
    return { outcome: 'unavailable', reason: 'not an image type the proxy passes on' };
  }
  if (Number(response.headers.get('content-length') ?? 0) > limits.maxBytes) {
    await drop();
    return { outcome: 'unavailable', reason: 'too large' };
  }
  try {
    const bytes = response.body ? await readCapped(response.body, limits.maxBytes) : Buffer.alloc(0);
    if (!bytes) return { outcome: 'unavailable', reason: 'too large' };
    if (bytes.length === 0) return { outcome: 'unavailable', reason: 'empty body' };
    return { outcome: 'image', contentType, bytes };
  } catch (error) {
    return { outcome: 'unavailable', reason: `body failed: ${(error as Error).name}` };
  }
}
