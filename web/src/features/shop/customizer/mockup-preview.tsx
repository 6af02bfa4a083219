import { QrCode } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { InlineAlert } from '../../../components/ui/inline-alert';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../lib/paths';
import { ImageCarousel } from '../image-carousel';
import type { MockupPreview as Preview } from './use-mockup-preview';

/**
 * The product with the person's QR code on it (the mockup's pictures), or the product's own pictures until there is
 * one. Says when a new preview is being made, and, when the server refuses to make one for want of an active QR
 * code, why, with the way to a code.
 */
export function MockupPreview({
  preview,
  productImages,
  productTitle,
  generating,
  refusal,
}: {
  preview: Preview | null;
  productImages: string[];
  productTitle: string;
  generating: boolean;
  refusal: string | null;
}) {
  return (
    <div>
      {preview ? (
        <ImageCarousel images={preview.urls} label={`Mockup of your QR code on the ${productTitle}`} />
      ) : (
        <ImageCarousel images={productImages} label={productTitle} />
      )}
      <p role="status" className="mt-2 flex min-h-6 items-center gap-2 text-[15px] text-slate-600 dark:text-slate-300">
        {generating ? (
          <>
            <Spinner className="size-4" />
            Updating your preview…
          </>
        ) : null}
      </p>
      {refusal ? (
        <InlineAlert
          tone="error"
          className="mt-2"
          action={
            <Link
              to={paths.home.getHref({ noActiveQr: true })}
              className={buttonClasses({ variant: 'secondary', className: 'whitespace-nowrap' })}
            >
              <QrCode className="size-5" aria-hidden="true" />
              Create or renew your QR code
            </Link>
          }
        >
          {refusal}
        </InlineAlert>
      ) : null}
    </div>
  );
}
