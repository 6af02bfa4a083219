import { Inject, Injectable } from '@nestjs/common';
import { FIELD_CIPHER, type FieldCipher } from '@medical-qr/platform';
import { useShopCipher } from './sealed-columns.js';

/** Gives the sealed columns their cipher when the module is built, before any handler or job can query. */
@Injectable()
export class ShopCipherInstaller {
  constructor(@Inject(FIELD_CIPHER) cipher: FieldCipher) {
    useShopCipher(cipher);
  }
}
