import { fileURLToPath } from 'node:url';
import { bootstrapService } from '@medical-qr/platform';
import { shopEnvSchema } from './config.js';
import { ShopModule } from './shop.module.js';

await bootstrapService({
  name: 'shop',
  module: ShopModule,
  migrationsFolder: fileURLToPath(new URL('../migrations', import.meta.url)),
  configSchema: shopEnvSchema,
});
