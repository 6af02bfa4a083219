// Production's stateful layer and placement, read from the rendered overlays (rendered-cluster.ts): settings that roll
// the pods when they change, a gateway liveness probe that a blocked event loop fails, pods sized from measured memory,
// spread over zones and hosts with budgets and priorities, the NATS cluster and the PgBouncer pool of the prod overlay.
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parse } from 'yaml';
import { NODE_FLAGS } from '../../tools/launcher/src/node-flags.js';
import { FILES, PROCESSES, read } from './process-needs.js';
import {
  NAMESPACE,
  OVERLAYS,
  type Cluster,
  type KubeObject,
  quantity,
  rendered,
  renderDirectory,
  resolvePort,
  selects,
} from './rendered-cluster.js';

const METRICS_PORT = 9464;
const CONFIG_MAP = 'medical-qr-config';
/** kustomize's hash suffix: a dash and ten letters or digits. */
const HASHED = (name: string) => new RegExp(`^${name}-[a-z0-9]{10}$`);

/** Every ConfigMap a pod template names: envFrom, env entries, volumes (projected ones too). */
function configMapReferences(workload: KubeObject): string[] {
  const spec = workload.spec.template.spec;
  const containers = [...(spec.initContainers ?? []), ...spec.containers];
  return [
    ...containers.flatMap((container: any) => [
      ...(container.envFrom ?? []).flatMap((from: any) => (from.configMapRef ? [from.configMapRef.name] : [])),
      ...(container.env ?? []).flatMap((entry: any) =>
        entry.valueFrom?.configMapKeyRef ? [entry.valueFrom.configMapKeyRef.name] : [],
      ),
    ]),
    ...(spec.volumes ?? []).flatMap((volume: any) => [
      ...(volume.configMap ? [volume.configMap.name] : []),
      ...(volume.projected?.sources ?? []).flatMap((source: any) => (source.configMap ? [source.configMap.name] : [])),
    ]),
  ];
}

// ---------------------------------------------------------------------------------------------
// The components' folders
// ---------------------------------------------------------------------------------------------

const COMPONENTS = readdirSync(`${FILES}k8s/components`).filter((d) =>
  statSync(`${FILES}k8s/components/${d}`).isDirectory(),
);

describe('k8s/components', () => {
  it('has the NATS cluster and PgBouncer beside the shared service definition, each a Component', () => {
    expect(COMPONENTS.sort()).toEqual(expect.arrayContaining(['nats-cluster', 'nats-service', 'pgbouncer']));
    for (const component of COMPONENTS) {
      const { kind } = parse(read(`k8s/components/${component}/kustomization.yaml`)) as { kind?: string };
      expect({ component, kind }).toEqual({ component, kind: 'Component' });
    }
  });

  it.each([...COMPONENTS.map((c) => `k8s/components/${c}`), 'k8s/base'])(
    '%s uses every file in its folder, and names only files that exist',
    (dir) => {
      type Generator = { files?: string[]; envs?: string[] };
      const kustomization = parse(read(`${dir}/kustomization.yaml`)) as {
        resources?: string[];
        patches?: { path?: string }[];
        configMapGenerator?: Generator[];
      };
      const used = [
        ...(kustomization.resources ?? []),
        ...(kustomization.patches ?? []).flatMap((patch) => (patch.path ? [patch.path] : [])),
        // A generator's file may be named `key=path`: the key in the ConfigMap, then the file.
        ...(kustomization.configMapGenerator ?? []).flatMap((g) =>
          [...(g.files ?? []), ...(g.envs ?? [])].map((file) => file.replace(/^[^=]*=/, '')),
        ),
      ];
      const missing = used.filter((path) => !existsSync(`${FILES}${join(dir, path)}`));
      const unused = readdirSync(`${FILES}${dir}`).filter(
        (file) => statSync(`${FILES}${dir}/${file}`).isFile() && file !== 'kustomization.yaml' && !used.includes(file),
      );
      expect({ dir, missing, unused }).toEqual({ dir, missing: [], unused: [] });
    },
  );
});

// ---------------------------------------------------------------------------------------------
// Settings roll the pods
// ---------------------------------------------------------------------------------------------

describe.each(OVERLAYS)('k8s/overlays/%s: a changed setting rolls the pods', (overlay) => {
  let cluster: Cluster;
  beforeAll(() => {
    cluster = rendered(overlay);
  });

  it('generates medical-qr-config under a hashed name, and every process reads that one', () => {
    const configMaps = cluster.ofKind('ConfigMap').map((c) => c.metadata.name);
    expect(configMaps.filter((name) => name.startsWith(CONFIG_MAP))).toEqual([
      expect.stringMatching(HASHED(CONFIG_MAP)),
    ]);
    for (const process of PROCESSES) {
      const references = configMapReferences(cluster.deployment(process)!);
      expect({ process, references }).toEqual({ process, references: [expect.stringMatching(HASHED(CONFIG_MAP))] });
    }
  });

  it('leaves no reference to a ConfigMap that is not rendered', () => {
    const names = new Set(cluster.ofKind('ConfigMap').map((c) => c.metadata.name));
    const dangling = cluster
      .workloads()
      .flatMap((w) => configMapReferences(w).map((name) => `${w.kind}/${w.metadata.name} -> ${name}`))
      .filter((line) => !names.has(line.split(' -> ')[1]!));
    expect(dangling).toEqual([]);
  });

  it("names a new ConfigMap, in every process's pod template, when a setting changes in an overlay on top", () => {
    // A private overlay on top of this one changes one setting, as docs/deployment.md tells operators to.
    const directory = mkdtempSync(join(tmpdir(), 'medical-qr-overlay-'));
    try {
      writeFileSync(
        join(directory, 'kustomization.yaml'),
        [
          'apiVersion: kustomize.config.k8s.io/v1beta1',
          'kind: Kustomization',
          'resources:',
          `  - ${relative(directory, `${FILES}k8s/overlays/${overlay}`)}`,
          'patches:',
          '  - patch: |-',
          '      apiVersion: v1',
          '      kind: ConfigMap',
          `      metadata: { name: ${CONFIG_MAP}, namespace: medical-qr }`,
          '      data: { LOG_LEVEL: warn }',
          '',
        ].join('\n'),
      );
      const changed = renderDirectory(directory, `an overlay on k8s/overlays/${overlay}`);
      const before = cluster.ofKind('ConfigMap').find((c) => HASHED(CONFIG_MAP).test(c.metadata.name))!;
      const after = changed.find((o) => o.kind === 'ConfigMap' && HASHED(CONFIG_MAP).test(o.metadata.name))!;
      expect(after.data.LOG_LEVEL).toBe('warn');
      expect(after.metadata.name).not.toBe(before.metadata.name);
      for (const process of PROCESSES) {
        const deployment = changed.find((o) => o.kind === 'Deployment' && o.metadata.name === process)!;
        expect({ process, references: configMapReferences(deployment) }).toEqual({
          process,
          references: [after.metadata.name],
        });
      }
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});

// ---------------------------------------------------------------------------------------------
// The gateway's liveness
// ---------------------------------------------------------------------------------------------

describe.each(OVERLAYS)("k8s/overlays/%s: the gateway's liveness probe", (overlay) => {
  it('asks GET /livez on the metrics port, which the gateway answers from its own event loop', () => {
    const cluster = rendered(overlay);
    const container = cluster.containerOf(cluster.deployment('gateway')!);
    const liveness = container.livenessProbe ?? {};
    // A TCP check passes while the event loop is blocked: the kernel accepts the connection.
    expect({
      tcpSocket: liveness.tcpSocket,
      path: liveness.httpGet?.path,
      port: resolvePort(container, liveness.httpGet?.port),
    }).toEqual({ tcpSocket: undefined, path: '/livez', port: METRICS_PORT });
    // Started first: liveness counts only once the gateway got as far as the startup probe asks.
    const startup = container.startupProbe ?? {};
    expect(resolvePort(container, (startup.httpGet ?? startup.tcpSocket)?.port)).toEqual(expect.any(Number));
  });
});

// ---------------------------------------------------------------------------------------------
// Pods sized from measured memory
// ---------------------------------------------------------------------------------------------

/**
 * Each process's highest resident memory under load in the latest bench run (bench/RESULTS.md, the first table after
 * "## After the card's fast path"; peak RSS, VmHWM, in MiB): the figures the memory requests are made from.
 */
function measuredPeakMib(): Record<string, number> {
  const results = read('bench/RESULTS.md');
  const section = results.slice(results.indexOf("## After the card's fast path"));
  const lines = section.split('\n');
  const start = lines.findIndex((line) => line.startsWith('|'));
  const end = lines.findIndex((line, i) => i > start && !line.startsWith('|'));
  const table = lines.slice(start, end);
  const cells = (line: string) =>
    line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
  const header = cells(table[0]!);
  const peaks: Record<string, number> = {};
  for (const line of table.slice(2)) {
    cells(line).forEach((cell, column) => {
      const name = header[column]!;
      if (PROCESSES.includes(name) && /^\d+$/.test(cell)) peaks[name] = Math.max(peaks[name] ?? 0, Number(cell));
    });
  }
  return peaks;
}

const MIB = 2 ** 20;

describe.each(OVERLAYS)('k8s/overlays/%s: pods sized from measured memory', (overlay) => {
  let cluster: Cluster;
  let peaks: Record<string, number>;
  beforeAll(() => {
    cluster = rendered(overlay);
    peaks = measuredPeakMib();
  });

  it('reads a peak for every process from bench/RESULTS.md', () => {
    expect(Object.keys(peaks).sort()).toEqual([...PROCESSES].sort());
    for (const peak of Object.values(peaks)) expect(peak).toBeGreaterThan(100);
  });

  it.each(PROCESSES)(
    'requests the memory %s was measured to use, with a limit that leaves room above it',
    (process) => {
      const { resources } = cluster.containerOf(cluster.deployment(process)!);
      const request = quantity(resources?.requests?.memory) / MIB;
      const limit = quantity(resources?.limits?.memory) / MIB;
      // At the measured peak (or a little above, rounded), not below: a node packed by requests below what the pods
      // use runs out of memory; not far above either, or the cluster pays for room nobody uses.
      expect({ process, request, atPeak: request >= peaks[process]!, near: request <= peaks[process]! * 1.2 }).toEqual({
        process,
        request,
        atPeak: true,
        near: true,
      });
      expect({ process, limit, headroom: limit >= request * 1.5 }).toEqual({ process, limit, headroom: true });
    },
  );

  it.each(PROCESSES)("bounds %s's heap at about 75% of its memory limit, keeping the image's Node flags", (process) => {
    const container = cluster.containerOf(cluster.deployment(process)!);
    const limit = quantity(container.resources?.limits?.memory) / MIB;
    const nodeOptions = String(
      (container.env ?? []).find((entry: { name: string }) => entry.name === 'NODE_OPTIONS')?.value ?? '',
    ).split(/\s+/);
    // A NODE_OPTIONS of the pod replaces the image's, so it must carry the image's flags too.
    expect({ process, nodeOptions }).toEqual({ process, nodeOptions: expect.arrayContaining([...NODE_FLAGS]) });
    const heap = Number(
      /^--max-old-space-size=(\d+)$/.exec(nodeOptions.find((flag) => /old-space/.test(flag)) ?? '')?.[1],
    );
    const share = heap / limit;
    expect({ process, heap, limit, aboutThreeQuarters: share >= 0.7 && share <= 0.8 }).toEqual({
      process,
      heap,
      limit,
      aboutThreeQuarters: true,
    });
  });

  it.each(PROCESSES)('requests enough CPU for %s that the autoscaler’s 70% means real work', (process) => {
    const { resources } = cluster.containerOf(cluster.deployment(process)!);
    const request = quantity(resources?.requests?.cpu);
    expect({ process, request: request >= 0.25 }).toEqual({ process, request: true });
    const limit = resources?.limits?.cpu;
    if (process === 'identity') {
      // Password hashing is a burst of pure CPU: a tight quota would stretch every sign-in.
      expect({ process, limit: limit === undefined || quantity(limit) >= 2 }).toEqual({ process, limit: true });
    } else if (limit !== undefined) {
      expect({ process, roomAboveRequest: quantity(limit) >= 2 * request }).toEqual({
        process,
        roomAboveRequest: true,
      });
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Placement and disruption
// ---------------------------------------------------------------------------------------------

const ZONE = 'topology.kubernetes.io/zone';
const HOST = 'kubernetes.io/hostname';
/** The responder's path: a scanned card goes through the gateway to records. */
const CRITICAL_PROCESSES = ['gateway', 'records'];
const CRITICAL_CLASS = 'medical-qr-critical';
const STANDARD_CLASS = 'medical-qr-standard';

describe.each(OVERLAYS)('k8s/overlays/%s: placement and disruption', (overlay) => {
  let cluster: Cluster;
  beforeAll(() => {
    cluster = rendered(overlay);
  });

  it.each(PROCESSES)('spreads %s over zones and over nodes, counting only its own pods', (process) => {
    const d = cluster.deployment(process)!;
    const constraints: any[] = d.spec.template.spec.topologySpreadConstraints ?? [];
    expect({ process, keys: constraints.map((c) => c.topologyKey).sort() }).toEqual({
      process,
      keys: [ZONE, HOST].sort(),
    });
    // A hard spread where a dev or demo cluster has no zone labels would leave pods pending: only prod insists.
    const hard = overlay === 'prod' && CRITICAL_PROCESSES.includes(process);
    for (const constraint of constraints) {
      const alsoCounted = cluster
        .workloads()
        .filter((w) => w !== d && selects(constraint.labelSelector, cluster.podLabels(w)))
        .map((w) => w.metadata.name);
      expect({
        process,
        key: constraint.topologyKey,
        maxSkew: constraint.maxSkew,
        whenUnsatisfiable: constraint.whenUnsatisfiable,
        countsOwnPods: selects(constraint.labelSelector, cluster.podLabels(d)),
        alsoCounted,
        // Nodes the pods may not run on (a lost zone's tainted nodes) must not hold a hard spread back.
        taints: hard ? constraint.nodeTaintsPolicy : 'Honor',
      }).toEqual({
        process,
        key: constraint.topologyKey,
        maxSkew: 1,
        whenUnsatisfiable: hard ? 'DoNotSchedule' : 'ScheduleAnyway',
        countsOwnPods: true,
        alsoCounted: [],
        taints: 'Honor',
      });
    }
  });

  it('defines the two priority classes: critical may preempt, standard is lower and never does, neither is a default', () => {
    const critical = cluster.named('PriorityClass', CRITICAL_CLASS);
    const standard = cluster.named('PriorityClass', STANDARD_CLASS);
    expect({
      critical: Boolean(critical),
      standard: Boolean(standard),
      order: critical!.value > standard!.value && standard!.value > 0,
      // Above system-cluster-critical's range would be refused; a default would reach every other tenant's pods.
      userRange: critical!.value < 1e9,
      defaults: [critical!.globalDefault ?? false, standard!.globalDefault ?? false],
      standardPreempts: standard!.preemptionPolicy,
    }).toEqual({
      critical: true,
      standard: true,
      order: true,
      userRange: true,
      defaults: [false, false],
      standardPreempts: 'Never',
    });
  });

  it.each(PROCESSES)('gives %s its priority class: critical on the responder’s path, standard elsewhere', (process) => {
    const className = cluster.deployment(process)!.spec.template.spec.priorityClassName;
    expect({ process, className, exists: Boolean(cluster.named('PriorityClass', className ?? '')) }).toEqual({
      process,
      className: CRITICAL_PROCESSES.includes(process) ? CRITICAL_CLASS : STANDARD_CLASS,
      exists: true,
    });
  });

  it('lets a drain take one pod at a time from every Deployment and StatefulSet that has a budget, never minAvailable', () => {
    const budgets = cluster.ofKind('PodDisruptionBudget');
    expect(budgets.filter((b) => b.spec.minAvailable !== undefined).map((b) => b.metadata.name)).toEqual([]);
    for (const budget of budgets) {
      const covered = cluster.workloads().filter((w) => selects(budget.spec.selector, cluster.podLabels(w)));
      expect({
        budget: budget.metadata.name,
        maxUnavailable: budget.spec.maxUnavailable,
        covers: covered.length,
      }).toEqual({
        budget: budget.metadata.name,
        maxUnavailable: 1,
        covers: 1,
      });
    }
    // Every Deployment has one (the demo's single-pod stores have none: a budget cannot keep one pod up).
    const uncovered = cluster
      .ofKind('Deployment')
      .filter((d) => !budgets.some((b) => selects(b.spec.selector, cluster.podLabels(d))))
      .map((d) => d.metadata.name);
    expect(uncovered).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Reading the stores' configuration files
// ---------------------------------------------------------------------------------------------

/** The text between the braces of `name { ... }` at the top of a NATS configuration (or inside `within`). */
function natsBlock(text: string, name: string): string | undefined {
  const start = new RegExp(`^\\s*${name}\\s*[:=]?\\s*\\{`, 'm').exec(text);
  if (!start) return undefined;
  let depth = 0;
  for (let i = start.index + start[0].length - 1; i < text.length; i++) {
    if (text[i] === '{') depth++;
    if (text[i] === '}' && --depth === 0) return text.slice(start.index + start[0].length, i);
  }
  return undefined;
}
/** A NATS configuration without its blocks and comments: the settings of its own level. */
const natsTopLevel = (text: string) => {
  let flat = text.replace(/#.*$/gm, '');
  while (/\{[^{}]*\}/.test(flat)) flat = flat.replace(/\{[^{}]*\}/g, '');
  return flat;
};
/** One setting of a NATS configuration level, unquoted. */
const natsValue = (level: string, key: string) =>
  new RegExp(`^\\s*${key}\\s*[:=]\\s*(.+?)\\s*$`, 'm').exec(natsTopLevel(level))?.[1]?.replace(/^"(.*)"$/, '$1');
/** NATS's sizes: GB and Gi are 1024^3 bytes, G alone 1000^3 (nats-server's conf parser). */
function natsBytes(value: string): number {
  const match = /^(\d+)\s*([a-z]*)$/i.exec(value.trim());
  const units: Record<string, number> = { '': 1, k: 1e3, m: 1e6, g: 1e9, kb: 2 ** 10, mb: 2 ** 20, gb: 2 ** 30 };
  const unit = match?.[2]!.toLowerCase().replace(/^([kmg])(i|ib)$/, '$1b') ?? '?';
  return match && unit in units ? Number(match[1]) * units[unit]! : NaN;
}
const seconds = (duration: string | undefined) => Number(/^(\d+)s$/.exec(duration ?? '')?.[1]);

/** pgbouncer.ini as sections of settings (`;` and `#` start comments). */
function iniSections(text: string): Record<string, Record<string, string>> {
  const sections: Record<string, Record<string, string>> = {};
  let current = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith(';') || line.startsWith('#')) continue;
    const section = /^\[(.+)\]$/.exec(line);
    if (section) current = section[1]!;
    else if (line.includes('=')) {
      (sections[current] ??= {})[line.slice(0, line.indexOf('=')).trim()] = line.slice(line.indexOf('=') + 1).trim();
    }
  }
  return sections;
}

/** A port a pod declares, in any of its containers, by name or number. */
function podPort(workload: KubeObject, port: string | number | undefined): number | undefined {
  for (const container of workload.spec.template.spec.containers) {
    const found = resolvePort(container, port);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The file a container reads at `path`, from the ConfigMap (or projected ConfigMaps) mounted there. */
function mountedFile(cluster: Cluster, workload: KubeObject, container: any, path: string) {
  const mount = (container.volumeMounts ?? []).find((m: any) => path.startsWith(`${m.mountPath.replace(/\/$/, '')}/`));
  if (!mount) return undefined;
  const file = path.slice(mount.mountPath.replace(/\/$/, '').length + 1);
  const volume = workload.spec.template.spec.volumes.find((v: any) => v.name === mount.name);
  const sources = volume?.projected
    ? volume.projected.sources.flatMap((s: any) => (s.configMap ? [s.configMap.name] : []))
    : volume?.configMap
      ? [volume.configMap.name]
      : [];
  for (const name of sources) {
    const content = cluster.named('ConfigMap', name)?.data?.[file];
    if (content !== undefined) return { configMap: name as string, content: String(content) };
  }
  return undefined;
}

/** The file a container reads at `path` from a mounted Secret: the Secret's name and the key. */
function mountedSecretKey(workload: KubeObject, container: any, path: string) {
  const mount = (container.volumeMounts ?? []).find((m: any) => path.startsWith(`${m.mountPath.replace(/\/$/, '')}/`));
  const volume = workload.spec.template.spec.volumes?.find((v: any) => v.name === mount?.name);
  if (!volume?.secret) return undefined;
  const file = path.slice(mount.mountPath.replace(/\/$/, '').length + 1);
  const key = volume.secret.items ? volume.secret.items.find((item: any) => item.path === file)?.key : file;
  return { secret: volume.secret.secretName as string, key, readOnly: mount.readOnly === true };
}

/** Who may connect into a workload's pods, as "source -> port" lines, ports of any of its containers. */
function ingressLines(cluster: Cluster, workload: KubeObject): string[] {
  const lines = cluster.policiesFor(workload, 'Ingress').flatMap((policy) =>
    (policy.spec.ingress ?? []).flatMap((rule: any) => {
      const sources = rule.from?.length ? rule.from.map((peer: any) => cluster.describePeer(peer)) : ['anywhere'];
      const ports = rule.ports?.length
        ? rule.ports.map((p: any) => podPort(workload, p.port) ?? `undeclared ${p.port}`)
        : ['every port'];
      return sources.flatMap((from: string) => ports.map((port: number | string) => `${from} -> ${port}`));
    }),
  );
  return [...new Set(lines)].sort();
}

/** Where a workload's pods may connect out to, as "destination -> port" lines (DNS left out: every pod has it). */
function egressLines(cluster: Cluster, workload: KubeObject): string[] {
  const lines = cluster.policiesFor(workload, 'Egress').flatMap((policy) =>
    (policy.spec.egress ?? []).flatMap((rule: any) => {
      const destinations = rule.to?.length ? rule.to.map((peer: any) => cluster.describePeer(peer)) : ['anywhere'];
      const ports = rule.ports?.length ? rule.ports.map((p: any) => p.port) : ['every port'];
      return destinations.flatMap((to: string) => ports.map((port: number | string) => `${to} -> ${port}`));
    }),
  );
  return [...new Set(lines)].filter((line) => !/ -> 53$/.test(line)).sort();
}

const processPods = () => `pods ${[...PROCESSES].sort().join(',')}`;

// ---------------------------------------------------------------------------------------------
// NATS, highly available (prod)
// ---------------------------------------------------------------------------------------------

const NATS_SECRET = 'medical-qr-nats';
const NATS_TLS_SECRET = 'medical-qr-nats-tls';

describe('k8s/overlays/prod: NATS as a three-node JetStream cluster', () => {
  let cluster: Cluster;
  let set: KubeObject;
  let nats: any;
  let config: string;
  beforeAll(() => {
    cluster = rendered('prod');
    set = cluster.named('StatefulSet', 'nats')!;
    nats = set?.spec.template.spec.containers.find((c: any) => c.name === 'nats');
    const configPath = (nats?.args ?? []).map(String)[(nats?.args ?? []).map(String).indexOf('--config') + 1] ?? '';
    config = mountedFile(cluster, set, nats, configPath)?.content ?? '';
  });
  const headless = () => cluster.named('Service', set.spec.serviceName)!;
  const serverNames = () =>
    Array.from(
      { length: set.spec.replicas },
      (_, i) => `${set.metadata.name}-${i}.${set.spec.serviceName}.${NAMESPACE}.svc.cluster.local`,
    );

  it('runs three servers as a StatefulSet, started together, under a headless Service that names them before they are ready', () => {
    expect({ set: Boolean(set), container: Boolean(nats), config: config.length > 0 }).toEqual({
      set: true,
      container: true,
      config: true,
    });
    const service = headless();
    expect({
      replicas: set.spec.replicas,
      podManagementPolicy: set.spec.podManagementPolicy,
      clusterIP: service?.spec.clusterIP,
      publishNotReadyAddresses: service?.spec.publishNotReadyAddresses,
      selects: selects({ matchLabels: service?.spec.selector }, cluster.podLabels(set)),
      image: nats.image,
    }).toEqual({
      replicas: 3,
      // One at a time, the first server would wait for routes to servers not yet started.
      podManagementPolicy: 'Parallel',
      clusterIP: 'None',
      publishNotReadyAddresses: true,
      selects: true,
      image: expect.stringMatching(/^nats:2\.(1\d|[2-9]\d)/),
    });
  });

  it('keeps JetStream on a volume claim per server, with room for the store it is given', () => {
    const jetstream = natsBlock(config, 'jetstream') ?? '';
    const storeDir = natsValue(jetstream, 'store_dir');
    const claims = set.spec.volumeClaimTemplates ?? [];
    const mount = (nats.volumeMounts ?? []).find((m: any) => m.mountPath.replace(/\/$/, '') === storeDir);
    const claim = claims.find((c: any) => c.metadata.name === mount?.name);
    expect({ storeDir, claim: claim?.metadata.name, accessModes: claim?.spec.accessModes }).toEqual({
      storeDir: expect.stringMatching(/^\//),
      claim: expect.any(String),
      accessModes: ['ReadWriteOnce'],
    });
    const maxFileStore = natsBytes(natsValue(jetstream, 'max_file_store') ?? '');
    expect({
      maxFileStore: maxFileStore > 0,
      fits: maxFileStore < quantity(claim.spec.resources.requests.storage),
    }).toEqual({
      maxFileStore: true,
      fits: true,
    });
  });

  it('routes each server to the three by their stable names, on the cluster port the headless Service carries', () => {
    const clusterBlock = natsBlock(config, 'cluster') ?? '';
    const port = Number(natsValue(clusterBlock, 'port'));
    const routes = [...(/routes\s*[:=]?\s*\[([^\]]*)\]/.exec(clusterBlock)?.[1] ?? '').matchAll(/"([^"]+)"/g)].map(
      (m) => new URL(m[1]!),
    );
    expect({
      name: natsValue(clusterBlock, 'name'),
      port,
      containerPort: resolvePort(nats, 'cluster'),
      headlessPort: headless()
        .spec.ports.map((p: any) => resolvePort(nats, p.targetPort ?? p.port))
        .includes(port),
      routes: routes.map((url) => `${url.hostname}:${url.port}`).sort(),
      schemes: [...new Set(routes.map((url) => url.protocol))],
    }).toEqual({
      name: expect.any(String),
      port,
      containerPort: port,
      headlessPort: true,
      routes: serverNames().map((host) => `${host}:${port}`),
      schemes: [expect.stringMatching(/^(nats|tls):$/)],
    });
    // JetStream in a cluster needs every server named apart: the pod's own name.
    const serverName = natsValue(config, 'server_name') ?? '';
    const variable = /^\$(\w+)$/.exec(serverName)?.[1];
    const entry = (nats.env ?? []).find((e: any) => e.name === variable);
    expect(entry?.valueFrom?.fieldRef?.fieldPath).toBe('metadata.name');
  });

  it('shuts down in lame-duck mode: the preStop hook signals it, and it ends within the grace period', () => {
    const command: string[] = (nats.lifecycle?.preStop?.exec?.command ?? []).map(String);
    const signal = command.join(' ');
    expect(signal).toMatch(/^nats-server (--signal|-sl)[ =]ldm(=\S+)?$/);
    // With a pid file named, the server writes it where the hook looks, on a writable volume.
    const pidFile = /ldm=(\S+)/.exec(signal)?.[1];
    if (pidFile) {
      expect(natsValue(config, 'pid_file')).toBe(pidFile);
      const mount = (nats.volumeMounts ?? []).find((m: any) => pidFile.startsWith(`${m.mountPath}/`));
      expect(set.spec.template.spec.volumes.find((v: any) => v.name === mount?.name)?.emptyDir).toBeDefined();
    }
    const lameDuck = seconds(natsValue(config, 'lame_duck_duration'));
    const grace = seconds(natsValue(config, 'lame_duck_grace_period') ?? '0s');
    expect({
      lameDuck: lameDuck > 0,
      withinGrace: lameDuck + grace < set.spec.template.spec.terminationGracePeriodSeconds,
    }).toEqual({
      lameDuck: true,
      withinGrace: true,
    });
  });

  it('keeps the users of the generated k8s/nats/nats-server.conf, each with its password from medical-qr-nats', () => {
    const included = /^\s*include\s+"?([^"\s]+)"?/m.exec(config)?.[1] ?? '';
    const configPath = nats.args[nats.args.indexOf('--config') + 1];
    const users = mountedFile(cluster, set, nats, `${configPath.slice(0, configPath.lastIndexOf('/'))}/${included}`);
    // The generated file itself, from its own generated ConfigMap: never a hand-edited copy.
    expect({
      included,
      configMap: users?.configMap,
      same: users?.content === read('k8s/nats/nats-server.conf'),
    }).toEqual({
      included: expect.any(String),
      configMap: expect.stringMatching(HASHED('nats-config')),
      same: true,
    });
    const passwords = Object.fromEntries(
      (nats.env ?? [])
        .filter((e: any) => /^NATS_PASSWORD_/.test(e.name))
        .map((e: any) => [e.name, e.valueFrom?.secretKeyRef]),
    );
    expect(passwords).toEqual(
      Object.fromEntries(PROCESSES.map((p) => [`NATS_PASSWORD_${p.toUpperCase()}`, { name: NATS_SECRET, key: p }])),
    );
    // Every variable either file reads from the environment is set.
    const referenced = [...`${config}\n${users?.content}`.matchAll(/[:=]\s*\$([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]);
    const unset = referenced.filter((name) => !(nats.env ?? []).some((e: any) => e.name === name));
    expect(unset).toEqual([]);
  });

  it('serves clients and routes over TLS with the certificate of medical-qr-nats-tls, routes checked both ways', () => {
    const files = (block: string) =>
      Object.fromEntries(
        ['cert_file', 'key_file', 'ca_file'].map((key) => [
          key,
          mountedSecretKey(set, nats, natsValue(block, key) ?? ''),
        ]),
      );
    const tlsKeys = { cert_file: 'tls.crt', key_file: 'tls.key', ca_file: 'ca.crt' };
    const expected = Object.fromEntries(
      Object.entries(tlsKeys).map(([setting, key]) => [setting, { secret: NATS_TLS_SECRET, key, readOnly: true }]),
    );
    const routes = natsBlock(natsBlock(config, 'cluster') ?? '', 'tls') ?? '';
    expect({
      clients: files(natsBlock(config, 'tls') ?? ''),
      routes: files(routes),
      verify: natsValue(routes, 'verify'),
    }).toEqual({
      clients: expected,
      routes: expected,
      verify: 'true',
    });
  });

  it('puts at most one server on a node, and spreads the three over zones', () => {
    const spec = set.spec.template.spec;
    const required = spec.affinity?.podAntiAffinity?.requiredDuringSchedulingIgnoredDuringExecution ?? [];
    expect(
      required.some((term: any) => term.topologyKey === HOST && selects(term.labelSelector, cluster.podLabels(set))),
    ).toBe(true);
    const zone = (spec.topologySpreadConstraints ?? []).find((c: any) => c.topologyKey === ZONE);
    expect({
      maxSkew: zone?.maxSkew,
      whenUnsatisfiable: zone?.whenUnsatisfiable,
      own: selects(zone?.labelSelector, cluster.podLabels(set)),
      priorityClassName: spec.priorityClassName,
    }).toEqual({ maxSkew: 1, whenUnsatisfiable: 'DoNotSchedule', own: true, priorityClassName: CRITICAL_CLASS });
    const budgets = cluster
      .ofKind('PodDisruptionBudget')
      .filter((b) => selects(b.spec.selector, cluster.podLabels(set)));
    expect(budgets.map((b) => b.spec)).toEqual([expect.objectContaining({ maxUnavailable: 1 })]);
  });

  it("exports each server's metrics, JetStream's included, for Prometheus in the monitoring namespace", () => {
    const exporter = set.spec.template.spec.containers.find((c: any) => /prometheus-nats-exporter/.test(c.image));
    const args: string[] = (exporter?.args ?? []).map(String);
    const monitorUrl = new URL(args.find((arg) => /^https?:\/\//.test(arg)) ?? 'http://none');
    const metricsPort = resolvePort(exporter, 'metrics');
    expect({
      jsz: args.includes('-jsz=all'),
      scrapes: Number(monitorUrl.port),
      monitorPort: Number(natsValue(config, 'http_port')),
      listens: args.includes(`-port=${metricsPort}`),
    }).toEqual({
      jsz: true,
      scrapes: resolvePort(nats, 'monitor'),
      monitorPort: resolvePort(nats, 'monitor'),
      listens: true,
    });
    const monitors = cluster
      .ofKind('PodMonitor')
      .filter((m) => selects(m.spec.selector, cluster.podLabels(set)))
      .flatMap((m) => m.spec.podMetricsEndpoints.map((e: any) => podPort(set, e.port)));
    expect(monitors).toEqual([metricsPort]);
    expect(ingressLines(cluster, set)).toContain(`namespace monitoring -> ${metricsPort}`);
  });

  it('lets in the processes on the client port, the servers themselves on the cluster port, monitoring on metrics; out only to each other', () => {
    const client = resolvePort(nats, 'client');
    const routes = resolvePort(nats, 'cluster');
    const metrics = podPort(set, 'metrics');
    expect(ingressLines(cluster, set)).toEqual(
      [`${processPods()} -> ${client}`, `pods nats -> ${routes}`, `namespace monitoring -> ${metrics}`].sort(),
    );
    expect(egressLines(cluster, set)).toEqual([`pods nats -> ${routes}`]);
  });

  it.each(PROCESSES)('connects %s to the three servers by name over TLS, with streams on all three', (process) => {
    const { env } = cluster.processEnvironment(process);
    const urls = String(env.NATS_URL)
      .split(',')
      .map((url) => new URL(url.trim()));
    const clientPort = headless().spec.ports.find((p: any) => resolvePort(nats, p.targetPort ?? p.port) === 4222)?.port;
    expect({
      process,
      servers: urls.map((url) => `${url.protocol}//${url.hostname}:${url.port}`).sort(),
      replicas: Number(env.NATS_STREAM_REPLICAS),
    }).toEqual({
      process,
      servers: serverNames().map((host) => `tls://${host}:${clientPort}`),
      // Every server holds every stream: any one may go.
      replicas: set.spec.replicas,
    });
  });

  it("sizes the streams to fit every server's JetStream store, all of them on each", () => {
    const { env } = cluster.processEnvironment('records');
    const streams = new Set(
      [...read('k8s/nats/nats-server.conf').matchAll(/\$JS\.API\.STREAM\.CREATE\.([\w-]+)/g)].map((m) => m[1]),
    );
    const perStream = Number(env.NATS_STREAM_MAX_BYTES);
    const store = natsBytes(natsValue(natsBlock(config, 'jetstream') ?? '', 'max_file_store') ?? '');
    expect({ streams: streams.size > 0, perStream: perStream > 0, fits: streams.size * perStream <= store }).toEqual({
      streams: true,
      perStream: true,
      fits: true,
    });
  });
});

describe('k8s/overlays/prod: Redis over TLS', () => {
  let cluster: Cluster;
  beforeAll(() => {
    cluster = rendered('prod');
  });

  it.each(PROCESSES)('gives %s a rediss:// URL with a password, from a Secret and not the ConfigMap', (process) => {
    const { env, source } = cluster.processEnvironment(process);
    const url = new URL(env.REDIS_URL ?? 'missing:');
    expect({ process, protocol: url.protocol, password: url.password !== '', from: source.REDIS_URL }).toEqual({
      process,
      protocol: 'rediss:',
      password: true,
      from: 'secret',
    });
  });

  it.each(PROCESSES)("lets %s out to Redis's TLS port", (process) => {
    const port = Number(new URL(cluster.processEnvironment(process).env.REDIS_URL!).port || 6379);
    expect(cluster.egressPorts(cluster.deployment(process)!)).toContain(port);
  });
});

describe.each(['dev', 'demo'] as const)(
  'k8s/overlays/%s: one NATS server or your own, streams unreplicated',
  (overlay) => {
    it.each(PROCESSES)('leaves NATS_STREAM_REPLICAS of %s at one', (process) => {
      const { env } = rendered(overlay).processEnvironment(process);
      expect({ process, replicas: env.NATS_STREAM_REPLICAS ?? '1' }).toEqual({ process, replicas: '1' });
    });
  },
);

// ---------------------------------------------------------------------------------------------
// PostgreSQL's connection budget (prod)
// ---------------------------------------------------------------------------------------------

/** PostgreSQL's defaults, which docs/deployment.md's budget assumes: max_connections and superuser_reserved_connections. */
const POSTGRES_MAX_CONNECTIONS = 100;
const POSTGRES_SUPERUSER_RESERVED = 3;
/** What the budget leaves for the operator's own sessions: backups, monitoring, psql. */
const OPERATOR_CONNECTIONS = 10;

describe('k8s/overlays/prod: PgBouncer keeps PostgreSQL within its connection budget', () => {
  let cluster: Cluster;
  let pgbouncer: KubeObject;
  let container: any;
  let ini: Record<string, Record<string, string>>;
  beforeAll(() => {
    cluster = rendered('prod');
    pgbouncer = cluster.deployment('pgbouncer')!;
    container = pgbouncer?.spec.template.spec.containers[0];
    const configPath = [...(container?.command ?? []), ...(container?.args ?? [])]
      .map(String)
      .find((a) => /\.ini$/.test(a));
    ini = iniSections(mountedFile(cluster, pgbouncer, container, configPath ?? '')?.content ?? '');
  });
  const setting = (key: string) => ini.pgbouncer?.[key];
  const number = (key: string) => Number(setting(key));

  it('runs PgBouncer as two pods or more behind its Service on the PostgreSQL port, drained one at a time', () => {
    const service = cluster.named('Service', 'pgbouncer');
    const listening = number('listen_port');
    expect({
      replicas: pgbouncer?.spec.replicas >= 2,
      listening: resolvePort(container, listening),
      service: service?.spec.ports.map((p: any) => [p.port, resolvePort(container, p.targetPort ?? p.port)]),
      selects: selects({ matchLabels: service?.spec.selector }, cluster.podLabels(pgbouncer)),
      priorityClassName: pgbouncer.spec.template.spec.priorityClassName,
      budgets: cluster
        .ofKind('PodDisruptionBudget')
        .filter((b) => selects(b.spec.selector, cluster.podLabels(pgbouncer)))
        .map((b) => b.spec.maxUnavailable),
    }).toEqual({
      replicas: true,
      listening: 5432,
      service: [[5432, 5432]],
      selects: true,
      priorityClassName: CRITICAL_CLASS,
      budgets: [1],
    });
  });

  it('pools by transaction, keeps named prepared statements, and accepts the parameters node-postgres connects with', () => {
    expect({
      pool_mode: setting('pool_mode'),
      // records opens a card with a named prepared statement.
      preparedStatements: number('max_prepared_statements') > 0,
      // node-postgres sends statement_timeout in the startup packet; PgBouncer refuses a connection with one it
      // neither knows nor ignores.
      ignored: (setting('ignore_startup_parameters') ?? '').split(',').map((p) => p.trim()),
      databases: Object.keys(ini.databases ?? {}),
    }).toEqual({
      pool_mode: 'transaction',
      preparedStatements: true,
      ignored: expect.arrayContaining(['statement_timeout']),
      databases: expect.arrayContaining([expect.any(String)]),
    });
  });

  it('reads its configuration from a generated ConfigMap and its users from a Secret, mounted read-only', () => {
    const configPath = [...(container.command ?? []), ...(container.args ?? [])]
      .map(String)
      .find((a) => /\.ini$/.test(a));
    expect(mountedFile(cluster, pgbouncer, container, configPath ?? '')?.configMap).toMatch(HASHED('pgbouncer-config'));
    expect(mountedSecretKey(pgbouncer, container, setting('auth_file') ?? '')).toEqual({
      secret: 'medical-qr-pgbouncer',
      key: 'userlist.txt',
      readOnly: true,
    });
  });

  it('takes every process pod’s pool at the autoscalers’ ceilings, and opens no more than PostgreSQL can give', () => {
    const strategy = pgbouncer.spec.strategy?.rollingUpdate ?? {};
    const pool = (process: string) => Number(cluster.processEnvironment(process).env.DATABASE_POOL_MAX);
    const hpa = (process: string) =>
      cluster.ofKind('HorizontalPodAutoscaler').find((h) => h.spec.scaleTargetRef.name === process)!.spec;
    for (const process of PROCESSES) expect({ process, pool: pool(process) > 0 }).toEqual({ process, pool: true });
    // Clients: every pod at its ceiling plus the one a rolling update adds, each with its whole pool open, on one
    // PgBouncer pod (the other may be being replaced).
    const clients = PROCESSES.reduce((sum, p) => sum + (hpa(p).maxReplicas + 1) * pool(p), 0);
    expect({ clients, fits: clients <= number('max_client_conn') }).toEqual({ clients, fits: true });
    // Servers: each PgBouncer pod up to max_db_connections to the database (and no pool above that), during an update too.
    const pods = pgbouncer.spec.replicas + Number(strategy.maxSurge ?? 1);
    const servers = pods * number('max_db_connections');
    expect(number('default_pool_size')).toBeLessThanOrEqual(number('max_db_connections'));
    // Beside them: each service pod migrates on a direct connection when it starts (all at once on a cold start).
    const migrations = PROCESSES.filter((p) => p !== 'gateway').reduce((sum, p) => sum + hpa(p).minReplicas, 0);
    const total = servers + migrations + POSTGRES_SUPERUSER_RESERVED + OPERATOR_CONNECTIONS;
    expect({ servers, migrations, total, fits: total <= POSTGRES_MAX_CONNECTIONS }).toEqual({
      servers,
      migrations,
      total,
      fits: true,
    });
  });

  it('lets in only the processes, on its port, and out only to PostgreSQL', () => {
    expect(ingressLines(cluster, pgbouncer)).toEqual([`${processPods()} -> 5432`]);
    expect(egressLines(cluster, pgbouncer)).toEqual(['anywhere -> 5432']);
  });

  it("says so in docs/deployment.md: the budget's figures, and DATABASE_MIGRATION_URL for the direct connection", () => {
    const docs = read('docs/deployment.md');
    const section = docs.slice(docs.indexOf('### PostgreSQL connection budget'));
    const budget = section.slice(0, section.indexOf('\n### ', 1));
    const figures = {
      DATABASE_POOL_MAX: cluster.processEnvironment('records').env.DATABASE_POOL_MAX,
      pool_mode: setting('pool_mode'),
      max_client_conn: setting('max_client_conn'),
      default_pool_size: setting('default_pool_size'),
      max_db_connections: setting('max_db_connections'),
    };
    const stated = Object.fromEntries(
      Object.entries(figures).map(([name, value]) => [name, new RegExp(`\`${name}\\s*=\\s*${value}\``).test(budget)]),
    );
    expect(stated).toEqual(Object.fromEntries(Object.keys(figures).map((name) => [name, true])));
    expect(budget).toMatch(/`DATABASE_MIGRATION_URL`/);
    expect(budget).toMatch(new RegExp(`\\b${POSTGRES_MAX_CONNECTIONS}\\b`));
  });
});

describe.each(['dev', 'demo'] as const)('k8s/overlays/%s: no PgBouncer', (overlay) => {
  it('connects the processes to PostgreSQL directly, with a pool small enough for its default max_connections at the floors', () => {
    const cluster = rendered(overlay);
    expect(cluster.deployment('pgbouncer')).toBeUndefined();
    const atFloors = PROCESSES.reduce((sum, p) => {
      const hpa = cluster.ofKind('HorizontalPodAutoscaler').find((h) => h.spec.scaleTargetRef.name === p)!.spec;
      return sum + hpa.minReplicas * Number(cluster.processEnvironment(p).env.DATABASE_POOL_MAX);
    }, 0);
    expect({
      atFloors,
      fits: atFloors <= POSTGRES_MAX_CONNECTIONS - POSTGRES_SUPERUSER_RESERVED - OPERATOR_CONNECTIONS,
    }).toEqual({
      atFloors,
      fits: true,
    });
  });
});

describe.each(OVERLAYS)('k8s/overlays/%s: database credentials', (overlay) => {
  const cluster = () => rendered(overlay);

  it('gives each service its own database URL and the owner for migrations, and the gateway none', () => {
    for (const process of PROCESSES) {
      const container = cluster().containerOf(cluster().deployment(process)!);
      const fromSecret = (name: string) =>
        (container.env ?? []).find((entry: { name: string }) => entry.name === name)?.valueFrom?.secretKeyRef;
      const expected =
        process === 'gateway'
          ? { process, runtime: undefined, migrations: undefined }
          : {
              process,
              runtime: { name: 'medical-qr-database', key: process },
              migrations: { name: 'medical-qr-database', key: 'migrations' },
            };
      expect({
        process,
        runtime: fromSecret('DATABASE_URL'),
        migrations: fromSecret('DATABASE_MIGRATION_URL'),
      }).toEqual(expected);
    }
  });
});
