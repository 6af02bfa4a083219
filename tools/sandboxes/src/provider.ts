import type { Router } from 'express';
import type { createLogger } from '@medical-qr/platform';
import type { SandboxConfig, SandboxProvider } from './config.js';

export type SandboxLogger = ReturnType<typeof createLogger>;

export interface ProviderContext {
  config: SandboxConfig;
  logger: SandboxLogger;
}

/** One stand-in: its HTTP routes (mounted at the root, on the provider's real paths) and whatever else it listens on. */
export interface RunningProvider {
  name: SandboxProvider;
  router: Router;
  close(): Promise<void>;
}
