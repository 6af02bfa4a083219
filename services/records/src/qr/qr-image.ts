import QRCode from 'qrcode';
import { QR_IMAGE_MARGIN, QR_IMAGE_SIZE_PX } from '@medical-qr/contracts';

const OPTIONS = {
  errorCorrectionLevel: 'M',
  margin: QR_IMAGE_MARGIN,
  color: { dark: '#000000ff', light: '#ffffffff' },
} as const;

/**
 * The pixels per module that bring the image closest to 256 px. An integer scale keeps every
 * module the same size, which some decoders need (a fractional `width` made them misread).
 */
export function qrScaleFor(text: string): number {
  const modules = QRCode.create(text, { errorCorrectionLevel: OPTIONS.errorCorrectionLevel }).modules.size;
  return Math.max(1, Math.round(QR_IMAGE_SIZE_PX / (modules + 2 * QR_IMAGE_MARGIN)));
}

/** The QR code of `text` as a PNG, black on white with a margin of 2 modules. */
export function qrPng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, { ...OPTIONS, type: 'png', scale: qrScaleFor(text) });
}

/** The same image as a `data:image/png;base64,...` URL, for JSON responses. */
export function qrDataUrl(text: string): Promise<string> {
  return QRCode.toDataURL(text, { ...OPTIONS, type: 'image/png', scale: qrScaleFor(text) });
}
