import { fileURLToPath } from 'node:url';
import { bootstrapService } from '@medical-qr/platform';
import { BillingModule } from './billing.module.js';
import { billingEnvSchema } from './config.js';

await bootstrapService({
  name: 'billing',
  module: BillingModule,
  migrationsFolder: fileURLToPath(new URL('../migrations', import.meta.url)),
  configSchema: billingEnvSchema,
});
