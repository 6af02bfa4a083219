import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Request, Response } from 'express';
import { acceptedEncodings, PRECOMPRESSED, type ContentEncoding } from './content-encoding.js';

/** A file of the build with the precompressed copies the build wrote beside it. */
export interface StaticFile {
  path: string;
  variants: Partial<Record<ContentEncoding, string>>;
}

/** A page held in memory in every coding the build made of it. */
export interface Page {
  body: Buffer;
  variants: Partial<Record<ContentEncoding, Buffer>>;
}

const isCopy = (file: string) => PRECOMPRESSED.some(({ suffix }) => file.endsWith(suffix));

function variantsOf<T>(path: string, read: (copy: string) => T): Partial<Record<ContentEncoding, T>> {
  return Object.fromEntries(
    PRECOMPRESSED.filter(({ suffix }) => existsSync(path + suffix)).map(({ encoding, suffix }) => [
      encoding,
      read(path + suffix),
    ]),
  );
}

/**
 * Every file of the build by URL path, except the pages (served by their routes) and source maps (never served: they
 * would publish the source). Requests are looked up here, never mapped onto the disk, so no path reaches outside it.
 */
export function indexStaticFiles(distDir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  if (!existsSync(distDir)) return files;
  for (const entry of readdirSync(distDir, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    if (!entry.isFile() || isCopy(path) || path.endsWith('.html') || path.endsWith('.map')) continue;
    files.set(`/${relative(distDir, path).split(sep).join('/')}`, { path, variants: variantsOf(path, (copy) => copy) });
  }
  return files;
}

/** Reads a built page and its compressed copies, or undefined when there is no build. */
export function loadPage(distDir: string, file: string): Page | undefined {
  const path = join(distDir, file);
  if (!existsSync(path)) return undefined;
  return { body: readFileSync(path), variants: variantsOf(path, (copy) => readFileSync(copy)) };
}

/** The best coding this request accepts among those available, with `Vary` set so caches keep them apart. */
function chooseEncoding(req: Request, res: Response, available: readonly string[]): ContentEncoding | undefined {
  if (!available.length) return undefined;
  res.vary('Accept-Encoding');
  const encoding = acceptedEncodings(req.headers['accept-encoding']).find((coding) => available.includes(coding));
  if (encoding) res.setHeader('Content-Encoding', encoding);
  return encoding;
}

/** Sends a page from memory, compressed when the client accepts it. */
export function sendPage(req: Request, res: Response, page: Page): void {
  const encoding = chooseEncoding(req, res, Object.keys(page.variants));
  res.type('html').send(encoding ? page.variants[encoding] : page.body);
}

/** Streams a file of the build (conditional and range requests included), compressed when the client accepts it. */
export function sendStaticFile(req: Request, res: Response, file: StaticFile, onMissing: () => void): void {
  const encoding = chooseEncoding(req, res, Object.keys(file.variants));
  // The type of the file itself, not of its .br or .gz copy.
  res.type(file.path.slice(file.path.lastIndexOf('.')));
  res.sendFile(encoding ? file.variants[encoding]! : file.path, (error?: Error) => {
    // Gone since start-up (a rebuild): say so rather than hang.
    if (error && !res.headersSent) onMissing();
  });
}
