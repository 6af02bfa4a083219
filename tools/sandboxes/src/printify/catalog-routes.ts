import type { Router } from 'express';
import { CATALOG, findBlueprint, findOffer, shippingOf, type BlueprintData, type Offer } from './catalog-data.js';
import { notFound } from './errors.js';
import { numericId, type ApiCall } from './http.js';
import type { RouteContext } from './route-context.js';
import type { Blueprint, BlueprintVariants, CatalogVariant } from './types.js';

/** Where a blueprint's pictures are served, on the address the caller used. */
export const blueprintImageUrl = (base: string, id: number, index: number) =>
  `${base}/printify-images/blueprints/${id}/${index + 1}.png`;

function blueprintJson(
  { id, title, description, brand, model, picture: _picture }: BlueprintData,
  base: string,
): Blueprint {
  return { id, title, description, brand, model, images: [0, 1].map((index) => blueprintImageUrl(base, id, index)) };
}

function blueprintOf(call: ApiCall): BlueprintData {
  const id = numericId(call.path.blueprintId, 'Blueprint');
  const blueprint = findBlueprint(id);
  if (!blueprint) throw notFound(`Blueprint ${id}`);
  return blueprint;
}

function offerOf(call: ApiCall): Offer {
  const blueprint = blueprintOf(call);
  const providerId = numericId(call.path.providerId, 'Print provider');
  const offer = findOffer(blueprint, providerId);
  if (!offer) throw notFound(`Print provider ${providerId} for blueprint ${blueprint.id}`);
  return offer;
}

/** `show-out-of-stock=0` leaves out what cannot be ordered now. */
function variantsJson(offer: Offer, showOutOfStock: boolean): BlueprintVariants {
  const variants: CatalogVariant[] = offer.variants
    .filter((variant) => showOutOfStock || variant.is_available !== false)
    .map(({ id, title, options, placeholders, is_available }) => ({ id, title, options, placeholders, is_available }));
  return { id: offer.provider.id, title: offer.provider.title, variants };
}

/** Printify's catalog: blueprints, their print providers, variants and shipping. */
export function catalogRoutes(router: Router, { api }: RouteContext): void {
  router.get(
    '/v1/catalog/blueprints.json',
    api((call) => CATALOG.map((blueprint) => blueprintJson(blueprint, call.base))),
  );
  router.get(
    '/v1/catalog/blueprints/:blueprintId.json',
    api((call) => blueprintJson(blueprintOf(call), call.base)),
  );
  router.get(
    '/v1/catalog/blueprints/:blueprintId/print_providers.json',
    api((call) => blueprintOf(call).offers.map(({ provider }) => ({ ...provider }))),
  );
  router.get(
    '/v1/catalog/blueprints/:blueprintId/print_providers/:providerId/variants.json',
    api((call) => variantsJson(offerOf(call), call.query['show-out-of-stock'] !== '0')),
  );
  router.get(
    '/v1/catalog/blueprints/:blueprintId/print_providers/:providerId/shipping.json',
    api((call) => shippingOf(offerOf(call))),
  );
}
