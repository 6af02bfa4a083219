import { fileURLToPath } from 'node:url';
import { bootstrapService } from '@medical-qr/platform';
import { privacyEnvSchema } from './config.js';
import { PrivacyModule } from './privacy.module.js';

await bootstrapService({
  name: 'privacy',
  module: PrivacyModule,
  configSchema: privacyEnvSchema,
  migrationsFolder: fileURLToPath(new URL('../migrations', import.meta.url)),
});
