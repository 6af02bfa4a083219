import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

/** What a PNG's QR code says, read by jsQR; undefined when it holds no readable code. */
export function decodeQr(png: Buffer): string | undefined {
  const image = PNG.sync.read(png);
  // jsqr is CommonJS; its function is the default export of the default export under ESM.
  return jsQR.default(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
}

/** The same, read by a second, independent decoder (Debian's zbarimg). */
export function decodeQrWithZbar(png: Buffer): string {
  const folder = mkdtempSync(join(tmpdir(), 'qr-'));
  try {
    const file = join(folder, 'code.png');
    writeFileSync(file, png);
    return execFileSync('zbarimg', ['--quiet', '--raw', file], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The PNG inside a `data:image/png;base64,...` URL. */
export function pngFromDataUrl(dataUrl: string): Buffer {
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

/** The part of a PNG within a rectangle, as a PNG of its own (to read one of several codes in an image). */
export function cropPng(png: Buffer, area: { x: number; y: number; width: number; height: number }): Buffer {
  const source = PNG.sync.read(png);
  const part = new PNG({ width: area.width, height: area.height });
  PNG.bitblt(source, part, area.x, area.y, area.width, area.height, 0, 0);
  return PNG.sync.write(part);
}

/** Every QR code in a PNG, as zbarimg reads them (its XML keeps codes whose text holds line breaks apart). */
export function decodeAllQrWithZbar(png: Buffer): string[] {
  const folder = mkdtempSync(join(tmpdir(), 'qr-'));
  try {
    const file = join(folder, 'codes.png');
    writeFileSync(file, png);
    const xml = execFileSync('zbarimg', ['--quiet', '--xml', file], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return [...xml.matchAll(/<data><!\[CDATA\[([\s\S]*?)\]\]><\/data>/g)].map((match) => match[1]!);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
