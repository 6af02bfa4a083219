// Writes k8s/nats/nats-server.conf, the NATS users and permissions for compose and the demo overlay,
// from the bus contract (libs/contracts bus-access.ts). Run after changing who may call what:
//   npm run build && node scripts/write-nats-config.mjs [namespace]
// The namespace is the deployment's REDIS_PREFIX (default mqr). Passwords stay out of the file: the
// server reads each from its environment (NATS_PASSWORD_RECORDS, ...).
import { writeFileSync } from 'node:fs';
import { deploymentNatsConfig } from '../libs/platform/dist/index.js';

const namespace = process.argv[2] ?? 'mqr';
const file = new URL('../k8s/nats/nats-server.conf', import.meta.url);
writeFileSync(file, deploymentNatsConfig(namespace));
console.log(`Wrote ${file.pathname} for namespace ${namespace}.`);
