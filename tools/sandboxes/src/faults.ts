import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { z } from 'zod';

/**
 * What a provider can do to a request besides answering it, as a test asks for it:
 * - `fail`: answer `status` (500 unless given) without doing anything, as a provider's outage does;
 * - `hang`: do nothing and answer nothing for `ms`, then drop the connection, as a provider that stops answering;
 * - `hold`: do what the request asks (the order, the charge is made) but hold the reply for `ms`, as when the
 *   answer is lost on its way back or the caller dies before it reads it.
 */
export const faultRule = z.object({
  /** The request's method (`POST`), or any. */
  method: z
    .string()
    .trim()
    .transform((value) => value.toUpperCase())
    .optional(),
  /** A regular expression the request's path (no query) must match, e.g. `^/v1/shops/\d+/orders\.json$`. */
  path: z.string().min(1).max(500),
  mode: z.enum(['fail', 'hang', 'hold']),
  /** How many matching requests get the fault; the ones after them are served as usual. */
  times: z.number().int().min(1).max(1000).default(1),
  /** `fail`: the status answered. */
  status: z.number().int().min(400).max(599).default(500),
  /** `hang`, `hold`: how long. */
  ms: z.number().int().min(0).max(600_000).default(30_000),
});

export type FaultRule = z.infer<typeof faultRule>;

interface ActiveRule extends FaultRule {
  id: number;
  pattern: RegExp;
  /** Requests this rule has matched so far. */
  hits: number;
  /** When each of them came (ms since the epoch): a caller's backoff shows in the gaps. */
  hitsAt: number[];
}

/** Each provider's own answer to an internal error, so its SDK or client reads it as the real one. */
function failureBody(path: string, status: number) {
  if (path.startsWith('/2010-04-01/')) {
    const code = status === 429 ? 20429 : 20500;
    const message = status === 429 ? 'Too Many Requests' : 'An internal server error has occurred';
    return { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status };
  }
  if (/^\/v1\/(shops|catalog|uploads)/.test(path)) {
    return { status: 'error', code: 9999, message: status === 429 ? 'Too many requests.' : 'Internal server error.' };
  }
  return {
    error: {
      type: status === 429 ? 'invalid_request_error' : 'api_error',
      message: 'An error occurred with our connection to Stripe. Request was retried 0 times.',
    },
  };
}

/**
 * Faults a test injects into the stand-ins while they run: `POST /dev/faults` with a {@link FaultRule} (answers its
 * id), `GET /dev/faults` lists the rules with the requests each matched, `DELETE /dev/faults` clears them. The first
 * rule still in force that matches a request applies to it. Development and tests only, as every stand-in.
 */
export class FaultInjector {
  private rules: ActiveRule[] = [];
  private nextId = 1;
  private readonly timers = new Set<NodeJS.Timeout>();

  add(rule: FaultRule): ActiveRule {
    const active = { ...rule, id: this.nextId++, pattern: new RegExp(rule.path), hits: 0, hitsAt: [] };
    this.rules.push(active);
    return active;
  }

  list() {
    return this.rules.map(({ pattern: _pattern, ...rule }) => ({ ...rule, remaining: rule.times - rule.hits }));
  }

  clear(): void {
    this.rules = [];
  }

  close(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  routes(): Router {
    const router = Router();
    router.get('/dev/faults', (_req, res) => {
      res.set('Cache-Control', 'no-store').json(this.list());
    });
    router.post('/dev/faults', express.json(), (req, res) => {
      const parsed = faultRule.safeParse(req.body);
      if (!parsed.success) {
        res.status(400).json({ error: 'invalid_request', error_description: parsed.error.message });
        return;
      }
      const { pattern: _pattern, ...rule } = this.add(parsed.data);
      res.status(201).json(rule);
    });
    router.delete('/dev/faults', (_req, res) => {
      this.clear();
      res.status(204).end();
    });
    return router;
  }

  /** Applies the first matching rule still in force, or passes the request on. */
  middleware() {
    return (req: Request, res: Response, next: NextFunction) => {
      const rule = this.rules.find(
        (candidate) =>
          candidate.hits < candidate.times &&
          (!candidate.method || candidate.method === req.method) &&
          candidate.pattern.test(req.path),
      );
      if (!rule) return next();
      rule.hits++;
      rule.hitsAt.push(Date.now());
      switch (rule.mode) {
        case 'fail':
          res.status(rule.status).json(failureBody(req.path, rule.status));
          return;
        case 'hang':
          this.later(rule.ms, () => req.socket.destroy());
          return;
        case 'hold': {
          const end = res.end.bind(res) as (...args: unknown[]) => Response;
          res.end = ((...args: unknown[]) => {
            this.later(rule.ms, () => end(...args));
            return res;
          }) as Response['end'];
          next();
          return;
        }
      }
    };
  }

  private later(ms: number, action: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      action();
    }, ms);
    this.timers.add(timer);
  }
}
