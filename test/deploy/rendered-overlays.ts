// The Kubernetes overlays as `kubectl kustomize` renders them, for the checks of the edge and the alerts
// (production-edge.spec.ts, alerts.spec.ts). Each overlay is rendered once per test file.
import { execFileSync } from 'node:child_process';
import { parseAllDocuments } from 'yaml';
import { FILES } from './process-needs.js';

export const OVERLAYS = ['dev', 'prod', 'demo'] as const;
export type Overlay = (typeof OVERLAYS)[number];
export const NAMESPACE = 'medical-qr';

type Labels = Record<string, string>;
export type KubeObject = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Labels; annotations?: Labels };
  [field: string]: any;
};

const KUBECTL = process.env.KUBECTL ?? 'kubectl';
const renders = new Map<Overlay, KubeObject[]>();

/** The overlay as kubectl renders it. A missing kubectl fails the checks: they must not pass unseen. */
export function renderOverlay(overlay: Overlay): KubeObject[] {
  const cached = renders.get(overlay);
  if (cached) return cached;
  let output: string;
  try {
    output = execFileSync(KUBECTL, ['kustomize', `${FILES}k8s/overlays/${overlay}`], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string };
    if (failure.code === 'ENOENT') {
      throw new Error(`kubectl not found ("${KUBECTL}"): install kubectl 1.27 or newer, or set KUBECTL to its path.`, {
        cause: error,
      });
    }
    throw new Error(`kubectl kustomize k8s/overlays/${overlay} failed:\n${failure.stderr || failure.message}`, {
      cause: error,
    });
  }
  const objects: KubeObject[] = [];
  for (const document of parseAllDocuments(output)) {
    if (document.errors.length) throw new Error(`${overlay}: ${document.errors.map((e) => e.message).join('; ')}`);
    const object = document.toJS() as KubeObject | null;
    if (object) objects.push(object);
  }
  renders.set(overlay, objects);
  return objects;
}

export const ofKind = (objects: KubeObject[], kind: string) => objects.filter((object) => object.kind === kind);
export const named = (objects: KubeObject[], kind: string, name: string) =>
  ofKind(objects, kind).find((object) => object.metadata.name === name);

/** Whether a label selector (matchLabels and matchExpressions) selects these labels; {} selects everything. */
export function selects(
  selector:
    { matchLabels?: Labels; matchExpressions?: { key: string; operator: string; values?: string[] }[] } | undefined,
  labels: Labels | undefined,
): boolean {
  if (!selector) return false;
  return (
    Object.entries(selector.matchLabels ?? {}).every(([key, value]) => labels?.[key] === value) &&
    (selector.matchExpressions ?? []).every(({ key, operator, values = [] }) => {
      const value = labels?.[key];
      if (operator === 'In') return value !== undefined && values.includes(value);
      if (operator === 'NotIn') return value === undefined || !values.includes(value);
      if (operator === 'Exists') return value !== undefined;
      if (operator === 'DoesNotExist') return value === undefined;
      return false;
    })
  );
}

/** A Gateway API or Kubernetes duration ("30s", "1h", "500ms", "1h30m") in milliseconds. */
export function durationMs(value: string | undefined): number {
  if (value === undefined) return NaN;
  const parts = [...String(value).matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h|d)/g)];
  if (!parts.length || parts.map((p) => p[0]).join('') !== String(value)) return NaN;
  const unit: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
  return parts.reduce((sum, [, amount, u]) => sum + Number(amount) * unit[u!]!, 0);
}
