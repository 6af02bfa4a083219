import { BarcodeFormat, EncodeHintType, QRCodeWriter } from '@zxing/library';

/** A QR code as rows of dark modules: each rectangle is one module tall, `x`, `y` and `width` in modules. */
export interface QrModules {
  size: number;
  rects: Array<{ x: number; y: number; width: number }>;
}

/**
 * The QR code of `text` at error correction M, as rectangles to draw (crisp at any print size, unlike a picture). An ECI
 * header says the bytes are UTF-8: without it, decoders guess, and many read "Müller" or "·" as Latin-1 or Shift JIS.
 */
export function qrModules(text: string): QrModules {
  const hints = new Map<EncodeHintType, unknown>([
    [EncodeHintType.CHARACTER_SET, 'UTF-8'],
    [EncodeHintType.ERROR_CORRECTION, 'M'],
    [EncodeHintType.MARGIN, 0],
  ]);
  const modules = new QRCodeWriter().encode(text, BarcodeFormat.QR_CODE, 0, 0, hints);
  const size = modules.getWidth();
  const rects: QrModules['rects'] = [];
  for (let y = 0; y < size; y++) {
    let x = 0;
    while (x < size) {
      if (!modules.get(x, y)) {
        x++;
        continue;
      }
      const start = x;
      while (x < size && modules.get(x, y)) x++;
      rects.push({ x: start, y, width: x - start });
    }
  }
  return { size, rects };
}
