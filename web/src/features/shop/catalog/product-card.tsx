import type { Blueprint } from '@medical-qr/contracts';
import { useId } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { paths } from '../../../lib/paths';
import { ImageCarousel } from '../image-carousel';

// The app's panel surface, a size tighter: four cards share a row on wide screens.
const cardClass =
  'flex h-full flex-col rounded-3xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900';

/** One product of the shop: its pictures, title, brand, description and the way to customize it. */
export function ProductCard({ product }: { product: Blueprint }) {
  const titleId = useId();
  return (
    <article aria-labelledby={titleId} className={cardClass}>
      <ImageCarousel images={product.images} label={product.title} />
      <h2 id={titleId} className="mt-3 text-lg leading-snug font-bold text-slate-900 dark:text-white">
        {product.title}
      </h2>
      {product.brand ? <p className="text-sm font-medium text-slate-600 dark:text-slate-400">{product.brand}</p> : null}
      {product.description ? (
        <p className="mt-2 line-clamp-3 text-[15px] leading-snug text-slate-700 dark:text-slate-300">
          {product.description}
        </p>
      ) : null}
      <div className="mt-auto pt-4">
        <Link
          to={paths.customize.getHref(product.id)}
          aria-describedby={titleId}
          className={buttonClasses({ className: 'w-full whitespace-nowrap' })}
        >
          Customize &amp; Order
        </Link>
      </div>
    </article>
  );
}

/** A card's shape while the products load. */
export function ProductCardPlaceholder() {
  return (
    <div aria-hidden="true" className={`${cardClass} animate-pulse`}>
      <div className="aspect-square w-full rounded-2xl bg-slate-200 dark:bg-slate-800" />
      <div className="mt-4 h-5 w-3/4 rounded bg-slate-200 dark:bg-slate-800" />
      <div className="mt-2 h-4 w-1/3 rounded bg-slate-200 dark:bg-slate-800" />
      <div className="mt-4 h-4 w-full rounded bg-slate-200 dark:bg-slate-800" />
      <div className="mt-2 h-4 w-5/6 rounded bg-slate-200 dark:bg-slate-800" />
      <div className="mt-6 h-11 w-full rounded-xl bg-slate-200 dark:bg-slate-800" />
    </div>
  );
}
