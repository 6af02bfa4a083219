// Writes services/records/src/qr/reference-outlines.ts: the outlines of the characters a printed reference may hold,
// in Noto Sans Mono Bold, which a printed tag's image draws its reference with (records has no font files to read).
// Run after changing the reference's alphabet (libs/contracts printed-reference.ts):
//   npm run build && node scripts/write-reference-outlines.mjs [font file]
// The font comes with Debian's fonts-noto-core, which the wallet card needs too (docs/deployment.md).
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { REFERENCE_ALPHABET } from '../libs/contracts/dist/index.js';

const fontkit = createRequire(new URL('../services/gateway/package.json', import.meta.url))('fontkit');
const source = process.argv[2] ?? '/usr/share/fonts/truetype/noto/NotoSansMono-Bold.ttf';
const font = fontkit.openSync(source);
const glyphs = [...REFERENCE_ALPHABET].map((character) => {
  const glyph = font.glyphForCodePoint(character.codePointAt(0));
  return `  ${/\d/.test(character) ? `'${character}'` : character}: '${glyph.path.toSVG()}',`;
});
const advance = font.glyphForCodePoint('A'.codePointAt(0)).advanceWidth;
const file = new URL('../services/records/src/qr/reference-outlines.ts', import.meta.url);
writeFileSync(
  file,
  `// Written by scripts/write-reference-outlines.mjs from ${font.fullName} ${font.version.split(';')[0]}.
// ${font.copyright} Licensed under the SIL Open Font License, Version 1.1 (https://openfontlicense.org).

/** Font units per em of the outlines below. */
export const OUTLINE_UNITS_PER_EM = ${font.unitsPerEm};
/** Every character's advance (the font is monospaced), in font units. */
export const OUTLINE_ADVANCE = ${advance};
/** The height of a capital, in font units: the outlines' baseline is 0, y upwards. */
export const OUTLINE_CAP_HEIGHT = ${font.capHeight};

/** Each character's outline as an SVG path (M, L, Q and Z, absolute, in font units). */
export const REFERENCE_OUTLINES: Readonly<Record<string, string>> = {
${glyphs.join('\n')}
};
`,
);
console.log(`Wrote ${file.pathname} from ${source}.`);
