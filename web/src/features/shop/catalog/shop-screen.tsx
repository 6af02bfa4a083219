import { SHOP_PLACEHOLDER_CARDS, ShopMessages, type ShopCategory } from '@medical-qr/contracts';
import { PackageSearch } from 'lucide-react';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { useGetBlueprintsQuery } from '../catalog-api';
import { outageMessage } from '../shop-errors';
import { ProductCard, ProductCardPlaceholder } from './product-card';
import { categoryFrom, filterProducts, productCount } from './shop-filters';
import { ShopFiltersBar } from './shop-filters-bar';

const gridClass = 'mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

/**
 * /qrmerchshop (SPEC section 2, "Shop"): the products the QR code is printed on, searched and filtered here (the
 * server has already dropped what the shop does not sell), with the count shown. The search and the category live
 * in the address, so Back keeps them.
 */
export function ShopScreen() {
  const { data: products, isLoading, isError, error, refetch } = useGetBlueprintsQuery();
  const [params, setParams] = useSearchParams();
  const category = categoryFrom(params.get('category'));
  const search = params.get('search') ?? '';
  const shown = useMemo(() => filterProducts(products ?? [], { category, search }), [products, category, search]);

  const setFilter = (key: 'category' | 'search', value: string, emptyValue: string) =>
    setParams(
      (current) => {
        if (value === emptyValue) current.delete(key);
        else current.set(key, value);
        return current;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <div className="mx-auto max-w-6xl px-5 py-8 sm:px-6 md:py-12">
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
        QR Merchandise Shop
      </h1>
      <p className="mt-2 max-w-2xl text-base text-slate-600 dark:text-slate-300">
        Your emergency QR code, printed on what you carry every day. Scanned, it opens your current medical card.
      </p>
      <ShopFiltersBar
        search={search}
        category={category}
        onSearch={(value) => setFilter('search', value, '')}
        onCategory={(value: ShopCategory) => setFilter('category', value, 'all')}
      />
      <p role="status" className="mt-5 min-h-6 text-[15px] font-medium text-slate-600 dark:text-slate-300">
        {products ? productCount(shown.length) : isLoading ? 'Loading products…' : ''}
      </p>
      {isError && !products ? (
        <RetryAlert
          title="The shop is not available right now"
          message={outageMessage(error, 'The products could not be loaded. Please try again in a moment.')}
          retryLabel="Retry"
          className="mt-4 max-w-2xl"
          onRetry={() => void refetch()}
        />
      ) : null}
      {isLoading ? (
        <div className={gridClass} aria-hidden="true">
          {Array.from({ length: SHOP_PLACEHOLDER_CARDS }, (_, index) => (
            <ProductCardPlaceholder key={index} />
          ))}
        </div>
      ) : null}
      {products && shown.length > 0 ? (
        <ul className={gridClass}>
          {shown.map((product) => (
            <li key={product.id}>
              <ProductCard product={product} />
            </li>
          ))}
        </ul>
      ) : null}
      {products && shown.length === 0 ? <NothingFound /> : null}
    </div>
  );
}

function NothingFound() {
  return (
    <div className="mt-10 flex flex-col items-center text-center">
      <span className="flex size-16 items-center justify-center rounded-2xl bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
        <PackageSearch className="size-8" aria-hidden="true" />
      </span>
      <p className="mt-5 text-lg font-bold text-slate-900 dark:text-white">{ShopMessages.noProducts}</p>
      <p className="mt-1 text-slate-600 dark:text-slate-300">Try another word, or look in all products.</p>
    </div>
  );
}
