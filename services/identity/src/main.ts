import { fileURLToPath } from 'node:url';
import { bootstrapService } from '@medical-qr/platform';
import { identityEnvSchema } from './config.js';
import { IdentityModule } from './identity.module.js';

await bootstrapService({
  name: 'identity',
  module: IdentityModule,
  migrationsFolder: fileURLToPath(new URL('../migrations', import.meta.url)),
  configSchema: identityEnvSchema,
});
