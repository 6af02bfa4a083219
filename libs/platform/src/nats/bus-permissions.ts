import { BUS_ACCESS, BUS_PROCESSES, type BusProcess, type DurableEvent } from '@medical-qr/contracts';
import { deadLetterAddress, eventAddress } from '../events/event-streams.js';
import { namespacedSubject } from './namespace.js';
import { inboxPrefixOf } from './nats-options.js';

/** The subjects one NATS user may publish to and subscribe to; everything else is refused by the server. */
export interface NatsPermissions {
  publish: string[];
  subscribe: string[];
}

/** The JetStream API calls that keep an event's stream in shape: made by everyone who publishes or consumes it. */
function streamUpkeep(stream: string): string[] {
  return [`$JS.API.STREAM.CREATE.${stream}`, `$JS.API.STREAM.UPDATE.${stream}`, `$JS.API.STREAM.INFO.${stream}`];
}

/** Creating, reading and pulling from the process's own durable consumer on a stream, and acknowledging what it got. */
function ownConsumer(stream: string, consumer: string): string[] {
  return [
    `$JS.API.CONSUMER.CREATE.${stream}.${consumer}`,
    `$JS.API.CONSUMER.CREATE.${stream}.${consumer}.>`,
    `$JS.API.CONSUMER.DURABLE.CREATE.${stream}.${consumer}`,
    `$JS.API.CONSUMER.INFO.${stream}.${consumer}`,
    `$JS.API.CONSUMER.MSG.NEXT.${stream}.${consumer}`,
    `$JS.ACK.${stream}.${consumer}.>`,
  ];
}

/**
 * What `process` may do on the bus, for every copy of the system (namespace) the server carries.
 * Made from BUS_ACCESS alone, so the permissions and the contract cannot drift apart.
 */
export function busPermissions(process: BusProcess, namespaces: readonly string[]): NatsPermissions {
  const access = BUS_ACCESS[process];
  const publish = new Set<string>();
  // Replies come back on the process's own inbox prefix; no one else may read them.
  const subscribe = new Set<string>([`${inboxPrefixOf(process)}.>`]);
  const usesJetStream = access.publishes.length + access.consumes.length > 0;
  if (usesJetStream) publish.add('$JS.API.INFO');
  for (const namespace of namespaces) {
    const address = (event: DurableEvent) => eventAddress(namespace, event.subject);
    if (access.answers) subscribe.add(namespacedSubject(namespace, `${access.answers}.>`));
    for (const pattern of access.calls) publish.add(namespacedSubject(namespace, pattern));
    for (const event of access.publishes) {
      const { subject, stream } = address(event);
      publish.add(subject);
      for (const call of streamUpkeep(stream)) publish.add(call);
    }
    for (const event of access.consumes) {
      const { stream } = address(event);
      for (const call of [...streamUpkeep(stream), ...ownConsumer(stream, process)]) publish.add(call);
    }
    // An event it cannot read goes to its own subject of the dead-letter stream.
    if (access.consumes.length > 0) {
      const deadLetters = deadLetterAddress(namespace, process);
      publish.add(deadLetters.subject);
      for (const call of streamUpkeep(deadLetters.stream)) publish.add(call);
    }
    for (const event of access.observes) subscribe.add(address(event).subject);
  }
  return { publish: [...publish], subscribe: [...subscribe] };
}

/** How a user's password appears in the configuration: a literal, or a variable the server reads from its environment. */
export type PasswordSource = { literal: string } | { environment: string };

/** The variable the NATS server reads `process`'s password from in deployments (NATS_PASSWORD_RECORDS, ...). */
export function natsPasswordVariable(process: BusProcess): string {
  return `NATS_PASSWORD_${process.toUpperCase()}`;
}

export interface NatsAuthorizationOptions {
  /** The copies of the system (REDIS_PREFIX values) whose subjects the permissions cover. */
  namespaces: readonly string[];
  password: (process: BusProcess) => PasswordSource;
  /** An operator user with every permission (tests and maintenance only; never in a deployment). */
  admin?: { user: string; password: string };
}

const quoted = (value: string) => JSON.stringify(value);
const list = (subjects: string[]) => `[${subjects.map(quoted).join(', ')}]`;

/**
 * The `authorization` block of nats-server's configuration: one user per process, each allowed only
 * its own subjects (BUS_ACCESS), answering requests through allow_responses. A connection without a
 * known user and password is refused.
 */
export function natsAuthorizationConfig(options: NatsAuthorizationOptions): string {
  const users = BUS_PROCESSES.map((process) => {
    const permissions = busPermissions(process, options.namespaces);
    const source = options.password(process);
    const password = 'literal' in source ? quoted(source.literal) : `$${source.environment}`;
    return [
      `    {`,
      `      user: ${quoted(process)}`,
      `      password: ${password}`,
      `      permissions: {`,
      `        publish: { allow: ${list(permissions.publish)} }`,
      `        subscribe: { allow: ${list(permissions.subscribe)} }`,
      `        allow_responses: true`,
      `      }`,
      `    }`,
    ].join('\n');
  });
  if (options.admin) {
    users.push(
      [
        `    {`,
        `      user: ${quoted(options.admin.user)}`,
        `      password: ${quoted(options.admin.password)}`,
        `    }`,
      ].join('\n'),
    );
  }
  return `authorization {\n  users = [\n${users.join('\n')}\n  ]\n}\n`;
}

/**
 * The configuration file deployments mount (k8s/nats/nats-server.conf): the users of one copy of the
 * system, each password read from the server's environment, so the file holds no secret.
 */
export function deploymentNatsConfig(namespace: string): string {
  const header = [
    '# NATS users and permissions of Medical QR: each process signs in as itself and may publish and',
    '# subscribe only to what it owns or calls (libs/contracts/src/bus-access.ts). Generated: edit the',
    '# contract, then `node scripts/write-nats-config.mjs [namespace]`. Passwords come from the server',
    '# environment (NATS_PASSWORD_<PROCESS>); a connection without a known user is refused.',
    `# Namespace (REDIS_PREFIX): ${namespace}`,
    '',
  ].join('\n');
  return (
    header +
    natsAuthorizationConfig({
      namespaces: [namespace],
      password: (process) => ({ environment: natsPasswordVariable(process) }),
    })
  );
}
