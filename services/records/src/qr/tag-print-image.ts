import QRCode from 'qrcode';
import { PNG } from 'pngjs';
import { formatReference, PRINT_QR_SIZE_PX, QR_IMAGE_MARGIN } from '@medical-qr/contracts';
import { contoursOf, fillContours } from './outline-fill.js';
import { qrScaleFor } from './qr-image.js';
import { OUTLINE_ADVANCE, OUTLINE_CAP_HEIGHT, REFERENCE_OUTLINES } from './reference-outlines.js';

/** How much of the image's width the printed reference takes. */
const REFERENCE_WIDTH_SHARE = 0.72;
/** Blank between the code's own margin and the reference, and under it, as shares of a capital's height. */
const GAP = 0.3;
const FOOT = 0.6;

/**
 * A printed tag's image for the print shop: the QR of its link at print size (as qrPng draws it: an integer module
 * size, a margin of two modules), and under it the tag's printed reference (`K7QM 4XPD`) in bold capitals nearly as
 * wide as the code, so a responder without data can text it. No words: a tag is printed once for anyone who finds
 * it, in no one language, and a keychain's face has room for the code and the reference alone. The code keeps its
 * size and the image grows taller, so what scanned in the shop's preview scans on the item. Without a reference
 * (none given yet), the code alone.
 */
export async function tagPrintPng(url: string, reference: string | null, sizePx = PRINT_QR_SIZE_PX): Promise<Buffer> {
  const code = QRCode.create(url, { errorCorrectionLevel: 'M' }).modules;
  const scale = qrScaleFor(url, sizePx);
  const width = (code.size + 2 * QR_IMAGE_MARGIN) * scale;
  const text = reference ? formatReference(reference) : '';
  const unit = (width * REFERENCE_WIDTH_SHARE) / (text.length * OUTLINE_ADVANCE || 1);
  const capHeight = Math.round(OUTLINE_CAP_HEIGHT * unit);
  const height = width + (text ? Math.round(capHeight * (GAP + 1 + FOOT)) : 0);

  const image = new PNG({ width, height });
  image.data.fill(255);
  const ink = (x: number, y: number) => {
    if (x < 0 || y < 0 || x >= width || y >= height) return;
    const at = (y * width + x) * 4;
    image.data[at] = image.data[at + 1] = image.data[at + 2] = 0;
  };
  for (let row = 0; row < code.size; row++) {
    for (let column = 0; column < code.size; column++) {
      if (!code.get(row, column)) continue;
      const left = (column + QR_IMAGE_MARGIN) * scale;
      const top = (row + QR_IMAGE_MARGIN) * scale;
      for (let y = top; y < top + scale; y++) for (let x = left; x < left + scale; x++) ink(x, y);
    }
  }
  const left = (width - text.length * OUTLINE_ADVANCE * unit) / 2;
  const baseline = width + Math.round(capHeight * GAP) + capHeight;
  [...text].forEach((character, index) => {
    const outline = REFERENCE_OUTLINES[character];
    if (!outline) return; // the space between the groups
    const origin = left + index * OUTLINE_ADVANCE * unit;
    fillContours(
      contoursOf(outline, (x, y) => [origin + x * unit, baseline - y * unit]),
      ink,
    );
  });
  // Grey levels only, one row filter (Paeth) as qrPng: a smaller file, made faster.
  return PNG.sync.write(image, { colorType: 0, filterType: 4 });
}
