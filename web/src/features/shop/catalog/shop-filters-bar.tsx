import { SHOP_CATEGORIES, SHOP_CATEGORY_LABELS, type ShopCategory } from '@medical-qr/contracts';
import { SearchForm } from '../../../components/ui/search-form';
import { cn } from '../../../lib/cn';

/** The shop's search box and its categories, as toggle chips. */
export function ShopFiltersBar({
  search,
  category,
  onSearch,
  onCategory,
}: {
  search: string;
  category: ShopCategory;
  onSearch: (search: string) => void;
  onCategory: (category: ShopCategory) => void;
}) {
  return (
    <div className="mt-6 flex flex-col gap-4">
      <SearchForm
        label="Search products"
        value={search}
        maxLength={100}
        onChange={(event) => onSearch(event.target.value)}
        placeholder="e.g. keychain, magnet, pet tag"
        className="max-w-xl"
      />
      <div role="group" aria-label="Category" className="flex flex-wrap gap-2">
        {SHOP_CATEGORIES.map((value) => {
          const chosen = value === category;
          return (
            <button
              key={value}
              type="button"
              aria-pressed={chosen}
              onClick={() => onCategory(value)}
              className={cn(
                'min-h-11 rounded-full border px-4 text-[15px] font-semibold whitespace-nowrap transition-colors',
                'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-red-600 dark:focus-visible:outline-red-400',
                chosen
                  ? 'border-slate-900 bg-slate-900 text-white dark:border-white dark:bg-white dark:text-slate-900'
                  : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800',
              )}
            >
              {SHOP_CATEGORY_LABELS[value]}
            </button>
          );
        })}
      </div>
    </div>
  );
}
