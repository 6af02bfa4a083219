import type { ChildProcess } from 'node:child_process';
import type { IsolatedStack } from '@medical-qr/launcher';
import { eventually } from '../support/eventually.js';

/** A fault the provider stand-ins apply to matching requests (tools/sandboxes/src/faults.ts). */
export interface FaultRule {
  method?: string;
  /** A regular expression for the request's path. */
  path: string;
  /** fail: answer `status` without doing anything; hang: no answer for `ms`; hold: do it, answer after `ms`. */
  mode: 'fail' | 'hang' | 'hold';
  times?: number;
  status?: number;
  ms?: number;
}

export interface InjectedFault extends Required<Omit<FaultRule, 'method'>> {
  id: number;
  method?: string;
  hits: number;
  /** When each matched request came (ms since the epoch). */
  hitsAt: number[];
  remaining: number;
}

/** Tells the system's stand-ins to apply `rule`; answers its id. */
export async function injectFault(system: IsolatedStack, rule: FaultRule): Promise<number> {
  const response = await fetch(`${system.sandboxUrl}/dev/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(rule),
  });
  if (response.status !== 201) throw new Error(`fault refused: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: number }).id;
}

/** The rule `id` as the stand-ins have it now, with the requests it matched. */
export async function faultOf(system: IsolatedStack, id: number): Promise<InjectedFault> {
  const rules = (await (await fetch(`${system.sandboxUrl}/dev/faults`)).json()) as InjectedFault[];
  const rule = rules.find((candidate) => candidate.id === id);
  if (!rule) throw new Error(`no fault ${id}`);
  return rule;
}

/** Waits until rule `id` has matched `hits` requests. */
export function faultHit(system: IsolatedStack, id: number, hits = 1, timeoutMs = 60_000): Promise<InjectedFault> {
  return eventually(
    () => faultOf(system, id),
    (rule) => rule.hits >= hits,
    timeoutMs,
  );
}

export async function clearFaults(system: IsolatedStack): Promise<void> {
  await fetch(`${system.sandboxUrl}/dev/faults`, { method: 'DELETE' });
}

/** SIGKILLs one process of the system (no shutdown hook runs, nothing in hand is finished) and waits for it to die. */
export async function killProcess(system: IsolatedStack, id: string): Promise<void> {
  const child: ChildProcess | undefined = system.stack.processes.get(id);
  if (!child) throw new Error(`no process ${id}`);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

/** The Printify stand-in as the shop's owner sees it in Printify's dashboard (the shop's token). */
export function printifyAdmin(system: Pick<IsolatedStack, 'env'>) {
  const { PRINTIFY_API_URL: url, PRINTIFY_API_TOKEN: token, PRINTIFY_SHOP_ID: shop } = system.env;
  if (!url || !token || !shop) throw new Error('this system runs no Printify stand-in');
  const get = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${url.replace(/\/+$/, '')}/v1/shops/${shop}${path}`, {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`Printify stand-in answered ${response.status} to ${path}`);
    return (await response.json()) as T;
  };
  const all = async <T>(what: string): Promise<T[]> => {
    const items: T[] = [];
    for (let page = 1; ; page++) {
      const listed = await get<{ data: T[]; last_page: number }>(`/${what}.json?limit=50&page=${page}`);
      items.push(...listed.data);
      if (page >= listed.last_page) return items;
    }
  };
  return {
    /** Every order made with our order's id as its external id. */
    async ordersFor(orderId: string) {
      const orders = await all<{ id: string; status: string; metadata: { shop_order_id: string } }>('orders');
      return orders.filter((order) => order.metadata.shop_order_id === orderId);
    },
    /** Every product made for one of the order's items (their titles name the order). */
    async productsFor(orderId: string) {
      const products = await all<{ id: string; title: string }>('products');
      return products.filter((product) => product.title.includes(`(order ${orderId.slice(0, 8)}, item `));
    },
  };
}
