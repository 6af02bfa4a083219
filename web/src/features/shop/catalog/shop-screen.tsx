import { EmptyState } from '../../../components/ui/empty-state';
import { ShopMessages, type ShopCategory } from '@medical-qr/contracts';
import { PackageSearch } from 'lucide-react';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { useGetBlueprintsQuery } from '../catalog-api';
import { outageMessage } from '../shop-errors';
import type { ImagePriority } from '../product-image';
import { ProductCard } from './product-card';
import { ProductGridPlaceholder, productGridClass } from './product-card-placeholder';
import { categoryFrom, filterProducts, productCount } from './shop-filters';
import { ShopFiltersBar } from './shop-filters-bar';
import { ShopIntro } from './shop-intro';

/** The first row on the widest grid (four cards) is on the first screen: its pictures load at once, the first first. */
const ABOVE_THE_FOLD = 4;
const priorityOf = (index: number): ImagePriority =>
  index === 0 ? 'first' : index < ABOVE_THE_FOLD ? 'eager' : 'lazy';

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
      <ShopIntro />
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
      {isLoading ? <ProductGridPlaceholder /> : null}
      {products && shown.length > 0 ? (
        <ul className={productGridClass}>
          {shown.map((product, index) => (
            <li key={product.id}>
              <ProductCard product={product} priority={priorityOf(index)} />
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
    <EmptyState icon={PackageSearch} title={ShopMessages.noProducts} heading={false}>
      Try another word, or look in all products.
    </EmptyState>
  );
}
