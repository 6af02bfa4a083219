// The Kubernetes overlays, rendered as `kubectl apply -k` would send them, and checked for what an
// operator would notice if they were wrong: a process missing, a variable it needs but does not
// get, a probe on a port nobody listens on, a selector that matches nothing, a secret in plain
// text, a network policy that locks a process out or lets everybody in. The variables each
// process needs come from the real configuration schemas (process-needs.ts).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { posix } from 'node:path';
import { parse } from 'yaml';
import { gatewayEnvSchema } from '../../services/gateway/src/config.js';
import {
  FILES,
  read,
  PROCESSES,
  STORES,
  SECRET_VARIABLES,
  PROVIDER_SECRETS,
  ALL_PROVIDER_SECRETS,
  loadProcessSchemas,
  neededVariables,
  configProblems,
} from './process-needs.js';
import {
  OVERLAYS,
  NAMESPACE,
  type Cluster,
  rendered,
  overlayImage,
  selects,
  selectsByLabels,
  isEmptySelector,
  resolvePort,
  quantity,
} from './rendered-cluster.js';

beforeAll(loadProcessSchemas);

const METRICS_PORT = 9464;
const NATS_SECRET = 'medical-qr-nats';
const NATS_TLS_SECRET = 'medical-qr-nats-tls';
const NATS_SERVICES = PROCESSES.filter((process) => process !== 'gateway');
/** Production refuses to start without its own NATS user (libs/platform's base configuration). */
const KUBERNETES_NEEDS = ['NATS_USER', 'NATS_PASSWORD'];
/** Keys every browser receives: named like secrets, but not secret. */
const PUBLIC_KEYS = ['STRIPE_PUBLISHABLE_KEY', 'GOOGLE_MAPS_API_KEY'];
/** Where each process may connect to: DNS, the three stores, and its own providers. */
// NATS, PostgreSQL, Redis, and Redis over TLS (rediss://, the prod overlay's).
const STORE_PORTS = [4222, 5432, 6379, 6380];
const EGRESS_PORTS: Record<string, number[]> = {
  gateway: [443],
  billing: [443],
  shop: [443],
  // Twilio: texts to emergency contacts and answers to texted references.
  records: [443],
  identity: [587, 465, 25],
};
const STORE_PORT: Record<(typeof STORES)[number], number> = { postgres: 5432, redis: 6379, nats: 4222 };

const API_VERSIONS: Record<string, string> = {
  Namespace: 'v1',
  ConfigMap: 'v1',
  Secret: 'v1',
  Service: 'v1',
  Deployment: 'apps/v1',
  StatefulSet: 'apps/v1',
  HorizontalPodAutoscaler: 'autoscaling/v2',
  PodDisruptionBudget: 'policy/v1',
  Ingress: 'networking.k8s.io/v1',
  NetworkPolicy: 'networking.k8s.io/v1',
  ServiceMonitor: 'monitoring.coreos.com/v1',
  PrometheusRule: 'monitoring.coreos.com/v1',
  // The public edge (production-edge.spec.ts): the Gateway API, and Envoy Gateway's own kinds, which
  // have no other version.
  Gateway: 'gateway.networking.k8s.io/v1',
  HTTPRoute: 'gateway.networking.k8s.io/v1',
  HTTPRouteFilter: 'gateway.envoyproxy.io/v1alpha1',
  BackendTrafficPolicy: 'gateway.envoyproxy.io/v1alpha1',
  PodMonitor: 'monitoring.coreos.com/v1',
  PriorityClass: 'scheduling.k8s.io/v1',
};
/** Kinds that belong to the cluster, not to a namespace. */
const CLUSTER_SCOPED = ['Namespace', 'PriorityClass'];

/**
 * The gateway's HTTP port, as its configuration reads PORT. PORT alone: a problem with another variable is the
 * "every variable it needs" check's to report, not a reason for the port checks to fail with it.
 */
const gatewayPort = (cluster: Cluster) =>
  gatewayEnvSchema.shape.PORT.parse(cluster.processEnvironment('gateway').env.PORT);

/** A run of letters and digits that mixes cases and digits looks like generated key material. */
function looksLikeKeyMaterial(value: string): boolean {
  return (value.match(/[A-Za-z0-9+/_=-]{20,}/g) ?? []).some(
    (run) => /[a-z]/.test(run) && /[A-Z]/.test(run) && /[0-9]/.test(run),
  );
}
const secretNamed = (name: string) =>
  SECRET_VARIABLES.includes(name) ||
  (/SECRET|PASSWORD|TOKEN|PRIVATE|_KEYS?$/.test(name) && !PUBLIC_KEYS.includes(name));

// ---------------------------------------------------------------------------------------------
// The layout of k8s/
// ---------------------------------------------------------------------------------------------

const KUSTOMIZATION_DIRS = ['k8s/base', 'k8s/nats', ...OVERLAYS.map((overlay) => `k8s/overlays/${overlay}`)];

describe('k8s/ layout', () => {
  it('has a base, the NATS configuration and the three overlays, and no flat kustomization left', () => {
    for (const dir of KUSTOMIZATION_DIRS)
      expect({ dir, kustomization: existsSync(`${FILES}${dir}/kustomization.yaml`) }).toEqual({
        dir,
        kustomization: true,
      });
    expect(existsSync(`${FILES}k8s/kustomization.yaml`)).toBe(false);
    expect(
      readdirSync(`${FILES}k8s/overlays`)
        .filter((d) => statSync(`${FILES}k8s/overlays/${d}`).isDirectory())
        .sort(),
    ).toEqual([...OVERLAYS].sort());
  });

  it.each(KUSTOMIZATION_DIRS)(
    '%s/kustomization.yaml uses every manifest in its folder, and only files that exist',
    (dir) => {
      const kustomization = parse(read(`${dir}/kustomization.yaml`)) as {
        resources?: string[];
        patches?: { path?: string }[];
        configMapGenerator?: { files?: string[] }[];
      };
      const used = [
        ...(kustomization.resources ?? []),
        ...(kustomization.patches ?? []).flatMap((patch) => (patch.path ? [patch.path] : [])),
        ...(kustomization.configMapGenerator ?? []).flatMap((generator) =>
          (generator.files ?? []).map((file) => file.replace(/^[^=]*=/, '')),
        ),
      ];
      const missing = used.filter((path) => !existsSync(`${FILES}${posix.join(dir, path)}`));
      expect({ dir, missing }).toEqual({ dir, missing: [] });
      const manifests = readdirSync(`${FILES}${dir}`).filter(
        (f) => /\.ya?ml$/.test(f) && !/^kustomization\.ya?ml$/.test(f),
      );
      const unused = manifests.filter((file) => !used.includes(file));
      expect({ dir, unused }).toEqual({ dir, unused: [] });
    },
  );
});

// ---------------------------------------------------------------------------------------------
// Every overlay
// ---------------------------------------------------------------------------------------------

describe.each(OVERLAYS)('k8s/overlays/%s rendered', (overlay) => {
  let cluster: Cluster;
  beforeAll(() => {
    cluster = rendered(overlay);
  });
  const deploymentOf = (process: string) => {
    const d = cluster.deployment(process);
    expect({ process, deployment: Boolean(d) }).toEqual({ process, deployment: true });
    return d!;
  };

  it('renders only the known API version of each kind, stores only in demo (and the NATS cluster in prod), ServiceMonitor only in prod', () => {
    expect(cluster.objects.length).toBeGreaterThan(0);
    for (const { kind, apiVersion, metadata } of cluster.objects) {
      expect({ object: `${kind}/${metadata.name}`, apiVersion }).toEqual({
        object: `${kind}/${metadata.name}`,
        apiVersion: API_VERSIONS[kind] ?? 'a kind this check knows',
      });
    }
    // The ServiceMonitor kind exists only where the Prometheus Operator runs: elsewhere apply fails.
    expect(cluster.ofKind('ServiceMonitor').length > 0).toBe(overlay === 'prod');
    expect(
      cluster
        .ofKind('StatefulSet')
        .map((s) => s.metadata.name)
        .sort(),
    ).toEqual(overlay === 'demo' ? [...STORES].sort() : overlay === 'prod' ? ['nats'] : []);
  });

  it('puts everything in the one namespace', () => {
    expect(cluster.ofKind('Namespace').map((n) => n.metadata.name)).toEqual([NAMESPACE]);
    const elsewhere = cluster.objects
      .filter((o) => !CLUSTER_SCOPED.includes(o.kind) && o.metadata.namespace !== NAMESPACE)
      .map((o) => `${o.kind}/${o.metadata.name} in ${o.metadata.namespace ?? 'no namespace'}`);
    expect(elsewhere).toEqual([]);
    const namespacedClusterObjects = cluster.objects
      .filter((o) => CLUSTER_SCOPED.includes(o.kind) && o.metadata.namespace !== undefined)
      .map((o) => `${o.kind}/${o.metadata.name}`);
    expect(namespacedClusterObjects).toEqual([]);
  });

  it.each(PROCESSES)("runs %s as a Deployment of the overlay's image, with its SERVICE and resources", (process) => {
    const d = deploymentOf(process);
    const container = cluster.containerOf(d);
    const { env } = cluster.processEnvironment(process);
    expect({ process, SERVICE: env.SERVICE, image: container.image }).toEqual({
      process,
      SERVICE: process,
      image: overlayImage(overlay),
    });
    expect(String(container.image)).not.toMatch(/:latest$/);
    expect(selects(d.spec.selector, cluster.podLabels(d))).toBe(true);
    for (const resource of ['cpu', 'memory']) {
      const request = quantity(container.resources?.requests?.[resource]);
      // A request above its limit is refused by the API server; a missing memory limit leaves the pod unbounded.
      // CPU may go without one (identity, whose password hashes a quota would stretch): it is only throttled.
      const limit =
        resource === 'cpu' && container.resources?.limits?.cpu === undefined
          ? Infinity
          : quantity(container.resources?.limits?.[resource]);
      expect({ process, resource, request: request > 0, limit: limit > 0, withinLimit: request <= limit }).toEqual({
        process,
        resource,
        request: true,
        limit: true,
        withinLimit: true,
      });
    }
  });

  it.each(PROCESSES)('runs %s unprivileged on a read-only root filesystem', (process) => {
    const d = deploymentOf(process);
    const pod = d.spec.template.spec.securityContext ?? {};
    for (const container of d.spec.template.spec.containers) {
      const own = container.securityContext ?? {};
      const runAsUser = own.runAsUser ?? pod.runAsUser;
      expect({
        process,
        runAsNonRoot: own.runAsNonRoot ?? pod.runAsNonRoot,
        // The image's USER is a name; the kubelet enforces runAsNonRoot only with a numeric user.
        numericNonRootUser: Number.isInteger(runAsUser) && runAsUser > 0,
        allowPrivilegeEscalation: own.allowPrivilegeEscalation,
        readOnlyRootFilesystem: own.readOnlyRootFilesystem,
        dropsAll: (own.capabilities?.drop ?? []).includes('ALL'),
        seccomp: (own.seccompProfile ?? pod.seccompProfile)?.type,
        serviceAccountToken: d.spec.template.spec.automountServiceAccountToken,
      }).toEqual({
        process,
        runAsNonRoot: true,
        numericNonRootUser: true,
        allowPrivilegeEscalation: false,
        readOnlyRootFilesystem: true,
        dropsAll: true,
        seccomp: 'RuntimeDefault',
        serviceAccountToken: false,
      });
    }
  });

  it.each(PROCESSES)('probes %s at ports it declares: startup, readiness and liveness', (process) => {
    const container = cluster.containerOf(deploymentOf(process));
    for (const kind of ['startupProbe', 'readinessProbe', 'livenessProbe']) {
      const probe = container[kind];
      const handler = probe?.httpGet ?? probe?.tcpSocket;
      expect({ process, kind, port: handler ? resolvePort(container, handler.port) : 'no probe' }).toEqual({
        process,
        kind,
        port: expect.any(Number),
      });
    }
  });

  it.each(PROCESSES)('serves metrics of %s on its declared metrics port, announced for scraping', (process) => {
    const d = deploymentOf(process);
    const container = cluster.containerOf(d);
    const { env } = cluster.processEnvironment(process);
    const annotations = d.spec.template.metadata.annotations ?? {};
    expect({
      process,
      declared: resolvePort(container, 'metrics'),
      METRICS_PORT: Number(env.METRICS_PORT),
      // The default (loopback) would hide it from the kubelet and Prometheus.
      METRICS_HOST: env.METRICS_HOST,
      scrape: annotations['prometheus.io/scrape'],
      scrapePort: Number(annotations['prometheus.io/port']),
      scrapePath: annotations['prometheus.io/path'],
    }).toEqual({
      process,
      declared: METRICS_PORT,
      METRICS_PORT,
      METRICS_HOST: '0.0.0.0',
      scrape: 'true',
      scrapePort: METRICS_PORT,
      scrapePath: '/metrics',
    });
  });

  it.each(NATS_SERVICES)('probes %s on /livez (liveness) and /readyz (readiness) at its metrics port', (process) => {
    const container = cluster.containerOf(deploymentOf(process));
    const probe = (kind: string) => ({
      path: container[kind]?.httpGet?.path,
      port: resolvePort(container, container[kind]?.httpGet?.port),
    });
    // Liveness must not depend on NATS or the database: an outage would restart every pod.
    expect({ process, liveness: probe('livenessProbe'), readiness: probe('readinessProbe') }).toEqual({
      process,
      liveness: { path: '/livez', port: METRICS_PORT },
      readiness: { path: '/readyz', port: METRICS_PORT },
    });
  });

  it('probes the gateway: readiness on /api/health/ready at its port, liveness that a dependency outage cannot fail', () => {
    const d = deploymentOf('gateway');
    const container = cluster.containerOf(d);
    const listening = gatewayPort(cluster);
    const readiness = container.readinessProbe?.httpGet;
    expect({ path: readiness?.path, port: resolvePort(container, readiness?.port) }).toEqual({
      path: '/api/health/ready',
      port: listening,
    });
    // /livez asks only whether the event loop runs: no store or service is behind it.
    const liveness = container.livenessProbe?.httpGet;
    expect({ path: liveness?.path, port: resolvePort(container, liveness?.port) }).toEqual({
      path: '/livez',
      port: METRICS_PORT,
    });
  });

  it.each(PROCESSES)(
    'gives %s time to stop: a grace period, and for the gateway a preStop pause within it',
    (process) => {
      const spec = deploymentOf(process).spec.template.spec;
      const grace = spec.terminationGracePeriodSeconds;
      expect({ process, grace: grace >= 10 }).toEqual({ process, grace: true });
      if (process !== 'gateway') return;
      // The pause lets the Service drop the pod before SIGTERM; requests in flight need time after it.
      const command: string[] = spec.containers[0].lifecycle?.preStop?.exec?.command ?? [];
      const pause =
        command[0] === 'sleep' ? Number(command[1]) : (spec.containers[0].lifecycle?.preStop?.sleep?.seconds ?? NaN);
      expect(pause).toBeGreaterThan(0);
      expect(grace - pause).toBeGreaterThanOrEqual(10);
    },
  );

  it.each(PROCESSES)('gives %s every variable it needs, through references that exist', (process) => {
    const { env, brokenReferences } = cluster.processEnvironment(process);
    const needed = [...new Set([...neededVariables(process), ...KUBERNETES_NEEDS])];
    const missing = needed.filter((key) => env[key] === undefined || env[key] === '');
    expect({ process, missing, brokenReferences }).toEqual({ process, missing: [], brokenReferences: [] });
    expect({ process, problems: configProblems(process, env) }).toEqual({ process, problems: [] });
    expect({ process, NODE_ENV: env.NODE_ENV }).toEqual({ process, NODE_ENV: 'production' });
  });

  it.each(PROCESSES)('signs %s in to NATS as itself, with its password from the medical-qr-nats Secret', (process) => {
    const container = cluster.containerOf(deploymentOf(process));
    const entry = (name: string) => (container.env ?? []).find((e: { name: string }) => e.name === name);
    expect({
      process,
      NATS_USER: entry('NATS_USER')?.value,
      NATS_PASSWORD: entry('NATS_PASSWORD')?.valueFrom?.secretKeyRef,
      inSecret: cluster.secretValues(NATS_SECRET)?.[process] !== undefined,
    }).toEqual({
      process,
      NATS_USER: process,
      NATS_PASSWORD: { name: NATS_SECRET, key: process },
      inSecret: true,
    });
  });

  it.each(PROCESSES)('gives %s its secrets from a Secret, never from a ConfigMap or inline', (process) => {
    const { source } = cluster.processEnvironment(process);
    const misplaced = Object.keys(source).filter((key) => secretNamed(key) && source[key] !== 'secret');
    expect({ process, misplaced }).toEqual({ process, misplaced: [] });
  });

  it.each(PROCESSES)("gives %s only its own providers' credentials, each an optional Secret reference", (process) => {
    const entries = (cluster.containerOf(deploymentOf(process)).env ?? []).filter((entry: { name: string }) =>
      ALL_PROVIDER_SECRETS.includes(entry.name),
    );
    expect({ process, given: entries.map((entry: { name: string }) => entry.name) }).toEqual({
      process,
      given: PROVIDER_SECRETS[process] ?? [],
    });
    for (const entry of entries) {
      // Optional: a Secret without them starts the process with the feature off.
      expect({ process, name: entry.name, optional: entry.valueFrom?.secretKeyRef?.optional }).toEqual({
        process,
        name: entry.name,
        optional: true,
      });
    }
  });

  it('sets no secret-looking variable of any container (stores included) inline or from a ConfigMap', () => {
    const misplaced = cluster.workloads().flatMap((workload) =>
      workload.spec.template.spec.containers.flatMap((container: any) => {
        const { source } = cluster.environment(container);
        return Object.keys(source)
          .filter((key) => secretNamed(key) && source[key] !== 'secret')
          .map((key) => `${workload.metadata.name}: ${key} (${source[key]})`);
      }),
    );
    expect(misplaced).toEqual([]);
  });

  it('keeps secrets out of every ConfigMap', () => {
    for (const configMap of cluster.ofKind('ConfigMap')) {
      const data = configMap.data ?? {};
      expect({ configMap: configMap.metadata.name, secretKeys: Object.keys(data).filter(secretNamed) }).toEqual({
        configMap: configMap.metadata.name,
        secretKeys: [],
      });
      const keyLike = Object.entries<string>(data)
        .filter(([, value]) => looksLikeKeyMaterial(String(value)))
        .map(([key]) => key);
      expect({ configMap: configMap.metadata.name, keyLike }).toEqual({
        configMap: configMap.metadata.name,
        keyLike: [],
      });
    }
  });

  it('ships Secret templates with placeholders only, the NATS one with a password per process', () => {
    expect(looksLikeKeyMaterial('k1:93gxQzvCDwXt050HpaH35HvlTAyHkdaPtp7PDMiaLgQ=')).toBe(true); // the check can see a key
    const secrets = cluster.ofKind('Secret');
    expect(secrets.map((s) => s.metadata.name)).toEqual(expect.arrayContaining(['medical-qr-secrets', NATS_SECRET]));
    for (const secret of secrets) {
      expect({ secret: secret.metadata.name, data: secret.data }).toEqual({
        secret: secret.metadata.name,
        data: undefined,
      });
      for (const [key, value] of Object.entries<string>(secret.stringData ?? {})) {
        expect({ key, placeholder: /REPLACE_ME/.test(value), keyLike: looksLikeKeyMaterial(value) }).toEqual({
          key,
          placeholder: true,
          keyLike: false,
        });
      }
    }
    expect(Object.keys(cluster.secretValues(NATS_SECRET) ?? {}).sort()).toEqual([...PROCESSES].sort());
  });

  it('every Service selects pods that exist and targets ports they declare', () => {
    for (const service of cluster.ofKind('Service')) {
      const targets = cluster.workloads().filter((w) => selectsByLabels(service.spec.selector, cluster.podLabels(w)));
      expect({ service: service.metadata.name, selects: targets.map((t) => t.metadata.name) }).toEqual({
        service: service.metadata.name,
        selects: [expect.any(String)],
      });
      for (const port of service.spec.ports) {
        expect({
          service: service.metadata.name,
          port: port.name,
          target: resolvePort(cluster.containerOf(targets[0]!), port.targetPort ?? port.port),
        }).toEqual({ service: service.metadata.name, port: port.name, target: expect.any(Number) });
      }
    }
  });

  it.each(PROCESSES)('gives %s a Service with its metrics port (and for the gateway, its HTTP port)', (process) => {
    const d = deploymentOf(process);
    const services = cluster.ofKind('Service').filter((s) => selectsByLabels(s.spec.selector, cluster.podLabels(d)));
    expect({ process, services: services.length }).toEqual({ process, services: 1 });
    const targets = services[0]!.spec.ports.map((p: any) =>
      resolvePort(cluster.containerOf(d), p.targetPort ?? p.port),
    );
    const listening = gatewayPort(cluster);
    // A service takes its work from NATS: nothing but Prometheus should reach it.
    expect({ process, targets: targets.sort() }).toEqual({
      process,
      targets: process === 'gateway' ? [listening, METRICS_PORT].sort() : [METRICS_PORT],
    });
  });

  it.each(PROCESSES)('scales %s on CPU with one autoscaler, from at least two pods (one in dev)', (process) => {
    const d = deploymentOf(process);
    const hpas = cluster.ofKind('HorizontalPodAutoscaler').filter((h) => h.spec.scaleTargetRef.name === process);
    expect({ process, autoscalers: hpas.length }).toEqual({ process, autoscalers: 1 });
    const { spec } = hpas[0]!;
    expect(spec.scaleTargetRef).toMatchObject({ apiVersion: 'apps/v1', kind: 'Deployment' });
    expect({ process, minReplicas: spec.minReplicas >= (overlay === 'dev' ? 1 : 2) }).toEqual({
      process,
      minReplicas: true,
    });
    expect(spec.maxReplicas).toBeGreaterThan(spec.minReplicas);
    expect(spec.metrics).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'Resource', resource: expect.objectContaining({ name: 'cpu' }) }),
      ]),
    );
    // A fixed count outside the autoscaler's range would be undone by it after every apply.
    if (d.spec.replicas !== undefined) {
      expect(d.spec.replicas).toBeGreaterThanOrEqual(spec.minReplicas);
      expect(d.spec.replicas).toBeLessThanOrEqual(spec.maxReplicas);
    }
    // Utilisation is measured against the request: without one the autoscaler cannot act.
    expect(cluster.containerOf(d).resources?.requests?.cpu).toBeDefined();
  });

  it('every autoscaler targets a Deployment that exists', () => {
    for (const hpa of cluster.ofKind('HorizontalPodAutoscaler'))
      expect(cluster.deployment(hpa.spec.scaleTargetRef.name)).toBeDefined();
  });

  it.each(PROCESSES)(
    'keeps %s available through drains with one budget that selects exactly its pods and never blocks a drain',
    (process) => {
      const d = deploymentOf(process);
      const budgets = cluster
        .ofKind('PodDisruptionBudget')
        .filter((pdb) => selects(pdb.spec.selector, cluster.podLabels(d)));
      expect({ process, budgets: budgets.length }).toEqual({ process, budgets: 1 });
      const budget = budgets[0]!.spec;
      const alsoSelected = cluster
        .workloads()
        .filter((other) => other !== d && selects(budget.selector, cluster.podLabels(other)))
        .map((other) => other.metadata.name);
      expect({ process, alsoSelected }).toEqual({ process, alsoSelected: [] });
      const fewestPods = cluster.ofKind('HorizontalPodAutoscaler').find((h) => h.spec.scaleTargetRef.name === process)
        ?.spec.minReplicas;
      // A budget that needs every pod up lets no node drain.
      if (budget.minAvailable !== undefined)
        expect(budget.minAvailable).toBeLessThan(fewestPods ?? d.spec.replicas ?? 1);
      else expect(budget.maxUnavailable).toBeGreaterThanOrEqual(1);
    },
  );

  it('denies every connection in and out of the namespace by default', () => {
    const defaultDeny = cluster
      .ofKind('NetworkPolicy')
      .find(
        (policy) =>
          isEmptySelector(policy.spec.podSelector) &&
          ['Ingress', 'Egress'].every((t) => (policy.spec.policyTypes ?? []).includes(t)) &&
          !policy.spec.ingress?.length &&
          !policy.spec.egress?.length,
      );
    expect(defaultDeny?.metadata.name).toEqual(expect.any(String));
  });

  it.each(PROCESSES)(
    'lets into %s only what it serves: metrics from monitoring, and HTTP for the gateway',
    (process) => {
      const d = deploymentOf(process);
      const listening = gatewayPort(cluster);
      expect({ process, allowed: cluster.ingressAllowed(d) }).toEqual({
        process,
        allowed: [
          ...(process === 'gateway' ? [`anywhere -> ${listening}`] : []),
          `namespace monitoring -> ${METRICS_PORT}`,
        ].sort(),
      });
    },
  );

  it.each(PROCESSES)('lets %s out only to DNS, the stores and its own providers', (process) => {
    const d = deploymentOf(process);
    expect({ process, ports: cluster.egressPorts(d) }).toEqual({
      process,
      ports: [53, ...STORE_PORTS, ...(EGRESS_PORTS[process] ?? [])].sort((a, b) => a - b),
    });
  });
});

// ---------------------------------------------------------------------------------------------
// What only one overlay has
// ---------------------------------------------------------------------------------------------

describe('k8s/overlays/prod rendered: TLS to NATS and the Prometheus Operator', () => {
  let cluster: Cluster;
  beforeAll(() => {
    cluster = rendered('prod');
  });

  it('runs a release tag from a registry', () => {
    const [repository, tag] = overlayImage('prod').split(/:(?=[^:/]+$)/);
    expect(repository).toMatch(/^[a-z0-9.-]+\.[a-z]+(:\d+)?\//);
    expect(tag).toMatch(/^v?\d+\.\d+\.\d+/);
  });

  it.each(PROCESSES)('connects %s to NATS over TLS, checking the server with a mounted CA', (process) => {
    const d = cluster.deployment(process)!;
    const container = cluster.containerOf(d);
    const { env } = cluster.processEnvironment(process);
    const urls = String(env.NATS_URL)
      .split(',')
      .map((url) => url.trim());
    expect({ process, schemes: [...new Set(urls.map((url) => new URL(url).protocol))] }).toEqual({
      process,
      schemes: ['tls:'],
    });
    const caFile = env.NATS_TLS_CA_FILE ?? '';
    const mount = (container.volumeMounts ?? []).find((m: any) =>
      caFile.startsWith(`${m.mountPath.replace(/\/$/, '')}/`),
    );
    const volume = d.spec.template.spec.volumes?.find((v: any) => v.name === mount?.name);
    const fileInVolume = mount ? caFile.slice(mount.mountPath.replace(/\/$/, '').length + 1) : '';
    const key = volume?.secret?.items
      ? volume.secret.items.find((item: any) => item.path === fileInVolume)?.key
      : fileInVolume;
    expect({ process, caFile, readOnly: mount?.readOnly, secret: volume?.secret?.secretName, key }).toEqual({
      process,
      caFile: expect.stringMatching(/^\//),
      readOnly: true,
      secret: NATS_TLS_SECRET,
      key: 'ca.crt',
    });
  });

  it.each(PROCESSES)("has a ServiceMonitor scrape %s's metrics port", (process) => {
    const d = cluster.deployment(process)!;
    const service = cluster.ofKind('Service').find((s) => selectsByLabels(s.spec.selector, cluster.podLabels(d)))!;
    const scraped = cluster.ofKind('ServiceMonitor').flatMap((monitor) => {
      const namespaces = monitor.spec.namespaceSelector?.matchNames ?? [monitor.metadata.namespace];
      if (!monitor.spec.namespaceSelector?.any && !namespaces.includes(service.metadata.namespace)) return [];
      if (!selects(monitor.spec.selector, service.metadata.labels)) return [];
      return (monitor.spec.endpoints ?? []).map((endpoint: any) => {
        const port = service.spec.ports.find((p: any) => p.name === endpoint.port);
        return port ? resolvePort(cluster.containerOf(d), port.targetPort ?? port.port) : undefined;
      });
    });
    expect({ process, scraped }).toEqual({ process, scraped: [METRICS_PORT] });
  });
});

describe('k8s/overlays/demo rendered: its own PostgreSQL, Redis and NATS', () => {
  let cluster: Cluster;
  beforeAll(() => {
    cluster = rendered('demo');
  });
  const store = (name: string) => {
    const set = cluster.named('StatefulSet', name);
    expect({ name, statefulSet: Boolean(set) }).toEqual({ name, statefulSet: true });
    return set!;
  };
  const processPods = () =>
    cluster
      .ofKind('Deployment')
      .map((d) => d.metadata.name)
      .sort()
      .join(',');

  it.each([...STORES])(
    'runs %s as a StatefulSet with its Service, probes, resources and a volume claim, non-root',
    (name) => {
      const set = store(name);
      const container = cluster.containerOf(set);
      const service = cluster.named('Service', set.spec.serviceName);
      expect({
        name,
        service: service?.metadata.name,
        selects: selectsByLabels(service?.spec.selector, cluster.podLabels(set)),
      }).toEqual({
        name,
        service: set.spec.serviceName,
        selects: true,
      });
      expect(service!.spec.ports.map((p: any) => resolvePort(container, p.targetPort ?? p.port))).toEqual([
        STORE_PORT[name],
      ]);
      for (const kind of ['readinessProbe', 'livenessProbe']) {
        const probe = container[kind];
        expect({
          name,
          kind,
          probe: Boolean(probe?.exec || resolvePort(container, (probe?.httpGet ?? probe?.tcpSocket)?.port)),
        }).toEqual({
          name,
          kind,
          probe: true,
        });
      }
      for (const bound of ['requests', 'limits']) {
        for (const resource of ['cpu', 'memory']) {
          expect({ name, [`${bound}.${resource}`]: quantity(container.resources?.[bound]?.[resource]) > 0 }).toEqual({
            name,
            [`${bound}.${resource}`]: true,
          });
        }
      }
      const claims = (set.spec.volumeClaimTemplates ?? []).map((c: any) => c.metadata.name);
      const mounted = (container.volumeMounts ?? []).map((m: any) => m.name);
      expect({ name, claimMounted: claims.length > 0 && claims.every((c: string) => mounted.includes(c)) }).toEqual({
        name,
        claimMounted: true,
      });
      const pod = set.spec.template.spec.securityContext ?? {};
      const runAsUser = container.securityContext?.runAsUser ?? pod.runAsUser;
      expect({
        name,
        runAsNonRoot: container.securityContext?.runAsNonRoot ?? pod.runAsNonRoot,
        numericUser: runAsUser > 0,
      }).toEqual({
        name,
        runAsNonRoot: true,
        numericUser: true,
      });
    },
  );

  it('runs the images the system is built for', () => {
    expect(Object.fromEntries(STORES.map((name) => [name, cluster.containerOf(store(name)).image]))).toEqual({
      postgres: expect.stringMatching(/^postgres:1[6-9]/),
      redis: expect.stringMatching(/^redis:7/),
      nats: expect.stringMatching(/^nats:2\.(1\d|[2-9]\d)/),
    });
  });

  it.each(PROCESSES)("points %s at the demo's own stores through their Services", (process) => {
    const { env } = cluster.processEnvironment(process);
    const target = (variable: string) => {
      const url = new URL(String(env[variable]).split(',')[0]!);
      const [serviceName, namespace = NAMESPACE] = url.hostname.split('.');
      const service = cluster.named('Service', serviceName!);
      return { service: namespace === NAMESPACE ? service?.metadata.name : `in ${namespace}`, port: Number(url.port) };
    };
    // The gateway holds no database credentials.
    const database = process === 'gateway' ? undefined : { service: 'postgres', port: STORE_PORT.postgres };
    expect({
      process,
      DATABASE_URL: env.DATABASE_URL === undefined ? undefined : target('DATABASE_URL'),
      DATABASE_MIGRATION_URL: env.DATABASE_MIGRATION_URL === undefined ? undefined : target('DATABASE_MIGRATION_URL'),
      REDIS_URL: target('REDIS_URL'),
      NATS_URL: target('NATS_URL'),
    }).toEqual({
      process,
      DATABASE_URL: database,
      DATABASE_MIGRATION_URL: database,
      REDIS_URL: { service: 'redis', port: STORE_PORT.redis },
      NATS_URL: { service: 'nats', port: STORE_PORT.nats },
    });
  });

  it('creates the PostgreSQL user, database and password that DATABASE_URL signs in with', () => {
    const database = new URL(cluster.processEnvironment('records').env.DATABASE_URL!);
    const { env } = cluster.environment(cluster.containerOf(store('postgres')));
    expect({
      user: env.POSTGRES_USER,
      password: env.POSTGRES_PASSWORD,
      database: env.POSTGRES_DB ?? env.POSTGRES_USER,
    }).toEqual({
      user: decodeURIComponent(database.username),
      password: decodeURIComponent(database.password),
      database: database.pathname.slice(1),
    });
  });

  it('keeps Redis data in an append-only file and never evicts keys (job queues live there)', () => {
    const container = cluster.containerOf(store('redis'));
    const words = [...(container.command ?? []), ...(container.args ?? [])].map(String);
    const option = (name: string) => words[words.indexOf(`--${name}`) + 1];
    expect({ appendonly: option('appendonly'), policy: option('maxmemory-policy'), dir: option('dir') }).toEqual({
      appendonly: 'yes',
      policy: 'noeviction',
      dir:
        (container.volumeMounts ?? []).find((m: any) => m.mountPath === option('dir'))?.mountPath ?? 'a mounted volume',
    });
  });

  it('gives NATS every NATS_PASSWORD_<PROCESS> from the medical-qr-nats Secret and its generated configuration', () => {
    const set = store('nats');
    const container = cluster.containerOf(set);
    const passwords = Object.fromEntries(
      (container.env ?? [])
        .filter((e: any) => /^NATS_PASSWORD_/.test(e.name))
        .map((e: any) => [e.name, e.valueFrom?.secretKeyRef]),
    );
    expect(passwords).toEqual(
      Object.fromEntries(PROCESSES.map((p) => [`NATS_PASSWORD_${p.toUpperCase()}`, { name: NATS_SECRET, key: p }])),
    );
    const args: string[] = (container.args ?? []).map(String);
    const configPath = args[args.indexOf('-c') + 1] ?? args[args.indexOf('--config') + 1] ?? '';
    expect(args).toEqual(expect.arrayContaining(['-js', '-sd', '-m']));
    const mount = (container.volumeMounts ?? []).find((m: any) =>
      configPath.startsWith(`${m.mountPath.replace(/\/$/, '')}/`),
    );
    const volume = set.spec.template.spec.volumes?.find((v: any) => v.name === mount?.name);
    const configMap = cluster.named('ConfigMap', volume?.configMap?.name ?? '');
    const file = mount ? configPath.slice(mount.mountPath.replace(/\/$/, '').length + 1) : '';
    // Generated: the name carries a hash of the file, so a changed file rolls the pod.
    expect({ configPath, configMap: configMap?.metadata.name, hasFile: configMap?.data?.[file] !== undefined }).toEqual(
      {
        configPath: expect.stringMatching(/^\//),
        configMap: expect.stringMatching(/^nats-config-[a-z0-9]+$/),
        hasFile: true,
      },
    );
    // Every password the configuration reads from its environment is set.
    const referenced = [...String(configMap!.data[file]).matchAll(/[:=]\s*\$([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]);
    const unset = referenced.filter((name) => !(container.env ?? []).some((e: any) => e.name === name));
    expect(unset).toEqual([]);
    const monitor = resolvePort(container, container.readinessProbe?.httpGet?.port);
    expect({ monitor, path: container.readinessProbe?.httpGet?.path, m: Number(args[args.indexOf('-m') + 1]) }).toEqual(
      {
        monitor,
        path: expect.stringMatching(/^\/healthz/),
        m: monitor,
      },
    );
  });

  it("NATS's users are the processes, each with its password from the environment and subjects in REDIS_PREFIX", () => {
    const set = store('nats');
    const volume = set.spec.template.spec.volumes.find((v: any) => v.configMap);
    const config = String(Object.values(cluster.named('ConfigMap', volume.configMap.name)!.data)[0]);
    const users = [...config.matchAll(/user:\s*"?([\w-]+)"?\s*\n\s*password:\s*(\S+)/g)].map((m) => [m[1], m[2]]);
    expect(Object.fromEntries(users)).toEqual(
      Object.fromEntries(PROCESSES.map((p) => [p, `$NATS_PASSWORD_${p.toUpperCase()}`])),
    );
    // Subjects the processes use start with REDIS_PREFIX: a configuration made for another prefix
    // would refuse every message.
    const prefix = cluster.processEnvironment('gateway').env.REDIS_PREFIX;
    const subjects = [...config.matchAll(/allow:\s*\[([^\]]*)\]/g)].flatMap((m) =>
      [...m[1]!.matchAll(/"([^"]+)"/g)].map((s) => s[1]!),
    );
    const foreign = subjects.filter(
      (s) => !s.startsWith('$JS.') && !s.startsWith('_INBOX') && !s.startsWith(`${prefix}.`),
    );
    expect({ prefix, foreign }).toEqual({ prefix, foreign: [] });
  });

  it.each([...STORES])('lets into %s only the processes, on its one port', (name) => {
    expect({ name, allowed: cluster.ingressAllowed(store(name)) }).toEqual({
      name,
      allowed: [`pods ${processPods()} -> ${STORE_PORT[name]}`],
    });
  });
});
