import { Controller, Get, Inject, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  blueprintSchema,
  printProviderSchema,
  shippingResponseSchema,
  variantsResponseSchema,
  ShopApi,
} from '@medical-qr/contracts';
import { SERVICE_CLIENT, type ServiceClient } from '@medical-qr/platform';
import { blueprintIdOf, printProviderIdOf } from './shop-params.js';

/** The shop's catalog, public: anyone may browse (SPEC section 6); the shop service caches Printify's answers. */
@ApiTags('shop')
@Controller('printify/blueprints')
export class CatalogController {
  constructor(@Inject(SERVICE_CLIENT) private readonly services: ServiceClient) {}

  @Get()
  @ApiOperation({ summary: 'The products the shop offers (filtered, categorised, descriptions as text)' })
  @ApiOkResponse({ standardSchema: z.array(blueprintSchema) })
  blueprints() {
    return this.services.send(ShopApi.blueprints, {});
  }

  @Get(':blueprintId')
  @ApiOperation({ summary: 'One product of the shop; 404 when the shop does not offer it' })
  @ApiOkResponse({ standardSchema: blueprintSchema })
  blueprint(@Param('blueprintId') blueprintId: string) {
    return this.services.send(ShopApi.blueprint, { blueprintId: blueprintIdOf(blueprintId) });
  }

  @Get(':blueprintId/print-providers')
  @ApiOperation({ summary: "The product's print providers" })
  @ApiOkResponse({ standardSchema: z.array(printProviderSchema) })
  printProviders(@Param('blueprintId') blueprintId: string) {
    return this.services.send(ShopApi.printProviders, { blueprintId: blueprintIdOf(blueprintId) });
  }

  @Get(':blueprintId/print-providers/:printProviderId/variants')
  @ApiOperation({ summary: "The provider's variants of the product that are in stock" })
  @ApiOkResponse({ standardSchema: variantsResponseSchema })
  variants(@Param('blueprintId') blueprintId: string, @Param('printProviderId') printProviderId: string) {
    return this.services.send(ShopApi.variants, {
      blueprintId: blueprintIdOf(blueprintId),
      printProviderId: printProviderIdOf(printProviderId),
    });
  }

  @Get(':blueprintId/print-providers/:printProviderId/shipping')
  @ApiOperation({ summary: "The provider's shipping profiles for the product (costs in cents)" })
  @ApiOkResponse({ standardSchema: shippingResponseSchema })
  shipping(@Param('blueprintId') blueprintId: string, @Param('printProviderId') printProviderId: string) {
    return this.services.send(ShopApi.shipping, {
      blueprintId: blueprintIdOf(blueprintId),
      printProviderId: printProviderIdOf(printProviderId),
    });
  }
}
