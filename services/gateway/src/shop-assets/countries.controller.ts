import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type Country, countriesResponseSchema } from '@medical-qr/contracts';
import { shippingCountries } from './shipping-countries.js';

/** The countries the shop's address form offers. */
@ApiTags('shop')
@Controller()
export class CountriesController {
  @Get('countries')
  // The list changes only with the runtime's country names, that is with a redeploy.
  @Header('Cache-Control', 'public, max-age=86400')
  @ApiOperation({
    summary: 'Every country by ISO 3166-1 alpha-2 code and English name: CA, US, GB, IN first, then by name',
  })
  @ApiOkResponse({ standardSchema: countriesResponseSchema })
  countries(): readonly Country[] {
    return shippingCountries();
  }
}
