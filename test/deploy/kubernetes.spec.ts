// The Kubernetes manifests, read as kubectl would, and checked for what an operator would notice
// if they were wrong: a process missing, a variable it needs but does not get, a probe on the wrong
// port, a selector that matches nothing. The variables each process needs come from the real
// configuration schemas (process-needs.ts).
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { gatewayEnvSchema } from '../../services/gateway/src/config.js';
import { parse, parseAllDocuments } from 'yaml';
import {
  FILES,
  read,
  PROCESSES,
  SECRET_VARIABLES,
  PROVIDER_SECRETS,
  ALL_PROVIDER_SECRETS,
  loadProcessSchemas,
  neededVariables,
  configProblems,
} from './process-needs.js';

beforeAll(loadProcessSchemas);
// ---------------------------------------------------------------------------------------------
// k8s/
// ---------------------------------------------------------------------------------------------

type KubeObject = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [field: string]: any;
};

const K8S_FILES = readdirSync(`${FILES}k8s`)
  .filter((file) => /\.ya?ml$/.test(file))
  .sort();
const kubeObjects: (KubeObject & { file: string })[] = [];
const yamlErrors: string[] = [];
for (const file of K8S_FILES.filter((f) => !/^kustomization\.ya?ml$/.test(f))) {
  for (const document of parseAllDocuments(read(`k8s/${file}`))) {
    yamlErrors.push(...document.errors.map((error) => `${file}: ${error.message}`));
    const object = document.toJS() as KubeObject | null;
    if (object) kubeObjects.push({ ...object, file });
  }
}
const kustomization = parse(read('k8s/kustomization.yaml')) as {
  namespace?: string;
  resources?: string[];
  images?: { name: string }[];
};
const ofKind = (kind: string) => kubeObjects.filter((object) => object.kind === kind);
const deployments = () => ofKind('Deployment');
const deployment = (name: string) => deployments().find((d) => d.metadata.name === name);
const containerOf = (d: KubeObject) => d.spec.template.spec.containers[0];
const selects = (selector: Record<string, string> | undefined, labels: Record<string, string> | undefined) =>
  Boolean(selector && Object.keys(selector).length) &&
  Object.entries(selector!).every(([key, value]) => labels?.[key] === value);

const API_VERSIONS: Record<string, string> = {
  Namespace: 'v1',
  ConfigMap: 'v1',
  Secret: 'v1',
  Service: 'v1',
  Deployment: 'apps/v1',
  HorizontalPodAutoscaler: 'autoscaling/v2',
  PodDisruptionBudget: 'policy/v1',
  Ingress: 'networking.k8s.io/v1',
};

/** What a container's environment holds, resolved through its ConfigMap and Secret references. */
function kubeEnvironment(d: KubeObject) {
  const container = containerOf(d);
  const env: Record<string, string> = {};
  const source: Record<string, 'configMap' | 'secret' | 'literal'> = {};
  const brokenReferences: string[] = [];
  const lookup = (kind: 'ConfigMap' | 'Secret', name: string) => ofKind(kind).find((o) => o.metadata.name === name);
  const values = (object: KubeObject | undefined): Record<string, string> =>
    object?.kind === 'Secret'
      ? {
          ...Object.fromEntries(
            Object.entries(object.data ?? {}).map(([k, v]) => [k, Buffer.from(String(v), 'base64').toString()]),
          ),
          ...(object.stringData ?? {}),
        }
      : (object?.data ?? {});
  for (const from of container.envFrom ?? []) {
    const kind = from.configMapRef ? 'ConfigMap' : 'Secret';
    const name = (from.configMapRef ?? from.secretRef).name;
    const object = lookup(kind, name);
    if (!object) brokenReferences.push(`envFrom ${kind} ${name}`);
    for (const [key, value] of Object.entries(values(object))) {
      env[key] = String(value);
      source[key] = kind === 'Secret' ? 'secret' : 'configMap';
    }
  }
  for (const entry of container.env ?? []) {
    if (entry.value !== undefined) {
      env[entry.name] = String(entry.value);
      source[entry.name] = 'literal';
      continue;
    }
    const ref = entry.valueFrom?.configMapKeyRef ?? entry.valueFrom?.secretKeyRef;
    const kind = entry.valueFrom?.configMapKeyRef ? 'ConfigMap' : 'Secret';
    const value = ref ? values(lookup(kind, ref.name))[ref.key] : undefined;
    if (value === undefined) {
      brokenReferences.push(`${entry.name} -> ${kind} ${ref?.name}/${ref?.key}`);
      continue;
    }
    env[entry.name] = value;
    source[entry.name] = kind === 'Secret' ? 'secret' : 'configMap';
  }
  return { env, source, brokenReferences };
}

/** A run of letters and digits that mixes cases and digits looks like generated key material. */
function looksLikeKeyMaterial(value: string): boolean {
  return (value.match(/[A-Za-z0-9+/_=-]{20,}/g) ?? []).some(
    (run) => /[a-z]/.test(run) && /[A-Z]/.test(run) && /[0-9]/.test(run),
  );
}

/** The named or numbered container port a probe or Service points at. */
function resolvePort(container: any, port: string | number | undefined): number | undefined {
  if (typeof port === 'number') return port;
  return container.ports?.find((p: { name?: string }) => p.name === port)?.containerPort;
}

describe('k8s/', () => {
  it('parses, and uses only the stable API versions of each kind', () => {
    expect(yamlErrors).toEqual([]);
    for (const object of kubeObjects) {
      const { file, kind, apiVersion } = object;
      expect({ file, kind, apiVersion }).toEqual({
        file,
        kind,
        apiVersion: API_VERSIONS[kind] ?? 'a kind this check knows',
      });
    }
  });

  it('kustomization.yaml lists every file in k8s/', () => {
    expect([...(kustomization.resources ?? [])].sort()).toEqual(
      K8S_FILES.filter((f) => !/^kustomization\.ya?ml$/.test(f)),
    );
  });

  it('puts everything in the one namespace', () => {
    const namespace = ofKind('Namespace')[0]?.metadata.name;
    expect(namespace).toBeDefined();
    expect(kustomization.namespace).toBe(namespace);
    for (const object of kubeObjects.filter((o) => o.kind !== 'Namespace')) {
      expect({ object: `${object.kind}/${object.metadata.name}`, namespace: object.metadata.namespace }).toEqual({
        object: `${object.kind}/${object.metadata.name}`,
        namespace,
      });
    }
  });

  it.each(PROCESSES)(
    'has a Deployment of %s: 2 replicas, its SERVICE, the image, 30 s to stop, resources',
    (process) => {
      const d = deployment(process);
      expect({ process, deployment: Boolean(d) }).toEqual({ process, deployment: true });
      const container = containerOf(d!);
      const { env } = kubeEnvironment(d!);
      expect({
        process,
        replicas: d!.spec.replicas,
        SERVICE: env.SERVICE,
        image: String(container.image).split(':')[0],
        grace: d!.spec.template.spec.terminationGracePeriodSeconds,
      }).toEqual({ process, replicas: 2, SERVICE: process, image: kustomization.images?.[0]?.name, grace: 30 });
      for (const bound of ['requests', 'limits']) {
        for (const resource of ['cpu', 'memory']) {
          expect({ process, [`${bound}.${resource}`]: Boolean(container.resources?.[bound]?.[resource]) }).toEqual({
            process,
            [`${bound}.${resource}`]: true,
          });
        }
      }
      expect(selects(d!.spec.selector?.matchLabels, d!.spec.template.metadata.labels)).toBe(true);
    },
  );

  it.each(PROCESSES)('runs %s unprivileged on a read-only root filesystem', (process) => {
    const d = deployment(process)!;
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
      }).toEqual({
        process,
        runAsNonRoot: true,
        numericNonRootUser: true,
        allowPrivilegeEscalation: false,
        readOnlyRootFilesystem: true,
        dropsAll: true,
      });
    }
  });

  it.each(PROCESSES)('gives %s every variable it needs, through references that exist', (process) => {
    const { env, brokenReferences } = kubeEnvironment(deployment(process)!);
    const missing = neededVariables(process).filter((key) => env[key] === undefined || env[key] === '');
    expect({ process, missing, brokenReferences }).toEqual({ process, missing: [], brokenReferences: [] });
    expect({ process, problems: configProblems(process, env) }).toEqual({ process, problems: [] });
    expect({ process, NODE_ENV: env.NODE_ENV }).toEqual({ process, NODE_ENV: 'production' });
  });

  it.each(PROCESSES)('gives %s its secrets from the Secret, never from the ConfigMap or inline', (process) => {
    const { source } = kubeEnvironment(deployment(process)!);
    const misplaced = SECRET_VARIABLES.filter((key) => source[key] && source[key] !== 'secret');
    expect({ process, misplaced }).toEqual({ process, misplaced: [] });
  });

  it.each(PROCESSES)("gives %s only its own providers' credentials, each an optional Secret reference", (process) => {
    const entries = (containerOf(deployment(process)!).env ?? []).filter((entry: { name: string }) =>
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

  it('keeps secrets out of the ConfigMap', () => {
    for (const configMap of ofKind('ConfigMap')) {
      const keys = Object.keys(configMap.data ?? {});
      expect(keys.filter((key) => SECRET_VARIABLES.includes(key) || /SECRET|PASSWORD|KEY/.test(key))).toEqual([]);
    }
  });

  it('the Secret template holds placeholders only, nothing that looks like a real key', () => {
    expect(looksLikeKeyMaterial(`k1:${randomBytes(32).toString('base64')}`)).toBe(true); // the check can see a key
    const secrets = ofKind('Secret');
    expect(secrets.length).toBeGreaterThan(0);
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
  });

  it('probes the gateway: readiness on /api/health/ready at its port, liveness that a dependency outage cannot fail', () => {
    const d = deployment('gateway')!;
    const container = containerOf(d);
    const listening = gatewayEnvSchema.parse(kubeEnvironment(d).env).PORT;
    const readiness = container.readinessProbe?.httpGet;
    expect({ path: readiness?.path, port: resolvePort(container, readiness?.port) }).toEqual({
      path: '/api/health/ready',
      port: listening,
    });
    const liveness = container.livenessProbe ?? {};
    if (liveness.tcpSocket) {
      expect(resolvePort(container, liveness.tcpSocket.port)).toBe(listening);
    } else {
      // An HTTP liveness probe on /api/health must tolerate a long outage of a store or service.
      expect(liveness.httpGet).toBeDefined();
      expect(resolvePort(container, liveness.httpGet.port)).toBe(listening);
      expect((liveness.periodSeconds ?? 10) * (liveness.failureThreshold ?? 3)).toBeGreaterThanOrEqual(120);
    }
  });

  it('every Service selects a Deployment and targets a port it listens on', () => {
    const services = ofKind('Service');
    expect(services.map((s) => s.metadata.name)).toContain('gateway');
    for (const service of services) {
      const target = deployments().find((d) => selects(service.spec.selector, d.spec.template.metadata.labels));
      expect({ service: service.metadata.name, selects: target?.metadata.name ?? 'nothing' }).toEqual({
        service: service.metadata.name,
        selects: expect.any(String),
      });
      expect(target).toBeDefined();
      for (const port of service.spec.ports) {
        expect({
          service: service.metadata.name,
          port: resolvePort(containerOf(target!), port.targetPort ?? port.port),
        }).toEqual({
          service: service.metadata.name,
          port: expect.any(Number),
        });
      }
    }
  });

  it('the Ingress routes the public host, /ws included, to the gateway Service, with long timeouts for /ws', () => {
    const ingresses = ofKind('Ingress');
    expect(ingresses.length).toBeGreaterThan(0);
    const routes = ingresses.flatMap((ingress) =>
      ingress.spec.rules.flatMap((rule: any) =>
        rule.http.paths.map((path: any) => ({
          ingress,
          host: rule.host,
          path: path.path,
          pathType: path.pathType,
          backend: path.backend.service,
        })),
      ),
    );
    for (const route of routes) {
      const service = ofKind('Service').find((s) => s.metadata.name === route.backend.name);
      expect({ path: route.path, service: service?.metadata.name }).toEqual({
        path: route.path,
        service: route.backend.name,
      });
      const ports = service!.spec.ports.map((p: any) => [p.name, p.port]).flat();
      expect(ports).toContain(route.backend.port.name ?? route.backend.port.number);
    }
    // The longest Prefix route that covers /ws decides its timeouts.
    const forWs = routes
      .filter((r) => r.pathType === 'Prefix' && (r.path === '/' || r.path.replace(/\/$/, '') === '/ws'))
      .sort((a, b) => b.path.length - a.path.length)[0];
    expect(forWs?.backend.name).toBe('gateway');
    const timeout = Number(forWs!.ingress.metadata.annotations?.['nginx.ingress.kubernetes.io/proxy-read-timeout']);
    expect(timeout).toBeGreaterThanOrEqual(300);
    // Card links in QR codes use PUBLIC_BASE_URL: it must be the host the Ingress serves.
    const publicBase = kubeEnvironment(deployment('gateway')!).env.PUBLIC_BASE_URL;
    if (publicBase) expect(routes.map((r) => r.host)).toContain(new URL(publicBase).hostname);
  });

  it.each(['gateway', 'records'])('scales %s on CPU, never below 2 pods', (name) => {
    const hpa = ofKind('HorizontalPodAutoscaler').find((h) => h.spec.scaleTargetRef.name === name);
    expect({ name, hpa: Boolean(hpa) }).toEqual({ name, hpa: true });
    expect(hpa!.spec.scaleTargetRef).toMatchObject({ apiVersion: 'apps/v1', kind: 'Deployment' });
    expect(hpa!.spec.minReplicas).toBeGreaterThanOrEqual(2);
    expect(hpa!.spec.maxReplicas).toBeGreaterThan(hpa!.spec.minReplicas);
    expect(hpa!.spec.metrics).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'Resource', resource: expect.objectContaining({ name: 'cpu' }) }),
      ]),
    );
    // Utilisation is measured against the request: without one the autoscaler cannot act.
    expect(containerOf(deployment(name)!).resources?.requests?.cpu).toBeDefined();
  });

  it('every autoscaler targets a Deployment that exists', () => {
    for (const hpa of ofKind('HorizontalPodAutoscaler')) expect(deployment(hpa.spec.scaleTargetRef.name)).toBeDefined();
  });

  it.each(PROCESSES)(
    'keeps at least one %s pod through disruptions, with a budget that selects exactly its pods',
    (process) => {
      const d = deployment(process)!;
      const budgets = ofKind('PodDisruptionBudget').filter((pdb) =>
        selects(pdb.spec.selector?.matchLabels, d.spec.template.metadata.labels),
      );
      expect({ process, budgets: budgets.length }).toEqual({ process, budgets: 1 });
      expect(budgets[0]!.spec.minAvailable).toBe(1);
      const alsoSelected = deployments()
        .filter(
          (other) => other !== d && selects(budgets[0]!.spec.selector.matchLabels, other.spec.template.metadata.labels),
        )
        .map((other) => other.metadata.name);
      expect({ process, alsoSelected }).toEqual({ process, alsoSelected: [] });
    },
  );
});
