import { useDocumentTitle } from '../../../lib/document-title';
import { ProductGridPlaceholder } from './product-card-placeholder';
import { ShopIntro } from './shop-intro';

/** The shop while its code loads: the page it will be, with eight placeholder cards (not a spinner). */
export function ShopLoading() {
  // The tab says where the person is from the first paint, as the shop itself will.
  useDocumentTitle('QR Merchandise Shop');
  return (
    <div className="mx-auto max-w-6xl px-5 py-8 sm:px-6 md:py-12">
      <ShopIntro />
      <p role="status" className="mt-5 min-h-6 text-[15px] font-medium text-slate-600 dark:text-slate-300">
        Loading products…
      </p>
      <ProductGridPlaceholder />
    </div>
  );
}
