import type { Router } from 'express';
import type { createLogger } from '@medical-qr/platform';

export type SandboxLogger = ReturnType<typeof createLogger>;

/** A port a stand-in listens on besides the shared HTTP server (the SMTP catcher's, say). */
export interface PortSetting {
  variable: `SANDBOX_${string}_PORT`;
  defaultPort: number;
}

/** A value of the stand-in's own that the product must match, such as the only OAuth client it accepts. */
export interface ValueSetting {
  variable: `SANDBOX_${string}`;
  defaultValue: string;
}

/** A call the stand-in makes to the product (a signed webhook, say), at a path of the product's. */
export interface OutboundCall {
  path: `/${string}`;
  what: string;
}

/** What a stand-in gets when it starts. */
export interface ProviderContext<
  Port extends string = string,
  Setting extends string = string,
  Call extends string = string,
> {
  host: string;
  /** Where to listen, by the descriptor's names; 0 asks the kernel for a free port. */
  ports: Record<Port, number>;
  settings: Record<Setting, string>;
  logger: SandboxLogger;
  /** The product's absolute URL for a declared outbound call; throws when the product's address is unknown. */
  productUrl(call: Call): string;
}

/** A running stand-in: its routes, mounted at the root of the shared HTTP server on the real provider's paths. */
export interface RunningProvider<Port extends string = string> {
  router: Router;
  /** The ports really bound (another number than asked when 0 was asked). */
  ports: Record<Port, number>;
  close(): Promise<void>;
}

/** Where a running stand-in is, for the variables that point the product at it. */
export interface StandInAddress<Port extends string = string, Setting extends string = string> {
  /** The shared HTTP server as processes on this machine call it, e.g. http://127.0.0.1:4100. */
  serverUrl: string;
  /** The same server as a browser is sent to it, e.g. http://localhost:4100 (the app's own host name). */
  browserUrl: string;
  ports: Record<Port, number>;
  settings: Record<Setting, string>;
  /** The product's environment so far, for values a stand-in fills in only when unset (MAIL_FROM). */
  env: NodeJS.ProcessEnv;
}

/**
 * One provider stand-in: everything the sandbox server, its configuration and the launcher need to know about it.
 * Each folder under src/ exports one, and `PROVIDERS` (providers.ts) lists them.
 */
export interface ProviderDescriptor<
  Port extends string = string,
  Setting extends string = string,
  Call extends string = string,
> {
  /** As written in SANDBOX_PROVIDERS. */
  name: string;
  /** What `npm start` calls it: "SMTP mail". */
  label: string;
  /** The real provider's variables: when any is set, the product uses the real provider and this stand-in stays off. */
  realVariables: readonly string[];
  ports: Record<Port, PortSetting>;
  settings: Record<Setting, ValueSetting>;
  outbound: Record<Call, OutboundCall>;
  start(context: ProviderContext<Port, Setting, Call>): Promise<RunningProvider<Port>>;
  /** The variables that point the product at this stand-in. */
  productEnv(address: StandInAddress<Port, Setting>): Record<string, string>;
  /** A line for `npm start`'s banner, if people have something to open. */
  banner?(address: StandInAddress<Port, Setting> & { appUrl: string }): string;
}

/** Keeps a descriptor's own names precise while it is written, and lets `PROVIDERS` hold descriptors of any shape. */
export function defineProvider<
  Port extends string = never,
  Setting extends string = never,
  Call extends string = never,
>(descriptor: ProviderDescriptor<Port, Setting, Call>): ProviderDescriptor {
  return descriptor as unknown as ProviderDescriptor;
}
