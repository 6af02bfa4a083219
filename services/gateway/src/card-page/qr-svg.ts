import QRCode from 'qrcode';
import { QR_IMAGE_MARGIN } from '@medical-qr/contracts';
import { escapeHtml, SafeHtml } from './html.js';

/**
 * The QR of a card's own link as inline SVG, for the printed page: it travels inside the HTML (no request, nothing
 * for the image policy to allow) and prints sharp at any size. Black on white like the downloadable PNG. `label` is
 * what a screen reader says for it, in the page's language.
 */
export async function qrSvg(url: string, label = "QR code of this card's link"): Promise<SafeHtml> {
  const svg = await QRCode.toString(url, { type: 'svg', margin: QR_IMAGE_MARGIN, errorCorrectionLevel: 'M' });
  return new SafeHtml(svg.replace('<svg ', `<svg class="qr" role="img" aria-label="${escapeHtml(label)}" `));
}
