import type { z } from 'zod';
import {
  blueprintIdSchema,
  cartItemIdSchema,
  ErrorCodes,
  orderIdSchema,
  orderTagRequestSchema,
  printProviderIdSchema,
  ShopMessages,
} from '@medical-qr/contracts';
import { AppError } from '@medical-qr/platform';

/** A path id that is not even well-formed names nothing: the same 404 as an unknown one. */
function pathId<S extends z.ZodType>(schema: S, raw: string, notFound: string): z.output<S> {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new AppError(ErrorCodes.NOT_FOUND, notFound);
  return parsed.data;
}

export const blueprintIdOf = (raw: string): number => pathId(blueprintIdSchema, raw, ShopMessages.productNotFound);
export const printProviderIdOf = (raw: string): number =>
  pathId(printProviderIdSchema, raw, ShopMessages.printProviderNotFound);
export const cartItemIdOf = (raw: string): string => pathId(cartItemIdSchema, raw, ShopMessages.cartItemNotFound);
export const orderIdOf = (raw: string): string => pathId(orderIdSchema, raw, ShopMessages.orderNotFound);
export const itemIndexOf = (raw: string): number =>
  pathId(orderTagRequestSchema.shape.itemIndex, raw, ShopMessages.tagNotFound);
