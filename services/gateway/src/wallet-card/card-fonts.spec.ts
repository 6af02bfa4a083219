import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gatewayEnvSchema } from '../config.js';
import { cardFontsProblem, DEFAULT_CARD_FONTS_DIR } from './card-fonts.js';

describe('the wallet card fonts', () => {
  it("are all in Debian's folder on this machine", () => {
    expect(cardFontsProblem(DEFAULT_CARD_FONTS_DIR)).toBeUndefined();
  });

  it('stop the gateway at start when missing, naming each file and the package that installs it', () => {
    const empty = mkdtempSync(join(tmpdir(), 'no-fonts-'));
    try {
      const parsed = gatewayEnvSchema.safeParse({ SESSION_SECRET: 'x'.repeat(32), CARD_FONTS_DIR: empty });
      expect(parsed.success).toBe(false);
      const message = parsed.error!.issues.find((issue) => issue.path[0] === 'CARD_FONTS_DIR')?.message ?? '';
      expect(message).toContain(
        `${join(empty, 'noto/NotoSansArabic-Regular.ttf')} is missing (Debian package fonts-noto-core)`,
      );
      expect(message).toContain(
        `${join(empty, 'droid/DroidSansFallbackFull.ttf')} is missing (Debian package fonts-droid-fallback)`,
      );
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
