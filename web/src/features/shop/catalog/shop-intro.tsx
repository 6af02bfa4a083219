import { PrintedCodeNote } from '../printed-code-note';

/**
 * The shop's title and what a printed item does, shown as the shop loads and once it has: a printed QR opens the
 * owner's card only while they have an active code, and premium codes never expire.
 */
export function ShopIntro() {
  return (
    <>
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
        QR Merchandise Shop
      </h1>
      <p className="mt-2 max-w-2xl text-base text-slate-600 dark:text-slate-300">
        Your emergency QR code, printed on what you carry every day. Scanned, it opens your current medical card.
      </p>
      <PrintedCodeNote className="mt-2 max-w-2xl" />
    </>
  );
}
