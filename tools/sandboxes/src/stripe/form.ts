/**
 * Stripe's form encoding, both ways: `metadata[userId]=..`, `items[0][price]=..`, `expand[]=..` / `expand[0]=..`.
 * One parser for request bodies and GET queries, so both read the same.
 */

/** A parsed form: strings, nested objects, and lists (from `[]` or numeric indices). */
export type FormValue = string | FormObject | FormValue[];
export interface FormObject {
  [name: string]: FormValue;
}

const MAX_DEPTH = 8;
const MAX_PAIRS = 1000;
/** Keys that would reach Object.prototype if used as property names. */
const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

export class FormError extends Error {}

/** `items[0][price]` → ['items', '0', 'price']; `expand[]` → ['expand', '']. */
function pathOf(key: string): string[] {
  const open = key.indexOf('[');
  if (open <= 0) return [key];
  const path = [key.slice(0, open)];
  const rest = key.slice(open);
  const parts = /\[([^[\]]*)\]/g;
  let consumed = 0;
  for (const match of rest.matchAll(parts)) {
    if (match.index !== consumed) break;
    path.push(match[1]!);
    consumed += match[0].length;
  }
  // Anything not in brackets after the first bracket (`a[b]c`) stays part of the last name, as qs does.
  if (consumed < rest.length) path[path.length - 1] += rest.slice(consumed);
  return path;
}

type Node = Map<string, Node | string>;

/** Parses `application/x-www-form-urlencoded` text (a body, or a query without its `?`). */
export function parseForm(text: string): FormObject {
  const root: Node = new Map();
  let pairs = 0;
  for (const [key, value] of new URLSearchParams(text)) {
    if (++pairs > MAX_PAIRS) throw new FormError(`too many parameters (more than ${MAX_PAIRS})`);
    const path = pathOf(key);
    if (path.length > MAX_DEPTH) throw new FormError(`parameter ${key} is nested too deeply`);
    if (path.some((part) => FORBIDDEN.has(part))) continue;
    let node = root;
    for (let i = 0; i < path.length - 1; i++) {
      // `[]` appends: every occurrence is a new element.
      const name = path[i] === '' ? `\u0000${node.size}` : path[i]!;
      let child = node.get(name);
      if (typeof child !== 'object') {
        child = new Map();
        node.set(name, child);
      }
      node = child;
    }
    const last = path[path.length - 1]!;
    node.set(last === '' ? `\u0000${node.size}` : last, value);
  }
  return toValue(root) as FormObject;
}

/** Maps whose keys are all `[]` or numeric indices become lists, in index order. */
function toValue(node: Node | string): FormValue {
  if (typeof node === 'string') return node;
  const keys = [...node.keys()];
  const listy = keys.length > 0 && keys.every((key) => key.startsWith('\u0000') || /^\d{1,4}$/.test(key));
  if (listy) {
    const order = (key: string) => (key.startsWith('\u0000') ? Number(key.slice(1)) : Number(key));
    return keys.sort((a, b) => order(a) - order(b)).map((key) => toValue(node.get(key)!));
  }
  const object: FormObject = {};
  for (const key of keys) object[key.startsWith('\u0000') ? key.slice(1) : key] = toValue(node.get(key)!);
  return object;
}

/** The other way, as Stripe's libraries encode: `a[b]=..`, lists as `a[0]=..`. For tests and the card page. */
export function encodeForm(data: Record<string, unknown>): string {
  const pairs: string[] = [];
  const encode = (key: string, value: unknown) => {
    if (value === undefined) return;
    if (value === null || typeof value !== 'object') {
      pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(value === null ? '' : String(value))}`);
    } else if (Array.isArray(value)) {
      value.forEach((element, index) => encode(`${key}[${index}]`, element));
    } else {
      for (const [name, element] of Object.entries(value)) encode(`${key}[${name}]`, element);
    }
  };
  for (const [key, value] of Object.entries(data)) encode(key, value);
  return pairs.join('&');
}
