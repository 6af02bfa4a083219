import QRCode, { type QRCodeToBufferOptions } from 'qrcode';
import { QR_IMAGE_MARGIN, QR_IMAGE_SIZE_PX } from '@medical-qr/contracts';

const OPTIONS = {
  errorCorrectionLevel: 'M',
  margin: QR_IMAGE_MARGIN,
  color: { dark: '#000000ff', light: '#ffffffff' },
} as const;

/**
 * One PNG row filter (Paeth) rather than the encoder's default of trying all five on every row: the same pixels in a
 * file of the same size (a QR's rows repeat), drawn in half the time, which was a third of what making a code costs.
 */
const pngOptions = () =>
  // A new object each time: qrcode writes the image's size into it. It hands it to pngjs as it is; its types list
  // only the deflate settings, not pngjs's filterType.
  ({ filterType: 4 }) as NonNullable<QRCodeToBufferOptions['rendererOpts']>;

/**
 * The pixels per module that bring the image closest to `sizePx` (256 px on screen). An integer
 * scale keeps every module the same size, which some decoders need (a fractional `width` made them misread).
 */
export function qrScaleFor(text: string, sizePx = QR_IMAGE_SIZE_PX): number {
  const modules = QRCode.create(text, { errorCorrectionLevel: OPTIONS.errorCorrectionLevel }).modules.size;
  return Math.max(1, Math.round(sizePx / (modules + 2 * QR_IMAGE_MARGIN)));
}

/** The QR code of `text` as a PNG of about `sizePx` (256 px unless printed), black on white with a margin of 2 modules. */
export function qrPng(text: string, sizePx = QR_IMAGE_SIZE_PX): Promise<Buffer> {
  return QRCode.toBuffer(text, {
    ...OPTIONS,
    type: 'png',
    scale: qrScaleFor(text, sizePx),
    rendererOpts: pngOptions(),
  });
}

/** The same image as a `data:image/png;base64,...` URL, for JSON responses. */
export async function qrDataUrl(text: string): Promise<string> {
  return `data:image/png;base64,${(await qrPng(text)).toString('base64')}`;
}
