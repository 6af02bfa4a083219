import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../lib/cn';
import { proxiedImageUrl } from './shop-images';

/**
 * How soon a picture loads: `lazy` when scrolled near (the default), `eager` at once (above the fold), `first` at once
 * and before the page's other pictures (the largest thing on the first screen).
 */
export type ImagePriority = 'lazy' | 'eager' | 'first';

/**
 * A Printify picture through the image proxy, filling a square frame; a missing picture, or one that fails to load,
 * leaves a placeholder that says so instead of a broken image.
 */
export function ProductImage({
  src,
  alt,
  className = 'w-full',
  priority = 'lazy',
}: {
  src: string | undefined;
  alt: string;
  /** The frame's width (full width unless told). */
  className?: string;
  priority?: ImagePriority;
}) {
  // Remembered per address: the next picture of a carousel gets its own chance to load.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const frame = cn(
    'flex aspect-square items-center justify-center overflow-hidden rounded-2xl bg-slate-100 dark:bg-slate-800',
    className,
  );
  if (!src || failedSrc === src) {
    return (
      <div className={frame}>
        <p className="flex flex-col items-center gap-2 px-4 text-center text-sm font-medium text-slate-500 dark:text-slate-400">
          <ImageOff className="size-7" aria-hidden="true" />
          Image not available
        </p>
      </div>
    );
  }
  return (
    <div className={frame}>
      <img
        src={proxiedImageUrl(src)}
        alt={alt}
        loading={priority === 'lazy' ? 'lazy' : 'eager'}
        fetchPriority={priority === 'first' ? 'high' : 'auto'}
        decoding="async"
        onError={() => setFailedSrc(src)}
        className="size-full bg-white object-contain"
      />
    </div>
  );
}
