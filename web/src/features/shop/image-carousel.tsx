import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { buttonClasses } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { type ImagePriority, ProductImage } from './product-image';

/**
 * A product's pictures one at a time, with Previous and Next (going round) and "n / total". `label` names the
 * product, for the pictures' text and the buttons.
 */
export function ImageCarousel({
  images,
  label,
  className,
  priority,
}: {
  images: string[];
  label: string;
  className?: string;
  /** How soon the first picture loads (the others wait for Next). */
  priority?: ImagePriority;
}) {
  const [chosen, setChosen] = useState(0);
  // A new set of pictures (a fresh mockup) may be shorter: stay within it.
  const index = chosen < images.length ? chosen : 0;
  const total = images.length;
  const step = (by: number) => setChosen((index + by + total) % total);

  return (
    <div className={cn('relative', className)}>
      <ProductImage
        src={images[index]}
        alt={total > 1 ? `${label}, picture ${index + 1} of ${total}` : label}
        priority={index === 0 ? priority : 'lazy'}
      />
      {total > 1 ? (
        <div className="mt-2 flex items-center justify-between gap-2">
          <button
            type="button"
            aria-label={`Previous picture of ${label}`}
            onClick={() => step(-1)}
            className={buttonClasses({ variant: 'ghost', size: 'icon' })}
          >
            <ChevronLeft className="size-6" aria-hidden="true" />
          </button>
          <p className="text-sm font-semibold text-slate-600 tabular-nums dark:text-slate-300">
            {index + 1} / {total}
          </p>
          <button
            type="button"
            aria-label={`Next picture of ${label}`}
            onClick={() => step(1)}
            className={buttonClasses({ variant: 'ghost', size: 'icon' })}
          >
            <ChevronRight className="size-6" aria-hidden="true" />
          </button>
        </div>
      ) : null}
    </div>
  );
}
