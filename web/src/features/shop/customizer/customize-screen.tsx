import { ShopMessages, type Blueprint } from '@medical-qr/contracts';
import { skipToken } from '@reduxjs/toolkit/query';
import { PackageX, ShoppingBag, ShoppingCart } from 'lucide-react';
import type { ReactNode } from 'react';
import { ActionLink } from '../../../components/ui/action-link';
import { PageMessage } from '../../../components/ui/page-message';
import { panel } from '../../../components/ui/panel';
import { QueryState } from '../../../components/ui/query-state';
import { useDocumentTitle } from '../../../lib/document-title';
import { paths } from '../../../lib/paths';
import { useGetCartItemQuery } from '../cart-api';
import { useGetBlueprintQuery } from '../catalog-api';
import { ImageCarousel } from '../image-carousel';
import { statusOf } from '../shop-errors';
import { Customizer } from './customizer';
import { PageTitle } from '../../../components/ui/page-title';

/** A route's `:blueprintId` as a product id, or null when it cannot be one. */
function productIdOf(param: string | undefined): number | null {
  const id = Number(param);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * /customize/{blueprintId} (SPEC section 2, "Customize"), `?cartItemId=` to edit a cart line. It loads the product
 * (and the line), then hands them to the customizer. A visitor sees the product and `visitorPrompt` (ordering needs
 * an account).
 */
export function CustomizeScreen({
  blueprintId,
  cartItemId,
  isPremium,
  visitorPrompt,
}: {
  blueprintId: string | undefined;
  cartItemId: string | null;
  isPremium: boolean;
  /** Shown to a visitor in place of the options. */
  visitorPrompt?: ReactNode;
}) {
  const id = productIdOf(blueprintId);
  const blueprint = useGetBlueprintQuery(id ?? skipToken);
  const editing = useGetCartItemQuery(cartItemId && !visitorPrompt ? cartItemId : skipToken);
  useDocumentTitle(blueprint.data ? `Customize ${blueprint.data.title}` : 'Customize');

  if (id === null || statusOf(blueprint.error) === 404) {
    return <Missing title="Product not found" message={ShopMessages.productNotFound} back="shop" />;
  }
  return (
    <QueryState
      query={blueprint}
      keepDataOnError
      loadingLabel="Loading the product…"
      error={{ title: 'Product unavailable', message: ShopMessages.loadProductFailed, retryLabel: 'Retry' }}
      errorFrame={frame}
    >
      {(product) => {
        if (visitorPrompt) return <VisitorView blueprint={product} prompt={visitorPrompt} />;
        // A new line to edit starts the customizer afresh (the key).
        if (!cartItemId) return <Customizer key="new" blueprint={product} isPremium={isPremium} />;
        if (statusOf(editing.error) === 404) {
          return <Missing title="Cart item not found" message="This item is no longer in your cart." back="cart" />;
        }
        return (
          <QueryState
            query={editing}
            keepDataOnError
            loadingLabel="Loading your cart item…"
            error={{
              title: 'Cart item unavailable',
              message: 'The item to edit could not be loaded.',
              retryLabel: 'Retry',
            }}
            errorFrame={frame}
          >
            {(item) => <Customizer key={item.id} blueprint={product} isPremium={isPremium} editing={item} />}
          </QueryState>
        );
      }}
    </QueryState>
  );
}

function frame(alert: ReactNode) {
  return <div className="mx-auto max-w-3xl px-5 py-10 sm:px-6">{alert}</div>;
}

function Missing({ title, message, back }: { title: string; message: string; back: 'shop' | 'cart' }) {
  return (
    <PageMessage icon={PackageX} title={title} message={message}>
      <div className="mt-8 w-full sm:w-auto">
        {back === 'shop' ? (
          <ActionLink to={paths.shop.getHref()} icon={ShoppingBag}>
            Browse Merch Shop
          </ActionLink>
        ) : (
          <ActionLink to={paths.cart.getHref()} icon={ShoppingCart}>
            Go to Cart
          </ActionLink>
        )}
      </div>
    </PageMessage>
  );
}

function VisitorView({ blueprint, prompt }: { blueprint: Blueprint; prompt: ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl px-5 py-8 sm:px-6 md:py-12">
      <PageTitle eyebrow="Customize & order">{blueprint.title}</PageTitle>
      {blueprint.brand ? <p className="mt-1 text-base text-slate-600 dark:text-slate-300">{blueprint.brand}</p> : null}
      <div className="mt-8 grid items-start gap-8 lg:grid-cols-2 lg:gap-12">
        <ImageCarousel images={blueprint.images} label={blueprint.title} />
        <div className="flex flex-col gap-6">
          {blueprint.description ? (
            <p className="text-base leading-relaxed text-slate-700 dark:text-slate-300">{blueprint.description}</p>
          ) : null}
          <div className={panel()}>{prompt}</div>
        </div>
      </div>
    </div>
  );
}
