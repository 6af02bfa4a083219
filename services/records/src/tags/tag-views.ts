import { TOKEN_PREFIX_LENGTH, type IssuedTag, type PrintedTag } from '@medical-qr/contracts';
import { tagPrintPng } from '../qr/tag-print-image.js';
import { cardUrlFor, printedReference } from '../records/record-views.js';
import type { StoredTag } from './tags.repository.js';

/** A tag as its owner sees it in their list: the printed link and reference, and only the token's prefix on its own. */
export function toPrintedTag(tag: StoredTag, appUrl: string): PrintedTag {
  const url = cardUrlFor(appUrl, tag.token);
  return {
    orderId: tag.orderId,
    itemIndex: tag.itemIndex,
    url,
    tokenPrefix: tag.token.slice(0, TOKEN_PREFIX_LENGTH),
    ...printedReference(tag.reference),
    createdAt: tag.createdAt.toISOString(),
    revokedAt: tag.revokedAt?.toISOString() ?? null,
  };
}

/** A tag for the printer: the same, with its QR drawn at print size and its reference under it. */
export async function toIssuedTag(tag: StoredTag, appUrl: string): Promise<IssuedTag> {
  const printed = toPrintedTag(tag, appUrl);
  const png = await tagPrintPng(printed.url, tag.reference);
  return { ...printed, printPngBase64: png.toString('base64') };
}
