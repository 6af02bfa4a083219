import { SHOP_PLACEHOLDER_CARDS } from '@medical-qr/contracts';

// The app's panel surface, a size tighter: four cards share a row on wide screens.
export const productCardClass =
  'flex h-full flex-col rounded-3xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900';

export const productGridClass = 'mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

/** A card's shape while the products load. */
function ProductCardPlaceholder() {
  return (
    <div data-placeholder="product-card" className={`${productCardClass} animate-pulse`}>
      <div className="aspect-square w-full rounded-2xl bg-slate-200 dark:bg-slate-800" />
      <div className="mt-4 h-5 w-3/4 rounded bg-slate-200 dark:bg-slate-800" />
      <div className="mt-2 h-4 w-1/3 rounded bg-slate-200 dark:bg-slate-800" />
      <div className="mt-4 h-4 w-full rounded bg-slate-200 dark:bg-slate-800" />
      <div className="mt-2 h-4 w-5/6 rounded bg-slate-200 dark:bg-slate-800" />
      <div className="mt-6 h-11 w-full rounded-xl bg-slate-200 dark:bg-slate-800" />
    </div>
  );
}

/** The grid's shape while the products (or the shop's own code) load: SPEC section 2's eight cards. */
export function ProductGridPlaceholder() {
  return (
    <div className={productGridClass} aria-hidden="true">
      {Array.from({ length: SHOP_PLACEHOLDER_CARDS }, (_, index) => (
        <ProductCardPlaceholder key={index} />
      ))}
    </div>
  );
}
