import { fileURLToPath } from 'node:url';
import { bootstrapService } from '@medical-qr/platform';
import { PrivacyModule } from './privacy.module.js';

await bootstrapService({
  name: 'privacy',
  module: PrivacyModule,
  migrationsFolder: fileURLToPath(new URL('../migrations', import.meta.url)),
});
