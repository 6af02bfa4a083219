import type { Blueprint } from '@medical-qr/contracts';
import { useId } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { paths } from '../../../lib/paths';
import { ImageCarousel } from '../image-carousel';
import type { ImagePriority } from '../product-image';
import { productCardClass } from './product-card-placeholder';

/** One product of the shop: its pictures, title, brand, description and the way to customize it. */
export function ProductCard({ product, priority }: { product: Blueprint; priority?: ImagePriority }) {
  const titleId = useId();
  return (
    <article aria-labelledby={titleId} className={productCardClass}>
      <ImageCarousel images={product.images} label={product.title} priority={priority} />
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
