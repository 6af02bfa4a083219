import { fileURLToPath } from 'node:url';
import { bootstrapService } from '@medical-qr/platform';
import { recordsEnvSchema } from './config.js';
import { RecordsModule } from './records.module.js';

await bootstrapService({
  name: 'records',
  module: RecordsModule,
  migrationsFolder: fileURLToPath(new URL('../migrations', import.meta.url)),
  configSchema: recordsEnvSchema,
});
