import { readdirSync, readFileSync } from 'node:fs';
import type { IsolatedStack } from '@medical-qr/launcher';

export interface SystemProcess {
  name: string;
  pid: number;
}

/** The process whose command line names `needle` (the private nats-server, by its own config file), if any. */
function pidByCommandLine(needle: string): number | undefined {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(needle)) return Number(entry);
    } catch {
      // Gone since the listing.
    }
  }
  return undefined;
}

/** Every process of an isolated system: its services and gateway (the launcher's children) and its nats-server. */
export function systemProcesses(system: IsolatedStack): SystemProcess[] {
  const processes = system.stack.instances.map((instance) => ({ name: instance.id, pid: instance.child.pid! }));
  const nats = pidByCommandLine(system.nats.configFile);
  return nats ? [...processes, { name: 'nats', pid: nats }] : processes;
}
