// The prod overlay's alerts (PrometheusRule) and Grafana dashboard, as kubectl renders them, checked for what
// an on-call person would notice too late: an expression Prometheus cannot parse, an alert on a metric nobody
// exports (silent forever), a label the metric does not have, an alert without a severity or an explanation,
// a dashboard that does not show what the alerts watch. The metric names come from the code: every
// prom-client metric declared under libs/ and services/, and prom-client's own Node metrics.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { httpRequestDuration, REPORTED_JOB_STATES } from '@medical-qr/platform';
import { CARD_PAGE_ROUTE } from '../../services/gateway/src/metrics/http-route-label.js';
import { ROOT, read } from './process-needs.js';
import { OVERLAYS, renderOverlay, ofKind, durationMs, type KubeObject } from './rendered-overlays.js';

// ---------------------------------------------------------------------------------------------
// The metrics that exist
// ---------------------------------------------------------------------------------------------

type MetricType = 'counter' | 'gauge' | 'histogram' | 'summary';
type Known = { type: MetricType; labels: string[] | 'any'; from: string };

/** Every prom-client metric the code declares: `new Counter({ name: '...', labelNames: [...] })` in libs/ and services/. */
function declaredMetrics(): Map<string, Known> {
  const found = new Map<string, Known>();
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((entry) => {
      const path = `${dir}/${entry}`;
      if (entry === 'node_modules' || entry === 'dist') return [];
      if (statSync(path).isDirectory()) return walk(path);
      return /\.ts$/.test(entry) && !/\.(spec|e2e)\.ts$/.test(entry) ? [path] : [];
    });
  const roots = ['libs', 'services'].flatMap((top) =>
    readdirSync(`${ROOT}${top}`)
      .map((name) => `${ROOT}${top}/${name}/src`)
      .filter((dir) => existsSync(dir)),
  );
  for (const file of roots.flatMap(walk)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/new (Counter|Gauge|Histogram|Summary)\s*(?:<[^>]*>)?\(\{([\s\S]*?)\}\)/g)) {
      const name = /name:\s*'([^']+)'/.exec(match[2]!)?.[1];
      if (!name) continue;
      const labels = /labelNames:\s*\[([^\]]*)\]/.exec(match[2]!)?.[1];
      found.set(name, {
        type: match[1]!.toLowerCase() as MetricType,
        labels: labels ? [...labels.matchAll(/'([^']+)'/g)].map((m) => m[1]!) : [],
        from: file.slice(ROOT.length),
      });
    }
  }
  return found;
}

/** prom-client's Node metrics (collectProcessMetrics turns them on in every process), as a registry lists them. */
async function nodeMetrics(): Promise<Map<string, Known>> {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const metrics = await registry.getMetricsAsJSON();
  registry.clear();
  return new Map(
    metrics.map((metric) => [
      metric.name,
      { type: String(metric.type) as MetricType, labels: 'any', from: 'prom-client' },
    ]),
  );
}

/**
 * Metrics from outside the code, which the monitoring stack must provide (docs/deployment.md lists them). The
 * names are the exporters' own: kube-state-metrics, prometheus-nats-exporter with -jsz=all (collector/jsz.go,
 * namespace `jetstream`), and Prometheus's `up`.
 */
const EXTERNAL_METRICS: Record<string, Known> = {
  up: { type: 'gauge', labels: 'any', from: 'Prometheus' },
  kube_pod_container_status_restarts_total: { type: 'counter', labels: 'any', from: 'kube-state-metrics' },
  jetstream_consumer_num_pending: { type: 'gauge', labels: 'any', from: 'prometheus-nats-exporter' },
  jetstream_consumer_num_ack_pending: { type: 'gauge', labels: 'any', from: 'prometheus-nats-exporter' },
  jetstream_consumer_ack_floor_stream_seq: { type: 'gauge', labels: 'any', from: 'prometheus-nats-exporter' },
  jetstream_stream_first_seq: { type: 'gauge', labels: 'any', from: 'prometheus-nats-exporter' },
};

/**
 * Metrics an alert needs that the code does not export yet: each is named in a comment of the rule and in
 * docs/deployment.md. Once the code exports one, take it off this list.
 */
const AWAITED_METRICS: Record<string, Known> = {};

/** Labels every scraped series has besides its own: the ServiceMonitor's target labels. */
const TARGET_LABELS = ['namespace', 'service', 'pod', 'job', 'instance', 'container', 'endpoint'];

/** A series name as PromQL names it, with a histogram's or summary's own suffixes. */
function seriesNames(name: string, known: Known): string[] {
  if (known.type === 'histogram') return [`${name}_bucket`, `${name}_sum`, `${name}_count`];
  if (known.type === 'summary') return [name, `${name}_sum`, `${name}_count`];
  return [name];
}

// ---------------------------------------------------------------------------------------------
// PromQL, read superficially
// ---------------------------------------------------------------------------------------------

const FUNCTIONS = new Set(
  (
    'sum min max avg count stddev stdvar topk bottomk quantile count_values group rate irate increase delta idelta ' +
    'deriv changes resets absent absent_over_time histogram_quantile clamp clamp_min clamp_max abs ceil floor round ' +
    'vector scalar time timestamp label_replace label_join sum_over_time avg_over_time max_over_time ' +
    'min_over_time count_over_time last_over_time predict_linear sort sort_desc sgn exp ln log2 log10 sqrt'
  ).split(' '),
);
const KEYWORDS = new Set(['and', 'or', 'unless', 'bool', 'offset', 'inf', 'nan']);
const MODIFIERS = /\b(by|without|on|ignoring|group_left|group_right)\s*(\([^()]*\))?/g;

type Selector = { metric: string; matchers: { label: string; op: string; value: string }[] };

/** Problems a PromQL expression shows without a full parser: unbalanced brackets or quotes, unknown functions. */
function promqlProblems(expr: string): string[] {
  const problems: string[] = [];
  const quotes = expr.replace(/\\./g, '');
  if ((quotes.match(/"/g) ?? []).length % 2) problems.push('an unclosed "');
  const text = expr.replace(/"(?:[^"\\]|\\.)*"/g, '""');
  const stack: string[] = [];
  const pairs: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
  for (const char of text) {
    if ('([{'.includes(char)) stack.push(char);
    else if (char in pairs && stack.pop() !== pairs[char]) problems.push(`an unbalanced ${char}`);
  }
  if (stack.length) problems.push(`unclosed ${stack.join('')}`);
  for (const call of text.matchAll(/(?<![\w:.])([a-zA-Z_][\w]*)\s*\(/g)) {
    const name = call[1]!;
    if (!FUNCTIONS.has(name) && !/^(by|without|on|ignoring|group_left|group_right|and|or|unless|bool)$/.test(name))
      problems.push(`unknown function ${name}`);
  }
  if (/\(\s*\)/.test(text.replace(MODIFIERS, ' '))) problems.push('an empty ( )');
  return problems;
}

/** The series selectors of an expression: each metric name with its label matchers. */
function selectorsOf(expr: string): Selector[] {
  const text = expr.replace(/\$\{?\w+\}?/g, '1m'); // Grafana's variables ($__rate_interval) stand for durations
  const selectors: Selector[] = [];
  const withoutModifiers = text.replace(MODIFIERS, ' ');
  // A name (not a function, keyword or number's exponent), then optionally {matchers}.
  const pattern = /(?<![\w:.$])([a-zA-Z_:][\w:]*)(\s*\{((?:[^{}"]|"(?:[^"\\]|\\.)*")*)\})?/g;
  const stripped = withoutModifiers.replace(/\[[^\]]*\]/g, ' ');
  for (const match of stripped.matchAll(pattern)) {
    const name = match[1]!;
    const after = stripped.slice(match.index! + match[0].length);
    if (!match[2] && (/^\s*\(/.test(after) || KEYWORDS.has(name))) continue;
    if (FUNCTIONS.has(name) && /^\s*\(/.test(after)) continue;
    const matchers = [...(match[3] ?? '').matchAll(/([a-zA-Z_]\w*)\s*(=~|!~|!=|=)\s*"((?:[^"\\]|\\.)*)"/g)].map(
      (m) => ({ label: m[1]!, op: m[2]!, value: m[3]! }),
    );
    selectors.push({ metric: name, matchers });
  }
  return selectors;
}

describe('the PromQL reader these checks use', () => {
  it('finds metric names and their matchers, and not functions, keywords, label names or durations', () => {
    expect(
      selectorsOf(
        'sum by (service, pattern) (rate(a_total{x="1",y=~"p|q"}[5m])) / on (service) group_left max(b_seconds) > 1e-3 and c offset 5m',
      ),
    ).toEqual([
      {
        metric: 'a_total',
        matchers: [
          { label: 'x', op: '=', value: '1' },
          { label: 'y', op: '=~', value: 'p|q' },
        ],
      },
      { metric: 'b_seconds', matchers: [] },
      { metric: 'c', matchers: [] },
    ]);
    expect(selectorsOf('histogram_quantile(0.99, sum by (le) (rate(h_bucket{le="0.5"}[$__rate_interval])))')).toEqual([
      { metric: 'h_bucket', matchers: [{ label: 'le', op: '=', value: '0.5' }] },
    ]);
  });

  it('sees unbalanced brackets, unclosed quotes and unknown functions', () => {
    expect(promqlProblems('sum(rate(a[5m])')).not.toEqual([]);
    expect(promqlProblems('rate(a{b="c}[5m])')).not.toEqual([]);
    expect(promqlProblems('rat(a[5m])')).toEqual(['unknown function rat']);
    expect(promqlProblems('sum by (x) (rate(a{b="c"}[5m])) > 0')).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// The rules and the dashboard
// ---------------------------------------------------------------------------------------------

type Rule = { alert?: string; record?: string; expr: string; for?: string; labels?: any; annotations?: any };

describe('k8s/overlays/prod: alerts and dashboard', () => {
  let objects: KubeObject[];
  let rules: Rule[];
  let known: Map<string, Known>;
  let recorded: Map<string, Rule>;
  let dashboard: any;
  const docs = read('docs/deployment.md');

  beforeAll(async () => {
    objects = renderOverlay('prod');
    const ruleObjects = ofKind(objects, 'PrometheusRule');
    rules = ruleObjects.flatMap((rule) => rule.spec.groups.flatMap((group: any) => group.rules as Rule[]));
    recorded = new Map(rules.filter((r) => r.record).map((r) => [r.record!, r]));
    known = new Map([...declaredMetrics(), ...(await nodeMetrics())]);
    for (const [name, metric] of Object.entries({ ...EXTERNAL_METRICS, ...AWAITED_METRICS })) known.set(name, metric);
    const dashboards = ofKind(objects, 'ConfigMap').filter((c) => c.metadata.labels?.grafana_dashboard === '1');
    expect(dashboards.length).toBe(1);
    const files = Object.entries<string>(dashboards[0]!.data ?? {});
    expect(files.map(([key]) => key)).toEqual([expect.stringMatching(/\.json$/)]);
    dashboard = JSON.parse(files[0]![1]);
  });

  /** Series name -> the metric it belongs to (a histogram's _bucket is the histogram). */
  const metricOf = (series: string) => {
    for (const [name, metric] of known) if (seriesNames(name, metric).includes(series)) return { name, metric };
    return undefined;
  };
  /** Every metric an expression reads, through the recording rules it uses. */
  const metricsRead = (expr: string, seen = new Set<string>()): string[] =>
    selectorsOf(expr).flatMap(({ metric }) => {
      if (recorded.has(metric) && !seen.has(metric)) {
        seen.add(metric);
        return metricsRead(recorded.get(metric)!.expr, seen);
      }
      return [metricOf(metric)?.name ?? metric];
    });

  /** What is wrong with an expression: its syntax, names nobody exports, labels or values its metrics do not have. */
  function exprProblems(expr: string): string[] {
    const problems = promqlProblems(expr);
    for (const { metric, matchers } of selectorsOf(expr)) {
      if (recorded.has(metric)) continue;
      const found = metricOf(metric);
      if (!found) {
        problems.push(`${metric}: no such metric in the code or the documented external list`);
        continue;
      }
      const { metric: m } = found;
      for (const { label, op, value } of matchers) {
        const own = m.labels === 'any' || m.labels.includes(label) || TARGET_LABELS.includes(label);
        const bucket = label === 'le' && metric.endsWith('_bucket');
        if (!own && !bucket) problems.push(`${metric}: no label ${label}`);
        if (
          op === '=' &&
          label === 'state' &&
          found.name === 'queue_jobs' &&
          !(REPORTED_JOB_STATES as readonly string[]).includes(value)
        )
          problems.push(`${metric}: state "${value}" is not reported`);
        if (
          op === '=' &&
          label === 'outcome' &&
          found.name.startsWith('nats_client_') &&
          !NATS_OUTCOMES.includes(value)
        )
          problems.push(`${metric}: no outcome "${value}"`);
        if (bucket && op === '=' && found.name === 'http_request_duration_seconds' && !HTTP_BUCKETS.includes(value))
          problems.push(`${metric}: ${value} is not a bucket boundary (${HTTP_BUCKETS.join(', ')})`);
      }
    }
    return problems;
  }
  const NATS_OUTCOMES = [
    ...(
      /export type NatsClientOutcome = ([^;]+);/.exec(read('libs/platform/src/metrics/nats-metrics.ts'))?.[1] ?? ''
    ).matchAll(/'([^']+)'/g),
  ].map((m) => m[1]!);
  const HTTP_BUCKETS = ((httpRequestDuration as unknown as { upperBounds: number[] }).upperBounds ?? []).map(String);

  it('knows the metrics of the code: the gateway, NATS, queues and Node', () => {
    for (const name of [
      'http_requests_total',
      'http_request_duration_seconds',
      'nats_client_requests_total',
      'queue_jobs',
      'queue_job_failures_total',
      'nodejs_eventloop_lag_p99_seconds',
    ])
      expect({ name, known: known.has(name) }).toEqual({ name, known: true });
    expect(NATS_OUTCOMES).toEqual(expect.arrayContaining(['timeout', 'unavailable']));
    expect(HTTP_BUCKETS).toContain('0.5');
  });

  it('has one PrometheusRule, in prod only (the kind exists only where the Prometheus Operator runs)', () => {
    expect(ofKind(objects, 'PrometheusRule').map((r) => `${r.apiVersion} ${r.metadata.name}`)).toEqual([
      'monitoring.coreos.com/v1 medical-qr',
    ]);
    for (const overlay of OVERLAYS.filter((o) => o !== 'prod')) {
      expect({ overlay, rules: ofKind(renderOverlay(overlay), 'PrometheusRule').length }).toEqual({
        overlay,
        rules: 0,
      });
    }
  });

  it('every rule reads only metrics that exist, with their labels, in an expression that parses', () => {
    expect(rules.length).toBeGreaterThan(10);
    for (const rule of rules) {
      const name = rule.alert ?? rule.record;
      expect({ name, problems: exprProblems(rule.expr) }).toEqual({ name, problems: [] });
    }
  });

  it('every alert has a severity, a summary and a description, and docs/deployment.md explains it', () => {
    for (const rule of rules.filter((r) => r.alert)) {
      expect({
        alert: rule.alert,
        severity: rule.labels?.severity,
        summary: typeof rule.annotations?.summary === 'string' && rule.annotations.summary.length > 10,
        description: typeof (rule.annotations?.description ?? rule.annotations?.runbook_url) === 'string',
        for: rule.for === undefined || durationMs(rule.for) > 0,
        inDocs: docs.includes(rule.alert!),
      }).toEqual({
        alert: rule.alert,
        severity: expect.stringMatching(/^(critical|warning)$/),
        summary: true,
        description: true,
        for: true,
        inDocs: true,
      });
      // Alertmanager templates: {{ ... }} must hold a template action, never bare text.
      for (const text of Object.values<string>(rule.annotations ?? {}))
        for (const action of text.matchAll(/\{\{(.*?)\}\}/g))
          expect({ alert: rule.alert, action: action[1]!.trim() }).toEqual({
            alert: rule.alert,
            action: expect.stringMatching(/^\$(labels\.\w+|value)(\s*\|\s*\w+)?$/),
          });
    }
  });

  it('names recording rules level:metric:operations, and uses only recorded series that exist', () => {
    for (const name of recorded.keys()) expect(name).toMatch(/^[a-z_]+:[a-z_]+:[a-z_0-9]+$/);
    const used = rules.flatMap((rule) => selectorsOf(rule.expr).map((s) => s.metric)).filter((m) => m.includes(':'));
    expect(used.filter((m) => !recorded.has(m))).toEqual([]);
  });

  it("watches the card's SLOs on exactly the routes that serve a card, as the gateway labels them", () => {
    const controller = read('services/gateway/src/records/card.controller.ts');
    const apiRoutes = [...controller.matchAll(/@Get\('([^']+)'\)/g)].map((m) => `/api/${m[1]}`);
    const cardRoutes = [CARD_PAGE_ROUTE, ...apiRoutes].sort();
    expect(cardRoutes).toEqual(['/api/emergency-card/:token', '/api/emergency/:token', '/emergency/:token']);
    const sli = rules.filter((r) => r.record?.startsWith('medicalqr:card_'));
    expect(sli.length).toBeGreaterThan(0);
    for (const rule of sli) {
      for (const selector of selectorsOf(rule.expr)) {
        const route = selector.matchers.find((m) => m.label === 'route');
        expect({
          rule: rule.record,
          routes: route && route.op === '=~' ? route.value.split('|').sort() : route,
        }).toEqual({
          rule: rule.record,
          routes: cardRoutes,
        });
      }
    }
    // Both SLOs, fast and slow burn each.
    const alerts = rules.filter((r) => r.alert && metricsRead(r.expr).length && r.expr.includes('medicalqr:card_'));
    expect(alerts.map((a) => a.labels.slo).sort()).toEqual([
      'card-availability',
      'card-availability',
      'card-latency',
      'card-latency',
    ]);
  });

  it('alerts on what production needs watched', () => {
    const watched = new Set(rules.filter((r) => r.alert).flatMap((r) => metricsRead(r.expr)));
    expect([...watched].sort()).toEqual(
      expect.arrayContaining([
        'http_requests_total', // card availability, gateway 5xx
        'http_request_duration_seconds', // card latency
        'up', // no gateway at all
        'nats_client_requests_total', // timeouts
        'queue_jobs', // BullMQ waiting
        'queue_job_failures_total', // BullMQ failing
        'jetstream_consumer_ack_floor_stream_seq', // consumer lag against the streams' max age
        'jetstream_stream_first_seq',
        'pg_pool_waiting_requests', // pool waits
        'nodejs_eventloop_lag_p99_seconds',
        'kube_pod_container_status_restarts_total',
      ]),
    );
  });

  it('the external and awaited metrics are listed in docs/deployment.md, and the awaited ones are not in the code yet', () => {
    for (const name of [...Object.keys(EXTERNAL_METRICS), ...Object.keys(AWAITED_METRICS)])
      expect({ name, inDocs: docs.includes(`\`${name}\``) }).toEqual({ name, inDocs: true });
    const declared = declaredMetrics();
    for (const [name] of Object.entries(AWAITED_METRICS)) {
      // Exported now: move it out of AWAITED_METRICS and the docs' list of missing metrics.
      expect({ name, declared: declared.has(name) }).toEqual({ name, declared: false });
      expect({
        name,
        commented: new RegExp(`NOT EXPORTED YET: ${name}`).test(read('k8s/overlays/prod/prometheus-rules.yaml')),
      }).toEqual({
        name,
        commented: true,
      });
    }
  });

  it('ships a Grafana dashboard whose panels query only metrics that exist, covering every metric the alerts watch', () => {
    expect({ uid: dashboard.uid, title: dashboard.title }).toEqual({
      uid: expect.any(String),
      title: expect.any(String),
    });
    const targets: { panel: string; expr: string }[] = dashboard.panels.flatMap((panel: any) =>
      (panel.targets ?? []).map((target: any) => ({ panel: panel.title, expr: target.expr })),
    );
    expect(targets.length).toBeGreaterThan(10);
    for (const { panel, expr } of targets)
      expect({ panel, problems: exprProblems(expr) }).toEqual({ panel, problems: [] });
    for (const panel of dashboard.panels) {
      expect({ panel: panel.title, datasource: panel.datasource?.uid, grid: Boolean(panel.gridPos) }).toEqual({
        panel: panel.title,
        datasource: '${datasource}',
        grid: true,
      });
    }
    expect(dashboard.templating.list.map((v: any) => `${v.name}:${v.type}:${v.query}`)).toContain(
      'datasource:datasource:prometheus',
    );
    const shown = new Set(targets.flatMap(({ expr }) => metricsRead(expr)));
    const watched = new Set(rules.filter((r) => r.alert).flatMap((r) => metricsRead(r.expr)));
    expect([...watched].filter((name) => !shown.has(name))).toEqual([]);
  });
});
