import { useId, type ReactNode } from 'react';
import { panel } from '../../components/ui/panel';
import { ProductImage } from './product-image';

/** What a line of the shop (a cart item, an order) says about the product it holds. */
export interface ProductLine {
  mockupUrl?: string;
  productTitle: string;
  variantLabel: string;
}

/**
 * A card for one line of the shop (a cart item, an order): the mockup beside the product's title, which names the
 * card, and its variant; `badge` sits beside the title, `details` under the variant, the rest below.
 */
export function ProductLineCard({
  line,
  imageClassName,
  badge,
  details,
  children,
}: {
  line: ProductLine;
  /** The mockup's width. */
  imageClassName: string;
  badge?: ReactNode;
  details?: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  const title = (
    <h2 id={titleId} className="text-lg leading-snug font-bold text-slate-900 dark:text-white">
      {line.productTitle}
    </h2>
  );
  return (
    <article aria-labelledby={titleId} className={panel()}>
      <div className="flex gap-4 sm:gap-5">
        <ProductImage
          src={line.mockupUrl}
          alt={`Your QR code on the ${line.productTitle}`}
          className={`${imageClassName} shrink-0`}
        />
        <div className="min-w-0 flex-1">
          {badge ? (
            <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
              {title}
              {badge}
            </div>
          ) : (
            title
          )}
          <p className="text-[15px] text-slate-600 dark:text-slate-400">{line.variantLabel}</p>
          {details}
        </div>
      </div>
      {children}
    </article>
  );
}
