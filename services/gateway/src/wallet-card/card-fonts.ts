import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The writing systems the wallet card draws, each with a font that covers it. */
export type CardScript = 'latin' | 'arabic' | 'devanagari' | 'han';
export type CardFontKey = `${CardScript}-${'regular' | 'bold'}`;

interface CardFontFile {
  /** Under CARD_FONTS_DIR, as Debian's packages lay them out under /usr/share/fonts/truetype. */
  file: string;
  /** The Debian package that installs it. */
  debianPackage: string;
}

const noto = (file: string): CardFontFile => ({ file: `noto/${file}`, debianPackage: 'fonts-noto-core' });
// Droid Sans Fallback covers Han, kana and Hangul in one file, at a fraction of Noto CJK's size; it has no bold.
const droid: CardFontFile = { file: 'droid/DroidSansFallbackFull.ttf', debianPackage: 'fonts-droid-fallback' };

/** Latin, Greek and Cyrillic: Noto Sans; Arabic and Devanagari: their Noto fonts; Chinese, Japanese and Korean: Droid. */
export const CARD_FONT_FILES: Record<CardFontKey, CardFontFile> = {
  'latin-regular': noto('NotoSans-Regular.ttf'),
  'latin-bold': noto('NotoSans-Bold.ttf'),
  'arabic-regular': noto('NotoSansArabic-Regular.ttf'),
  'arabic-bold': noto('NotoSansArabic-Bold.ttf'),
  'devanagari-regular': noto('NotoSansDevanagari-Regular.ttf'),
  'devanagari-bold': noto('NotoSansDevanagari-Bold.ttf'),
  'han-regular': droid,
  'han-bold': droid,
};

/** Debian's folder for TrueType fonts, where both packages install theirs. */
export const DEFAULT_CARD_FONTS_DIR = '/usr/share/fonts/truetype';

/** What is missing from `dir` for the wallet card, one sentence per file, or undefined when every font is there. */
export function cardFontsProblem(dir: string): string | undefined {
  const missing = [...new Set(Object.values(CARD_FONT_FILES))].filter(({ file }) => !existsSync(join(dir, file)));
  if (missing.length === 0) return undefined;
  return missing
    .map(({ file, debianPackage }) => `${join(dir, file)} is missing (Debian package ${debianPackage})`)
    .join('; ');
}

const loaded = new Map<string, Uint8Array>();

/** A font's bytes, read from disk once per process and kept: each card embeds the glyphs it uses from them. */
export function cardFontBytes(dir: string, key: CardFontKey): Uint8Array {
  const path = join(dir, CARD_FONT_FILES[key].file);
  let bytes = loaded.get(path);
  if (!bytes) {
    bytes = readFileSync(path);
    loaded.set(path, bytes);
  }
  return bytes;
}
