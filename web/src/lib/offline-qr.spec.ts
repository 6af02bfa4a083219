/**
 * @jest-environment node
 */
// Node, not jsdom: the encoder and the byte counts need TextEncoder, which jsdom lacks (browsers have it).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  FIRST_MINUTE_LABELS_EN,
  firstMinuteBlock,
  offlineCardText,
  OFFLINE_TEXT_MAX_BYTES,
  type FirstMinuteSource,
} from '@medical-qr/contracts';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { offlineQrModules } from './offline-qr';

/** The code drawn as a PNG, 4 pixels a module. */
function png(text: string): { image: PNG; file: Buffer } {
  const modules = offlineQrModules(text);
  const scale = 4;
  const image = new PNG({ width: modules.size * scale, height: modules.size * scale });
  for (let y = 0; y < image.height; y += 1) {
    for (let x = 0; x < image.width; x += 1) {
      const value = modules.isDark(Math.floor(x / scale), Math.floor(y / scale)) ? 0 : 255;
      image.data.set([value, value, value, 255], (y * image.width + x) * 4);
    }
  }
  return { image, file: PNG.sync.write(image) };
}

const withJsQr = ({ image }: { image: PNG }) =>
  // jsqr is CommonJS; its function is the default export of the default export under ESM.
  (jsQR as unknown as { default: typeof jsQR }).default(new Uint8ClampedArray(image.data), image.width, image.height)
    ?.data;

function withZbar({ file }: { file: Buffer }): string {
  const folder = mkdtempSync(join(tmpdir(), 'qr-'));
  try {
    writeFileSync(join(folder, 'code.png'), file);
    return execFileSync('zbarimg', ['--quiet', '--raw', join(folder, 'code.png')], { encoding: 'utf8' }).replace(
      /\n$/,
      '',
    );
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** A record at every limit, in Devanagari, Han, Cyrillic and Arabic: its block cannot fit whole. */
const longRecord: FirstMinuteSource = {
  firstName: 'लैला अमीरा',
  lastName: '王 Хаддад حداد',
  age: 47,
  bloodGroup: 'O-',
  resuscitationStatus: 'directive',
  directiveLocation: '预先医疗指示的原件在卧室书桌左边第二个抽屉里的蓝色文件夹中'.repeat(3),
  allergies: '对青霉素、花生、乳胶和蜂毒严重过敏，曾经发生过敏性休克，需要立即注射肾上腺素。'.repeat(20),
  medications: 'Apixaban 5 mg, Lantus 20 units, ' + 'другие лекарства '.repeat(100),
  devices: 'Pacemaker, ' + 'インスリンポンプ'.repeat(40),
  languagesSpoken: 'हिन्दी, العربية, 中文, Русский, English',
  interpreterNeeded: true,
  emergencyContacts: [{ name: 'سارة', phone: '+44 7700 900456', relationship: 'Wife', isPrimary: true }],
};

describe('the offline QR code', () => {
  it('is read as UTF-8 by two decoders, even a short text with one accented letter', () => {
    for (const text of ['Name: Müller', 'Languages spoken: Arabic · Interpreter needed']) {
      const code = png(text);
      expect(withJsQr(code)).toBe(text);
      expect(withZbar(code)).toBe(text);
    }
  });

  it('holds a long record within QR version 22 at correction M, and both decoders read it back exactly', () => {
    const { text, cut } = offlineCardText(firstMinuteBlock(longRecord), FIRST_MINUTE_LABELS_EN);
    expect(cut).toBe(true);
    // Version 22 is 105 modules a side, plus the quiet zone of 4 on each side.
    expect(offlineQrModules(text).size).toBeLessThanOrEqual(105 + 8);
    const code = png(text);
    expect(withJsQr(code)).toBe(text);
    expect(withZbar(code)).toBe(text);
    expect(text).toContain('Call: سارة (Wife) +44 7700 900456');
  });

  it('fits the largest text the offline block allows in version 22, and no more', () => {
    const text = '中'.repeat(259);
    expect(Buffer.byteLength(text)).toBe(OFFLINE_TEXT_MAX_BYTES);
    expect(offlineQrModules(text).size).toBe(105 + 8);
    expect(offlineQrModules(`${text}a`).size).toBeGreaterThan(105 + 8);
  });
});
