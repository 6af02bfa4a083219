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

/**
 * The settings people see: the address printed in QR codes on cards and physical tags, the sender of every mail, the
 * address Printify calls back. In production none may be on a domain reserved for examples, tests or local networks
 * (RFC 2606, 6761, 6762), as the templates' values and the local defaults are: a tag printed with one leads nowhere.
 */
const PUBLIC_ADDRESS_VARIABLES = ['PUBLIC_BASE_URL', 'MAIL_FROM', 'PRINTIFY_WEBHOOK_URL'];
const RESERVED_DOMAINS = ['example', 'example.com', 'example.net', 'example.org', 'test', 'invalid', 'local'];

export function isReservedDomain(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return RESERVED_DOMAINS.some((domain) => name === domain || name.endsWith(`.${domain}`));
}

/** The host an http(s) URL or a mail address (`Name <user@host>`) points at. */
function addressedHost(value: string): string | undefined {
  if (/^https?:\/\//i.test(value)) return URL.canParse(value) ? new URL(value).hostname : undefined;
  return /@([^\s@<>]+)>?\s*$/.exec(value)?.[1];
}

/** In production, the public addresses of a parsed configuration (defaults included) on a reserved domain. */
export function reservedAddressProblems(config: Record<string, unknown>): string[] {
  if (config.NODE_ENV !== 'production') return [];
  return PUBLIC_ADDRESS_VARIABLES.flatMap((name) => {
    const value = config[name];
    const host = typeof value === 'string' ? addressedHost(value) : undefined;
    if (!host || !isReservedDomain(host)) return [];
    return [`${name}: ${host} is a placeholder (a domain reserved for examples or local networks); set the real one`];
  });
}
