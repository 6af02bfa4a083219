// The public edge and the way out of the namespace, as every overlay renders them: the Gateway API routes
// (k8s/components/envoy-gateway) with Envoy Gateway's policies, and the egress NetworkPolicies. Checked for
// what a responder or an operator would notice: a card page that is not routed, the health report or the API
// description on the internet, a WebSocket cut after a minute, a bare error instead of "call 911" when no
// gateway answers, the edge reusing a connection the gateway is closing, a pod that may call any address.
// The paths and numbers come from the gateway's code (main.ts, its configuration, its OpenAPI set-up).
import { gatewayEnvSchema } from '../../services/gateway/src/config.js';
import { STRIPE_WEBHOOK_BODY_LIMIT } from '../../services/gateway/src/billing/stripe-webhook-body.js';
import { PROCESSES, read } from './process-needs.js';
import {
  OVERLAYS,
  NAMESPACE,
  renderOverlay,
  ofKind,
  named,
  selects,
  durationMs,
  type KubeObject,
} from './rendered-overlays.js';

const GATEWAY_API = 'gateway.networking.k8s.io';
const ENVOY_GATEWAY = 'gateway.envoyproxy.io';
const UNAVAILABLE_SENTENCE = 'If this is an emergency, call 911 or your local emergency number';
/** Envoy Gateway has refused response override bodies above this (its checkResponseBodySize). */
const OVERRIDE_BODY_LIMIT = 4096;

// ---------------------------------------------------------------------------------------------
// What the gateway's code says
// ---------------------------------------------------------------------------------------------

const gatewayMain = read('services/gateway/src/main.ts');
/** How long the gateway keeps an idle connection open: the constant main.ts gives the server. */
const KEEP_ALIVE_MS = (() => {
  const value = /const KEEP_ALIVE_TIMEOUT_MS = ([\d_]+);/.exec(gatewayMain)?.[1];
  return value === undefined ? NaN : Number(value.replace(/_/g, ''));
})();

/** The global prefix of the API routes (app.setGlobalPrefix in main.ts). */
const API_PREFIX = `/${/app\.setGlobalPrefix\('([^']+)'\)/.exec(gatewayMain)?.[1] ?? 'no prefix found'}`;

/** The paths that must stay off the internet: the health report and the OpenAPI description, where the code serves them. */
const PRIVATE_PATHS = (() => {
  const openapi = read('services/gateway/src/docs/openapi.ts');
  const docs = /SwaggerModule\.setup\('([^']+)'/.exec(openapi)?.[1];
  const json = /jsonDocumentUrl: '([^']+)'/.exec(openapi)?.[1] ?? `${docs}-json`;
  // @nestjs/swagger serves the YAML beside the JSON unless told another path.
  const yaml = /yamlDocumentUrl: '([^']+)'/.exec(openapi)?.[1] ?? `${docs}-yaml`;
  const health = /@Controller\('([^']+)'\)/.exec(read('services/gateway/src/health/health.controller.ts'))?.[1];
  return {
    health: `${API_PREFIX}/${health}`,
    docs: `/${docs}`,
    json: `/${json}`,
    yaml: `/${yaml}`,
  };
})();

/** body-parser sizes ("100kb") and Kubernetes quantities ("1Mi") in bytes. */
function bytes(value: string | number | undefined): number {
  const match = /^(\d+(?:\.\d+)?)\s*([a-zA-Z]*)$/.exec(String(value ?? ''));
  const units: Record<string, number> = {
    '': 1,
    b: 1,
    kb: 1024,
    mb: 1024 ** 2,
    Ki: 1024,
    Mi: 1024 ** 2,
    Gi: 1024 ** 3,
    k: 1000,
    M: 1000 ** 2,
  };
  if (!match || !(match[2]! in units)) return NaN;
  return Number(match[1]) * units[match[2]!]!;
}

describe('what the edge checks read from the gateway', () => {
  it('finds the keep-alive, the API prefix and the private paths in the code', () => {
    expect(KEEP_ALIVE_MS).toBeGreaterThan(0);
    // The constant is what the server is given.
    expect(gatewayMain).toMatch(/server\.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;/);
    expect(API_PREFIX).toBe('/api');
    expect(PRIVATE_PATHS).toEqual({
      health: '/api/health',
      docs: '/api/docs',
      json: '/api/docs-json',
      yaml: '/api/docs-yaml',
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Gateway API matching, as the specification orders it
// ---------------------------------------------------------------------------------------------

type PathMatch = { type?: 'Exact' | 'PathPrefix' | 'RegularExpression'; value?: string };
type Rule = {
  matches?: { path?: PathMatch; headers?: unknown[]; queryParams?: unknown[]; method?: string }[];
  filters?: { type: string; extensionRef?: { group: string; kind: string; name: string }; requestRedirect?: any }[];
  backendRefs?: { group?: string; kind?: string; name: string; namespace?: string; port?: number }[];
  timeouts?: { request?: string; backendRequest?: string };
};
type Candidate = { route: KubeObject; rule: Rule; match: PathMatch };

/** Whether a path match takes a request path: Exact, or PathPrefix on whole path elements. */
function pathMatches(match: PathMatch, path: string): boolean {
  const type = match.type ?? 'PathPrefix';
  const value = match.value ?? '/';
  if (type === 'Exact') return path === value;
  if (type === 'PathPrefix') {
    const prefix = value.replace(/\/+$/, '');
    return prefix === '' || path === prefix || path.startsWith(`${prefix}/`);
  }
  return false; // RegularExpression is implementation-specific: these routes must not need it.
}

/** The routes attached to a listener of the Gateway, as [route, sectionName] pairs. */
function attached(objects: KubeObject[], listener: string) {
  return ofKind(objects, 'HTTPRoute').filter((route) =>
    (route.spec.parentRefs ?? []).some(
      (ref: any) =>
        (ref.kind ?? 'Gateway') === 'Gateway' &&
        (ref.group ?? GATEWAY_API) === GATEWAY_API &&
        (ref.sectionName === undefined || ref.sectionName === listener),
    ),
  );
}

/**
 * The rule a GET of `path` on `host` lands on, by the Gateway API's precedence: an Exact path match before a
 * prefix, then the longest prefix (header, query and method matches are not used by these routes).
 */
function winningRule(objects: KubeObject[], listener: string, host: string, path: string): Candidate | undefined {
  const candidates: Candidate[] = [];
  for (const route of attached(objects, listener)) {
    const hostnames: string[] = route.spec.hostnames ?? [];
    if (hostnames.length && !hostnames.includes(host)) continue;
    for (const rule of (route.spec.rules ?? []) as Rule[]) {
      const matches = rule.matches?.length ? rule.matches : [{ path: { type: 'PathPrefix', value: '/' } as PathMatch }];
      for (const match of matches) {
        if (match.headers?.length || match.queryParams?.length || (match.method && match.method !== 'GET')) continue;
        const pathMatch = match.path ?? { type: 'PathPrefix', value: '/' };
        if (pathMatches(pathMatch, path)) candidates.push({ route, rule, match: pathMatch });
      }
    }
  }
  const rank = (c: Candidate) => [(c.match.type ?? 'PathPrefix') === 'Exact' ? 1 : 0, (c.match.value ?? '/').length];
  candidates.sort((a, b) => {
    const [ea, la] = rank(a);
    const [eb, lb] = rank(b);
    return eb! - ea! || lb! - la!;
  });
  return candidates[0];
}

// ---------------------------------------------------------------------------------------------
// The edge in every overlay
// ---------------------------------------------------------------------------------------------

describe.each(OVERLAYS)('k8s/overlays/%s: the public edge', (overlay) => {
  let objects: KubeObject[];
  let host: string;
  let gatewayPort: number;
  beforeAll(() => {
    objects = renderOverlay(overlay);
    // Generated with a hash of its content in the name (medical-qr-config-<hash>), so pods roll when it changes.
    const config = ofKind(objects, 'ConfigMap').find((map) => /^medical-qr-config-[a-z0-9]+$/.test(map.metadata.name));
    host = new URL(config!.data.PUBLIC_BASE_URL).hostname;
    const container = named(objects, 'Deployment', 'gateway')!.spec.template.spec.containers[0];
    gatewayPort = Number(container.env.find((e: { name: string }) => e.name === 'PORT')?.value);
  });

  /** The container port a backendRef reaches through its Service, or why it reaches none. */
  function targetPort(ref: NonNullable<Rule['backendRefs']>[number]): number | string {
    if ((ref.kind ?? 'Service') !== 'Service' || (ref.group ?? '') !== '') return `not a Service: ${ref.kind}`;
    if ((ref.namespace ?? NAMESPACE) !== NAMESPACE) return `another namespace: ${ref.namespace}`;
    const service = named(objects, 'Service', ref.name);
    const port = service?.spec.ports.find((p: any) => p.port === ref.port);
    if (!port) return `no port ${ref.port} on Service ${ref.name}`;
    const workload = ofKind(objects, 'Deployment').find((d) =>
      Object.entries(service!.spec.selector ?? {}).every(([k, v]) => d.spec.template.metadata.labels?.[k] === v),
    );
    const container = workload?.spec.template.spec.containers[0];
    const target = port.targetPort ?? port.port;
    return typeof target === 'number'
      ? target
      : (container?.ports?.find((p: any) => p.name === target)?.containerPort ?? `no container port ${target}`);
  }

  it('has no Ingress and nothing of ingress-nginx, retired in March 2026', () => {
    expect(ofKind(objects, 'Ingress').map((i) => i.metadata.name)).toEqual([]);
    const nginx = objects.filter((o) =>
      Object.keys(o.metadata.annotations ?? {}).some((key) => key.startsWith('nginx.ingress.kubernetes.io/')),
    );
    expect(nginx.map((o) => `${o.kind}/${o.metadata.name}`)).toEqual([]);
  });

  it('has one Gateway, terminating TLS for the host of PUBLIC_BASE_URL, and every route attached to its listeners', () => {
    const gateways = ofKind(objects, 'Gateway');
    expect(gateways.map((g) => g.metadata.name)).toEqual(['medical-qr']);
    const listeners: any[] = gateways[0]!.spec.listeners;
    const https = listeners.find((l) => l.protocol === 'HTTPS');
    expect({
      hostname: https?.hostname,
      port: https?.port,
      mode: https?.tls?.mode ?? 'Terminate',
      certificates: https?.tls?.certificateRefs?.map((ref: any) => `${ref.kind ?? 'Secret'}/${ref.name}`),
    }).toEqual({ hostname: host, port: 443, mode: 'Terminate', certificates: ['Secret/medical-qr-tls'] });
    for (const route of ofKind(objects, 'HTTPRoute')) {
      expect({ route: route.metadata.name, hostnames: route.spec.hostnames }).toEqual({
        route: route.metadata.name,
        hostnames: [host],
      });
      for (const ref of route.spec.parentRefs) {
        expect({
          route: route.metadata.name,
          gateway: ref.name,
          listener: listeners.some((l) => l.name === ref.sectionName),
        }).toEqual({ route: route.metadata.name, gateway: 'medical-qr', listener: true });
      }
    }
  });

  it('forwards only to the gateway, on the port it listens on: never its metrics port, never another Service', () => {
    expect(gatewayPort).toBe(gatewayEnvSchema.shape.PORT.parse(String(gatewayPort)));
    const forwarded = ofKind(objects, 'HTTPRoute').flatMap((route) =>
      ((route.spec.rules ?? []) as Rule[]).flatMap((rule) =>
        (rule.backendRefs ?? []).map((ref) => ({ route: route.metadata.name, to: ref.name, port: targetPort(ref) })),
      ),
    );
    expect(forwarded.length).toBeGreaterThan(0);
    for (const entry of forwarded) expect(entry).toEqual({ route: entry.route, to: 'gateway', port: gatewayPort });
  });

  it.each([
    ['/', 'the home page'],
    ['/emergency/Zq3xT9vLmP0aB7cD1eF2gH', 'a card page a responder opens'],
    ['/assets/index.js', 'the web app'],
    ['/apidocs', 'a web path that only starts like /api'],
    ['/api/emergency-card/Zq3xT9vLmP0aB7cD1eF2gH', "the card's data"],
    ['/api/auth/login', 'the API'],
    ['/api/stripe/webhook', "Stripe's webhook"],
    ['/api/health-tips', 'an API path that only starts like the health report'],
    ['/ws', 'the live socket'],
  ])('forwards %s (%s) over HTTPS to the gateway', (path) => {
    const winner = winningRule(objects, 'https', host, path);
    expect({ path, forwardsTo: winner?.rule.backendRefs?.map((ref) => ref.name) }).toEqual({
      path,
      forwardsTo: ['gateway'],
    });
    // A filter that answers by itself would stop the request at the edge.
    expect({ path, filters: (winner!.rule.filters ?? []).map((f) => f.type) }).toEqual({ path, filters: [] });
  });

  it.each(
    ((p) => [
      p.health,
      `${p.health}/`,
      `${p.health}/ready`,
      `${p.health}/records`,
      p.docs,
      `${p.docs}/`,
      `${p.docs}/swagger-ui.css`,
      p.json,
      p.yaml,
    ])(PRIVATE_PATHS),
  )('keeps %s off the internet: the edge answers 404 itself', (path) => {
    const winner = winningRule(objects, 'https', host, path);
    expect({ path, backendRefs: winner?.rule.backendRefs ?? [] }).toEqual({ path, backendRefs: [] });
    const refs = (winner?.rule.filters ?? []).filter((f) => f.type === 'ExtensionRef').map((f) => f.extensionRef!);
    expect(refs.map((ref) => `${ref.group}/${ref.kind}`)).toEqual([`${ENVOY_GATEWAY}/HTTPRouteFilter`]);
    const filter = named(objects, 'HTTPRouteFilter', refs[0]!.name);
    expect({ path, status: filter?.spec.directResponse?.statusCode }).toEqual({ path, status: 404 });
  });

  it('only redirects plain HTTP to HTTPS, forwarding nothing', () => {
    const routes = attached(objects, 'http');
    expect(routes.length).toBeGreaterThan(0);
    for (const path of ['/', '/emergency/abc', PRIVATE_PATHS.health]) {
      const winner = winningRule(objects, 'http', host, path);
      expect({
        path,
        backendRefs: winner?.rule.backendRefs ?? [],
        redirect: winner?.rule.filters?.find((f) => f.type === 'RequestRedirect')?.requestRedirect?.scheme,
      }).toEqual({ path, backendRefs: [], redirect: 'https' });
    }
  });

  it('keeps /ws open for at least 5 minutes and bounds every other request', () => {
    const ws = winningRule(objects, 'https', host, '/ws')!;
    // ingress-nginx closed a quiet socket after 60 s; the gateway pings every 30 s, the client reconnects.
    expect(durationMs(ws.rule.timeouts?.request)).toBeGreaterThanOrEqual(5 * 60_000);
    for (const path of ['/', '/emergency/abc', '/api/auth/login']) {
      const request = durationMs(winningRule(objects, 'https', host, path)!.rule.timeouts?.request);
      expect({ path, bounded: request > 0 && request <= 60_000 }).toEqual({ path, bounded: true });
    }
  });

  /** The BackendTrafficPolicies that attach to a route (by targetRef or targetRefs). */
  const policiesOf = (route: KubeObject) =>
    ofKind(objects, 'BackendTrafficPolicy').filter((policy) =>
      [...(policy.spec.targetRefs ?? []), ...(policy.spec.targetRef ? [policy.spec.targetRef] : [])].some(
        (ref: any) => ref.group === GATEWAY_API && ref.kind === 'HTTPRoute' && ref.name === route.metadata.name,
      ),
    );
  const forwardingRoutes = () =>
    ofKind(objects, 'HTTPRoute').filter((route) => route.spec.rules.some((rule: Rule) => rule.backendRefs?.length));

  it(`closes idle connections to the gateway before the gateway does (KEEP_ALIVE_TIMEOUT_MS in main.ts)`, () => {
    for (const route of forwardingRoutes()) {
      const policies = policiesOf(route);
      expect({ route: route.metadata.name, policies: policies.length }).toEqual({
        route: route.metadata.name,
        policies: 1,
      });
      const idle = durationMs(policies[0]!.spec.timeout?.http?.connectionIdleTimeout);
      // Envoy's default is an hour: left unset, the gateway would close first and race a request on the connection.
      expect({ route: route.metadata.name, idle, belowGateway: idle > 0 && idle < KEEP_ALIVE_MS }).toEqual({
        route: route.metadata.name,
        idle,
        belowGateway: true,
      });
    }
  });

  it('refuses large bodies at the edge, above what the gateway itself accepts, and never buffers /ws', () => {
    const accepted = Math.max(
      bytes(gatewayEnvSchema.shape.BODY_LIMIT.parse(undefined)),
      bytes(STRIPE_WEBHOOK_BODY_LIMIT),
    );
    expect(accepted).toBe(512 * 1024);
    const ws = winningRule(objects, 'https', host, '/ws')!.route;
    for (const route of forwardingRoutes()) {
      const buffer = policiesOf(route)[0]?.spec.requestBuffer;
      if (route === ws) {
        // Buffering a request whole stalls an upgrade (Envoy Gateway's BufferAndLimit mode, the default).
        expect({ route: route.metadata.name, mode: buffer ? (buffer.mode ?? 'BufferAndLimit') : 'none' }).not.toEqual({
          route: route.metadata.name,
          mode: 'BufferAndLimit',
        });
        continue;
      }
      const limit = bytes(buffer?.limit);
      expect({ route: route.metadata.name, limit, fits: limit >= accepted && limit <= 10 * 1024 ** 2 }).toEqual({
        route: route.metadata.name,
        limit,
        fits: true,
      });
    }
  });

  it('answers 503 and 504 from the edge on the card pages with the "call 911" page', () => {
    const card = winningRule(objects, 'https', host, '/emergency/Zq3xT9vLmP0aB7cD1eF2gH')!.route;
    const overrides: any[] = policiesOf(card).flatMap((policy) => policy.spec.responseOverride ?? []);
    const covers = (override: any, status: number) =>
      (override.match?.statusCodes ?? []).some((code: any) =>
        (code.type ?? 'Value') === 'Range'
          ? code.range.start <= status && status <= code.range.end
          : Number(code.value) === status,
      );
    for (const status of [503, 504]) {
      // The first override that matches wins.
      const override = overrides.find((o) => covers(o, status));
      expect({
        status,
        // Local: the edge's own answers only; the gateway's 503s carry a message of their own.
        source: override?.source ?? 'All',
        contentType: override?.response?.contentType,
        body: override?.response?.body?.type,
        configMap: `${override?.response?.body?.valueRef?.kind}/${override?.response?.body?.valueRef?.name}`,
      }).toEqual({
        status,
        source: 'Local',
        contentType: expect.stringMatching(/^text\/html/),
        body: 'ValueRef',
        configMap: 'ConfigMap/edge-unavailable-page',
      });
      const page = named(objects, 'ConfigMap', override.response.body.valueRef.name)?.data?.['response.body'];
      expect(typeof page).toBe('string');
    }
  });

  it('the "call 911" page says so, has a tel: link, is small, and runs nothing', () => {
    const page: string = named(objects, 'ConfigMap', 'edge-unavailable-page')!.data['response.body'];
    expect(page).toContain(UNAVAILABLE_SENTENCE);
    expect(page).toMatch(/<a\b[^>]*href="tel:911"/);
    expect(Buffer.byteLength(page)).toBeLessThanOrEqual(OVERRIDE_BODY_LIMIT);
    // Readable on a phone: scaled to the screen, its own styles inline, nothing fetched from anywhere.
    expect(page).toMatch(/<meta name="viewport" content="width=device-width/);
    expect(page).toMatch(/<style>/);
    expect(page).not.toMatch(/<script|\son\w+=|<link\b|<img\b|<iframe\b|\bsrc=|url\(|@import/i);
    expect(page).toMatch(/<html lang="en">/);
  });
});

// ---------------------------------------------------------------------------------------------
// The way out: DNS to the cluster's, providers on the internet only
// ---------------------------------------------------------------------------------------------

/** The ranges a provider rule must leave out: private networks (where clusters live) and link-local. */
const PRIVATE_IPV4 = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '169.254.0.0/16'];
const PRIVATE_IPV6 = ['fc00::/7', 'fe80::/10'];
const PROVIDER_PORTS: Record<string, number[]> = {
  gateway: [443],
  billing: [443],
  shop: [443],
  identity: [587, 465, 25],
};
// NATS, PostgreSQL, Redis, and Redis over TLS (rediss://, the prod overlay's).
const STORE_PORTS = [4222, 5432, 6379, 6380];

describe.each(OVERLAYS)('k8s/overlays/%s: where pods may connect to', (overlay) => {
  let objects: KubeObject[];
  beforeAll(() => {
    objects = renderOverlay(overlay);
  });
  type EgressRule = { policy: string; selector: any; to: any[]; ports: (number | string)[] };
  /** Every egress rule of every policy, with the pods it applies to. */
  const egressRules = (): EgressRule[] =>
    ofKind(objects, 'NetworkPolicy')
      .filter((policy) => (policy.spec.policyTypes ?? []).includes('Egress'))
      .flatMap((policy) =>
        (policy.spec.egress ?? []).map((rule: any) => ({
          policy: policy.metadata.name,
          selector: policy.spec.podSelector,
          to: (rule.to ?? []) as any[],
          ports: (rule.ports ?? []).map((p: any) => p.port) as (number | string)[],
        })),
      );
  const workload = (name: string) => named(objects, 'Deployment', name)!;
  const podLabels = (name: string) => workload(name).spec.template.metadata.labels;

  it('opens no port to every address but the stores, whose addresses are yours', () => {
    const open = egressRules()
      .filter((rule) => !rule.to.length)
      .map((rule) => ({ policy: rule.policy, ports: rule.ports.length ? rule.ports : ['every port'] }));
    for (const rule of open) {
      expect({
        policy: rule.policy,
        ports: rule.ports.filter((port) => !STORE_PORTS.includes(port as number)),
      }).toEqual({ policy: rule.policy, ports: [] });
    }
  });

  it('lets pods look names up only at the cluster DNS: the kube-dns pods of kube-system', () => {
    const dns = egressRules().filter((rule) => rule.ports.includes(53));
    expect(dns.length).toBeGreaterThan(0);
    for (const rule of dns) {
      expect({ policy: rule.policy, to: rule.to }).toEqual({
        policy: rule.policy,
        to: [
          {
            namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'kube-system' } },
            podSelector: { matchLabels: { 'k8s-app': 'kube-dns' } },
          },
        ],
      });
    }
    // Every process is covered.
    for (const process of PROCESSES) {
      expect({ process, dns: dns.some((rule) => selects(rule.selector, podLabels(process))) }).toEqual({
        process,
        dns: true,
      });
    }
  });

  it.each(PROCESSES)(
    "lets %s reach its providers' ports only outside the cluster's and the private ranges",
    (process) => {
      const own = PROVIDER_PORTS[process] ?? [];
      const rules = egressRules().filter(
        (rule) => selects(rule.selector, podLabels(process)) && rule.ports.some((port) => own.includes(Number(port))),
      );
      expect({ process, covered: own.every((port) => rules.some((rule) => rule.ports.includes(port))) }).toEqual({
        process,
        covered: true,
      });
      for (const rule of rules) {
        const blocks = rule.to.map((peer) => peer.ipBlock);
        expect({ policy: rule.policy, onlyAddressBlocks: blocks.length > 0 && blocks.every(Boolean) }).toEqual({
          policy: rule.policy,
          onlyAddressBlocks: true,
        });
        for (const block of blocks) {
          const ipv6 = block.cidr.includes(':');
          expect({ policy: rule.policy, cidr: block.cidr, left: [...(block.except ?? [])].sort() }).toEqual({
            policy: rule.policy,
            cidr: ipv6 ? '::/0' : '0.0.0.0/0',
            left: expect.arrayContaining(ipv6 ? PRIVATE_IPV6 : PRIVATE_IPV4),
          });
        }
      }
    },
  );
});

describe('docs/deployment.md on the edge', () => {
  const docs = read('docs/deployment.md');

  it('describes the edge, the page for other edges and the egress ranges to adjust', () => {
    expect(docs).toContain('k8s/components/envoy-gateway');
    expect(docs).toContain(UNAVAILABLE_SENTENCE);
    expect(docs).toContain('custom-http-errors');
    expect(docs).toContain('connectionIdleTimeout');
    expect(docs).toMatch(/except/);
  });
});
