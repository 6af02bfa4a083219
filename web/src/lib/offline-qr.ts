import { BarcodeFormat, EncodeHintType, QRCodeWriter } from '@zxing/library';

/** The dark and light modules of a QR code, quiet zone included. */
export interface QrModules {
  size: number;
  isDark: (x: number, y: number) => boolean;
}

const QUIET_ZONE = 4;

/**
 * The offline code's modules: error correction M, and an ECI header that says the bytes are UTF-8. Without it, a
 * decoder guesses the encoding and many read "Müller" or "·" as Latin-1 or Shift JIS.
 */
export function offlineQrModules(text: string): QrModules {
  const hints = new Map<EncodeHintType, unknown>([
    [EncodeHintType.CHARACTER_SET, 'UTF-8'],
    [EncodeHintType.ERROR_CORRECTION, 'M'],
    [EncodeHintType.MARGIN, QUIET_ZONE],
  ]);
  const matrix = new QRCodeWriter().encode(text, BarcodeFormat.QR_CODE, 0, 0, hints);
  return { size: matrix.getWidth(), isDark: (x, y) => matrix.get(x, y) };
}

/** The offline code as a PNG data URL, `scale` pixels a module, black on white. */
export function offlineQrDataUrl(text: string, scale = 4): string {
  const modules = offlineQrModules(text);
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = modules.size * scale;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw images');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = '#000000';
  for (let y = 0; y < modules.size; y += 1) {
    for (let x = 0; x < modules.size; x += 1) {
      if (modules.isDark(x, y)) context.fillRect(x * scale, y * scale, scale, scale);
    }
  }
  return canvas.toDataURL('image/png');
}
