import { z } from 'zod';
import { RESPONDER_LANGUAGES, type ResponderLanguage } from './medical-terms/languages.js';

/** The paper the printable wallet card comes on: A4 or US Letter. */
export const WALLET_SHEETS = ['a4', 'letter'] as const;
export type WalletSheet = (typeof WALLET_SHEETS)[number];

/** `GET /api/medical-records/{id}/wallet-card.pdf?sheet=a4|letter`: A4 unless said. */
export const walletCardQuerySchema = z.strictObject({
  sheet: z
    .enum(WALLET_SHEETS, { error: `sheet must be one of ${WALLET_SHEETS.join(', ')}` })
    .default('a4')
    .describe('The paper: a4 or letter'),
  lang: z
    .enum(RESPONDER_LANGUAGES, { error: `lang must be one of ${RESPONDER_LANGUAGES.join(', ')}` })
    .optional()
    .describe("The language of the card's words; the one the owner writes in unless said"),
});
export type WalletCardQuery = z.infer<typeof walletCardQuerySchema>;

/** The sheet is in the name, so an A4 and a Letter download never overwrite each other. */
export const walletCardFileName = (sheet: WalletSheet) => `emergency-wallet-card-${sheet}.pdf`;

/** Where the owner's browser downloads one record's wallet card. */
export const walletCardPath = (recordId: string, sheet: WalletSheet, lang: ResponderLanguage) =>
  `/api/medical-records/${encodeURIComponent(recordId)}/wallet-card.pdf?sheet=${sheet}&lang=${lang}`;
