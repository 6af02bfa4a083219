import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as contracts from '@medical-qr/contracts';
import { BUS_ACCESS, BUS_PROCESSES, SERVICE_NAMES } from '@medical-qr/contracts';
import { busPermissions, deploymentNatsConfig } from './bus-permissions.js';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** Every source file of a process, tests left out. */
function sourcesOf(process: string): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((entry) => {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) return walk(path);
      return /\.ts$/.test(entry) && !/\.spec\.ts$/.test(entry) ? [path] : [];
    });
  return walk(`${ROOT}services/${process}/src`);
}

/** The other services' patterns a process's code names (`RecordsPatterns.list` and the like). */
function patternsNamedBy(process: string): string[] {
  const named = new Set<string>();
  for (const file of sourcesOf(process)) {
    for (const [, group, key] of readFileSync(file, 'utf8').matchAll(
      /\b(Identity|Records|Billing|Shop|Privacy)(?:Patterns|Api)\.([A-Za-z]+)/g,
    )) {
      const patterns = (contracts as unknown as Record<string, Record<string, string>>)[`${group}Patterns`]!;
      if (patterns[key!]) named.add(patterns[key!]!);
    }
  }
  return [...named].filter((pattern) => !pattern.startsWith(`${process}.`)).sort();
}

describe('who may do what on the bus', () => {
  it.each(BUS_PROCESSES)(
    "lets %s call every other service's pattern its code names, so locking the bus breaks nothing",
    (process) => {
      const allowed = new Set(BUS_ACCESS[process].calls);
      expect(patternsNamedBy(process).filter((pattern) => !allowed.has(pattern))).toEqual([]);
    },
  );

  it.each(BUS_PROCESSES)('has %s call only patterns some service answers', (process) => {
    const answered = SERVICE_NAMES.filter((service) => BUS_ACCESS[service].answers === service);
    const unanswered = BUS_ACCESS[process].calls.filter(
      (pattern) => !answered.some((service) => pattern.startsWith(`${service}.`)),
    );
    expect(unanswered).toEqual([]);
  });

  it('keeps user-scoped record reads to the gateway: no service may list records or open cards', () => {
    const callers = (pattern: string) => BUS_PROCESSES.filter((process) => BUS_ACCESS[process].calls.includes(pattern));
    expect(callers(contracts.RecordsPatterns.list)).toEqual(['gateway']);
    expect(callers(contracts.RecordsPatterns.card)).toEqual(['gateway']);
    expect(callers(contracts.RecordsPatterns.history)).toEqual(['gateway']);
    // Erasure is privacy's alone.
    expect(callers(contracts.RecordsPatterns.eraseUser)).toEqual(['privacy']);
  });

  it('gives each process its own reply inbox and its own service subjects, within its namespace only', () => {
    const records = busPermissions('records', ['mqr']);
    expect(records.subscribe.sort()).toEqual(['_INBOX_records.>', 'mqr.records.>']);
    expect(records.publish).toContain('mqr.billing.premium.status');
    // Records asks identity for three mails only: the link that proves an anonymous code's email, the reminder that
    // a code's facts went unchecked, and the owner's mail of a family alert.
    expect(records.publish.filter((subject) => subject.startsWith('mqr.identity.'))).toEqual([
      'mqr.identity.code-confirmation-mail.send',
      'mqr.identity.facts-reminder-mail.send',
      'mqr.identity.family-alert-mail.send',
    ]);
    const gateway = busPermissions('gateway', ['mqr']);
    expect(gateway.subscribe).not.toContain('mqr.records.>');
    expect(gateway.publish).not.toContain('mqr.records.user.erase');
  });

  it('is what the committed k8s/nats/nats-server.conf says (regenerate: node scripts/write-nats-config.mjs)', () => {
    expect(readFileSync(`${ROOT}k8s/nats/nats-server.conf`, 'utf8')).toBe(deploymentNatsConfig('mqr'));
  });

  it('keeps passwords out of that file: the server reads each from its environment', () => {
    const config = deploymentNatsConfig('mqr');
    for (const process of BUS_PROCESSES) {
      expect(config).toContain(`password: $NATS_PASSWORD_${process.toUpperCase()}`);
    }
    expect(config).not.toMatch(/password: "/);
  });
});
