// The provider stand-ins as a process of their own (what the launcher runs). Never in production.
import { ConfigError, exitWithParent } from '@medical-qr/platform';
import { loadSandboxConfig, PRODUCTION_REFUSAL, type SandboxConfig } from './config.js';
import { startSandboxes } from './server.js';

if (process.env.NODE_ENV === 'production') {
  process.stderr.write(`sandboxes: refusing to start with NODE_ENV=production: ${PRODUCTION_REFUSAL}\n`);
  process.exit(1);
}

let config: SandboxConfig;
try {
  config = loadSandboxConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`sandboxes: ${error.message}\n`);
    process.exit(1);
  }
  throw error;
}

const running = await startSandboxes(config).catch((error: Error) => {
  process.stderr.write(`sandboxes: cannot start: ${error.message}\n`);
  process.exit(1);
});

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  void running.close().then(() => process.exit(0));
  setTimeout(() => process.exit(0), 3000).unref();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// Started by the launcher: stop with it even when it dies without stopping us.
exitWithParent(() => running.close());
