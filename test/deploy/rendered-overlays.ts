// What the checks of the edge and the alerts (production-edge.spec.ts, alerts.spec.ts) read of a rendered overlay: its
// objects by kind and name, and durations. Rendering itself is rendered-cluster.ts's, once per overlay and test file.
import { type KubeObject, type Overlay, rendered } from './rendered-cluster.js';

export { NAMESPACE, OVERLAYS, selects, type KubeObject, type Overlay } from './rendered-cluster.js';

/** The overlay as kubectl renders it. A missing kubectl fails the checks: they must not pass unseen. */
export const renderOverlay = (overlay: Overlay): KubeObject[] => rendered(overlay).objects;

export const ofKind = (objects: KubeObject[], kind: string) => objects.filter((object) => object.kind === kind);
export const named = (objects: KubeObject[], kind: string, name: string) =>
  ofKind(objects, kind).find((object) => object.metadata.name === name);

/** A Gateway API or Kubernetes duration ("30s", "1h", "500ms", "1h30m") in milliseconds. */
export function durationMs(value: string | undefined): number {
  if (value === undefined) return NaN;
  const parts = [...String(value).matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h|d)/g)];
  if (!parts.length || parts.map((p) => p[0]).join('') !== String(value)) return NaN;
  const unit: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
  return parts.reduce((sum, [, amount, u]) => sum + Number(amount) * unit[u!]!, 0);
}
