// The Kubernetes overlays as `kubectl apply -k` would send them, and what the deploy checks read of them: the objects
// of one overlay, label selectors, the ports probes and Services name, resource quantities, a container's environment
// resolved through its ConfigMaps and Secrets, and what the NetworkPolicies let in and out. Shared by the spec files
// of test/deploy that look at k8s/.
import { execFileSync } from 'node:child_process';
import { parse, parseAllDocuments } from 'yaml';
import { FILES, read } from './process-needs.js';

export const OVERLAYS = ['dev', 'prod', 'demo'] as const;
export type Overlay = (typeof OVERLAYS)[number];
const KUBECTL = process.env.KUBECTL ?? 'kubectl';
export const NAMESPACE = 'medical-qr';

export type Labels = Record<string, string>;
export type KubeObject = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Labels; annotations?: Labels };
  [field: string]: any;
};
export type Selector = {
  matchLabels?: Labels;
  matchExpressions?: { key: string; operator: string; values?: string[] }[];
};

// ---------------------------------------------------------------------------------------------
// Rendering
// ---------------------------------------------------------------------------------------------

/** The overlay as kubectl renders it. A missing kubectl fails the checks: they must not pass unseen. */
export function render(overlay: Overlay): KubeObject[] {
  return renderDirectory(`${FILES}k8s/overlays/${overlay}`, `k8s/overlays/${overlay}`);
}

/** Any kustomization folder as kubectl renders it (an overlay a check writes on top of one, say). */
export function renderDirectory(directory: string, shownAs = directory): KubeObject[] {
  let output: string;
  try {
    output = execFileSync(KUBECTL, ['kustomize', directory], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string };
    if (failure.code === 'ENOENT') {
      throw new Error(
        `kubectl not found ("${KUBECTL}"): install kubectl 1.27 or newer (it has kustomize v5 built in) ` +
          'to render k8s/overlays, or set KUBECTL to its path.',
        { cause: error },
      );
    }
    throw new Error(`kubectl kustomize ${shownAs} failed:\n${failure.stderr || failure.message}`, {
      cause: error,
    });
  }
  const objects: KubeObject[] = [];
  for (const document of parseAllDocuments(output)) {
    if (document.errors.length) throw new Error(`${shownAs}: ${document.errors.map((e) => e.message).join('; ')}`);
    const object = document.toJS() as KubeObject | null;
    if (object) objects.push(object);
  }
  return objects;
}

const renders = new Map<Overlay, Cluster>();
export const rendered = (overlay: Overlay) => {
  if (!renders.has(overlay)) renders.set(overlay, new Cluster(render(overlay)));
  return renders.get(overlay)!;
};

/** The image each overlay should run: its own `images` entry, else base's. */
export function overlayImage(overlay: Overlay): string {
  type Images = { images?: { name: string; newName?: string; newTag?: string }[] };
  const own = (parse(read(`k8s/overlays/${overlay}/kustomization.yaml`)) as Images).images?.[0];
  const base = (parse(read('k8s/base/kustomization.yaml')) as Images).images?.[0];
  const name = own?.newName ?? base?.newName ?? base?.name;
  const tag = own?.newTag ?? base?.newTag;
  return `${name}:${tag}`;
}

// ---------------------------------------------------------------------------------------------
// Reading a rendered cluster
// ---------------------------------------------------------------------------------------------

export const selects = (selector: Selector | undefined, labels: Labels | undefined) => {
  if (!selector) return false;
  const expressions = selector.matchExpressions ?? [];
  const matchLabels = Object.entries(selector.matchLabels ?? {});
  if (!matchLabels.length && !expressions.length) return true; // {} selects everything
  return (
    matchLabels.every(([key, value]) => labels?.[key] === value) &&
    expressions.every(({ key, operator, values = [] }) => {
      const value = labels?.[key];
      if (operator === 'In') return value !== undefined && values.includes(value);
      if (operator === 'NotIn') return value === undefined || !values.includes(value);
      if (operator === 'Exists') return value !== undefined;
      if (operator === 'DoesNotExist') return value === undefined;
      return false;
    })
  );
};
/** A Service's selector: a plain label map, where an empty one would select nothing. */
export const selectsByLabels = (selector: Labels | undefined, labels: Labels | undefined) =>
  Boolean(selector && Object.keys(selector).length) &&
  Object.entries(selector!).every(([key, value]) => labels?.[key] === value);
export const isEmptySelector = (selector: Selector | undefined) =>
  Boolean(selector) && !Object.keys(selector!.matchLabels ?? {}).length && !(selector!.matchExpressions ?? []).length;

/** The named or numbered container port a probe, Service or policy points at. */
export function resolvePort(container: any, port: string | number | undefined): number | undefined {
  if (typeof port === 'number') return container.ports?.some((p: any) => p.containerPort === port) ? port : undefined;
  return container.ports?.find((p: { name?: string }) => p.name === port)?.containerPort;
}

/** Kubernetes quantities ("100m", "1", "192Mi", "1Gi") as plain numbers, to compare them. */
export function quantity(value: string | number): number {
  const match = /^([0-9.]+)([a-zA-Z]*)$/.exec(String(value));
  const units: Record<string, number> = {
    '': 1,
    m: 1e-3,
    k: 1e3,
    M: 1e6,
    G: 1e9,
    Ki: 2 ** 10,
    Mi: 2 ** 20,
    Gi: 2 ** 30,
  };
  if (!match || !(match[2]! in units)) return NaN;
  return Number(match[1]) * units[match[2]!]!;
}

export class Cluster {
  constructor(readonly objects: KubeObject[]) {}

  ofKind(kind: string) {
    return this.objects.filter((object) => object.kind === kind);
  }
  named(kind: string, name: string) {
    return this.ofKind(kind).find((object) => object.metadata.name === name);
  }
  deployment(name: string) {
    return this.named('Deployment', name);
  }
  /** Everything that runs pods. */
  workloads() {
    return [...this.ofKind('Deployment'), ...this.ofKind('StatefulSet')];
  }
  podLabels(workload: KubeObject): Labels {
    return workload.spec.template.metadata.labels ?? {};
  }
  containerOf(workload: KubeObject) {
    return workload.spec.template.spec.containers[0];
  }

  secretValues(name: string): Record<string, string> | undefined {
    const secret = this.named('Secret', name);
    if (!secret) return undefined;
    return {
      ...Object.fromEntries(
        Object.entries(secret.data ?? {}).map(([k, v]) => [k, Buffer.from(String(v), 'base64').toString()]),
      ),
      ...(secret.stringData ?? {}),
    };
  }

  /** What a container's environment holds, resolved through its ConfigMap and Secret references. */
  environment(container: any) {
    const env: Record<string, string> = {};
    const source: Record<string, 'configMap' | 'secret' | 'literal' | 'field'> = {};
    const brokenReferences: string[] = [];
    const values = (kind: 'ConfigMap' | 'Secret', name: string) =>
      kind === 'Secret' ? this.secretValues(name) : this.named('ConfigMap', name)?.data;
    for (const from of container.envFrom ?? []) {
      const kind = from.configMapRef ? 'ConfigMap' : 'Secret';
      const name = (from.configMapRef ?? from.secretRef).name;
      const found = values(kind, name);
      if (!found) brokenReferences.push(`envFrom ${kind} ${name}`);
      for (const [key, value] of Object.entries(found ?? {})) {
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
      if (entry.valueFrom?.fieldRef || entry.valueFrom?.resourceFieldRef) {
        source[entry.name] = 'field';
        continue;
      }
      const ref = entry.valueFrom?.configMapKeyRef ?? entry.valueFrom?.secretKeyRef;
      const kind = entry.valueFrom?.configMapKeyRef ? 'ConfigMap' : 'Secret';
      const value = ref ? values(kind, ref.name)?.[ref.key] : undefined;
      if (value === undefined) {
        if (!ref?.optional) brokenReferences.push(`${entry.name} -> ${kind} ${ref?.name}/${ref?.key}`);
        continue;
      }
      env[entry.name] = String(value);
      source[entry.name] = kind === 'Secret' ? 'secret' : 'configMap';
    }
    return { env, source, brokenReferences };
  }
  processEnvironment(process: string) {
    return this.environment(this.containerOf(this.deployment(process)!));
  }

  /** The NetworkPolicies that apply to a workload's pods in one direction. */
  policiesFor(workload: KubeObject, direction: 'Ingress' | 'Egress') {
    return this.ofKind('NetworkPolicy').filter(
      (policy) =>
        (policy.spec.policyTypes ?? ['Ingress']).includes(direction) &&
        selects(policy.spec.podSelector, this.podLabels(workload)),
    );
  }

  /** Who may open connections to a workload's pods, as "source -> port" lines. */
  ingressAllowed(workload: KubeObject): string[] {
    const container = this.containerOf(workload);
    const lines: string[] = [];
    for (const policy of this.policiesFor(workload, 'Ingress')) {
      for (const rule of policy.spec.ingress ?? []) {
        const sources = rule.from?.length ? rule.from.map((peer: any) => this.describePeer(peer)) : ['anywhere'];
        const ports = rule.ports?.length
          ? rule.ports.map((p: any) => resolvePort(container, p.port) ?? `undeclared ${p.port}`)
          : ['every port'];
        for (const from of sources) for (const port of ports) lines.push(`${from} -> ${port}`);
      }
    }
    return [...new Set(lines)].sort();
  }

  /** The ports a workload's pods may connect out to (to any destination a rule names). */
  egressPorts(workload: KubeObject): (number | string)[] {
    const ports = new Set<number | string>();
    for (const policy of this.policiesFor(workload, 'Egress')) {
      for (const rule of policy.spec.egress ?? []) {
        if (!rule.ports?.length) ports.add('every port');
        for (const p of rule.ports ?? []) ports.add(p.port);
      }
    }
    return [...ports].sort((a, b) => String(a).localeCompare(String(b), 'en', { numeric: true }));
  }

  describePeer(peer: any): string {
    if (peer.ipBlock) return `addresses ${peer.ipBlock.cidr}`;
    const namespace = peer.namespaceSelector
      ? (peer.namespaceSelector.matchLabels?.['kubernetes.io/metadata.name'] ??
        (isEmptySelector(peer.namespaceSelector) ? 'every namespace' : 'some namespaces'))
      : NAMESPACE;
    if (peer.podSelector && !isEmptySelector(peer.podSelector)) {
      if (namespace !== NAMESPACE) return `some pods of ${namespace}`;
      const matched = this.workloads()
        .filter((w) => selects(peer.podSelector, this.podLabels(w)))
        .map((w) => w.metadata.name);
      return `pods ${matched.sort().join(',') || 'none'}`;
    }
    return `namespace ${namespace}`;
  }
}
