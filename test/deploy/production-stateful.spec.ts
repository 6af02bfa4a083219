// Production's stateful layer and placement, read from the rendered overlays (rendered-cluster.ts): settings that roll
// the pods when they change, a gateway liveness probe that a blocked event loop fails, pods sized from measured memory,
// spread over zones and hosts with budgets and priorities, the NATS cluster and the PgBouncer pool of the prod overlay.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { FILES, PROCESSES } from './process-needs.js';
import { OVERLAYS, type Cluster, type KubeObject, rendered, renderDirectory, resolvePort } from './rendered-cluster.js';

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
