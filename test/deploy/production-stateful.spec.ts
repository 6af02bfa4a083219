// Production's stateful layer and placement, read from the rendered overlays (rendered-cluster.ts): settings that roll
// the pods when they change, a gateway liveness probe that a blocked event loop fails, pods sized from measured memory,
// spread over zones and hosts with budgets and priorities, the NATS cluster and the PgBouncer pool of the prod overlay.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { NODE_FLAGS } from '../../tools/launcher/src/node-flags.js';
import { FILES, PROCESSES, read } from './process-needs.js';
import {
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
