import { TOKEN_PREFIX_LENGTH, type RecordSummary } from '@medical-qr/contracts';
import type { RememberedQrCode } from '../../../lib/storage';

/**
 * One code in "Your QR Code History", from the server (signed in: the whole record, its contacts and
 * actions) or from this browser's own list (a visitor: what the browser remembers of the code).
 */
export interface HistoryEntry {
  id: string;
  token: string;
  cardUrl: string;
  createdAt: string;
  isActive: boolean;
  /** The server's summary of the record, for a signed-in owner (its details are fetched when shown); absent for a code remembered by this browser. */
  record?: RecordSummary;
}

/** The first characters of a token, the only part lists show (DESIGN: tokens in lists). */
export const tokenPrefix = (token: string) => token.slice(0, TOKEN_PREFIX_LENGTH);

export function entryOfRecord(record: RecordSummary): HistoryEntry {
  const { id, token, cardUrl, createdAt, isActive } = record;
  return { id, token, cardUrl, createdAt, isActive, record };
}

/** A remembered code is active while its expiry has not come; the card itself says more when opened. */
export function entryOfRemembered(code: RememberedQrCode, now = Date.now()): HistoryEntry {
  return {
    id: code.id,
    token: code.token,
    cardUrl: code.cardUrl,
    createdAt: code.createdAt,
    isActive: code.expiresAt === null || Date.parse(code.expiresAt) > now,
  };
}
