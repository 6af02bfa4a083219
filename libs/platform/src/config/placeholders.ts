/**
 * Values that are known to everyone, so never a secret: the marker of the Kubernetes Secret templates
 * (k8s/base/secret.yaml, nats-secret.yaml, the demo overlay) and the local stand-ins' default secrets (.env.example,
 * tools/sandboxes), which would let anyone sign a Stripe webhook or a Printify order in production.
 */
const TEMPLATE_MARKER = 'REPLACE_ME';
const STAND_IN_SECRETS = new Set([
  'whsec_local_stand_in_secret',
  'pk_test_local_stand_in',
  'local-google-secret',
  'local-google-client',
  'local-printify-token',
]);

export function isPlaceholder(value: string): boolean {
  return value.includes(TEMPLATE_MARKER) || STAND_IN_SECRETS.has(value.trim());
}

/** In production, the variables among `names` whose value is a known placeholder, each as a start-up problem. */
export function placeholderProblems(names: readonly string[], env: NodeJS.ProcessEnv): string[] {
  if (env.NODE_ENV !== 'production') return [];
  return names
    .filter((name) => typeof env[name] === 'string' && isPlaceholder(env[name]))
    .map(
      (name) =>
        `${name}: is a placeholder from the templates (${TEMPLATE_MARKER}... or a stand-in's secret); set the real value`,
    );
}
