import type Stripe from 'stripe';
import { invalidRequest, missingParam, unknownParam } from './errors.js';
import type { FormObject, FormValue } from './form.js';

const MAX_STRING = 5000;

/**
 * One level of a request's parameters, read the way Stripe reads them: each problem is a 400
 * `invalid_request_error` naming the parameter in bracket syntax (`items[0][price]`).
 */
export class Params {
  private constructor(
    private readonly values: FormObject,
    private readonly prefix: string,
  ) {}

  /** The request's parameters; any name not in `known` is refused, as Stripe refuses unknown parameters. */
  static of(values: FormObject, known: readonly string[]): Params {
    return new Params(values, '').only(known);
  }

  /** Bracket syntax for a parameter of this level: `items[0][price]`. */
  name(key: string): string {
    return this.prefix ? `${this.prefix}[${key}]` : key;
  }

  has(key: string): boolean {
    return this.values[key] !== undefined;
  }

  /** The names given at this level. */
  keys(): string[] {
    return Object.keys(this.values);
  }

  private only(known: readonly string[]): this {
    for (const key of Object.keys(this.values)) if (!known.includes(key)) throw unknownParam(this.name(key));
    return this;
  }

  private scalar(key: string): string | undefined {
    const value = this.values[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') throw invalidRequest(`Invalid string: ${describe(value)}`, this.name(key));
    return value;
  }

  string(key: string, max = MAX_STRING): string | undefined {
    const value = this.scalar(key);
    if (value !== undefined && value.length > max) {
      throw invalidRequest(
        `Invalid string: ${value.slice(0, 20)}...; must be at most ${max} characters`,
        this.name(key),
      );
    }
    return value;
  }

  requiredString(key: string, max = MAX_STRING): string {
    const value = this.string(key, max);
    if (value === undefined || value === '') throw missingParam(this.name(key));
    return value;
  }

  /** A string that `''` clears (Stripe's "emptyable" parameters): undefined when absent, null when cleared. */
  clearableString(key: string, max = MAX_STRING): string | null | undefined {
    const value = this.string(key, max);
    return value === '' ? null : value;
  }

  integer(key: string, range: { min?: number; max?: number } = {}): number | undefined {
    const text = this.scalar(key);
    if (text === undefined) return undefined;
    if (!/^-?\d{1,15}$/.test(text)) throw invalidRequest(`Invalid integer: ${text}`, this.name(key));
    const value = Number(text);
    if (range.min !== undefined && value < range.min) {
      throw invalidRequest(`This value must be greater than or equal to ${range.min}.`, this.name(key));
    }
    if (range.max !== undefined && value > range.max) {
      throw invalidRequest(`This value must be less than or equal to ${range.max}.`, this.name(key));
    }
    return value;
  }

  boolean(key: string): boolean | undefined {
    const text = this.scalar(key);
    if (text === undefined) return undefined;
    if (text !== 'true' && text !== 'false') throw invalidRequest(`Invalid boolean: ${text}`, this.name(key));
    return text === 'true';
  }

  oneOf<const T extends string>(key: string, allowed: readonly T[]): T | undefined {
    const text = this.scalar(key);
    if (text === undefined) return undefined;
    const match = allowed.find((value) => value === text);
    if (match === undefined) {
      const list = allowed.length > 1 ? `${allowed.slice(0, -1).join(', ')}, or ${allowed.at(-1)}` : allowed[0];
      throw invalidRequest(`Invalid ${key}: must be one of ${list}`, this.name(key));
    }
    return match;
  }

  /** A nested object (`payment_settings[...]`), itself limited to `known` names. */
  object(key: string, known: readonly string[]): Params | undefined {
    const value = this.values[key];
    if (value === undefined || value === '') return undefined;
    if (typeof value !== 'object' || Array.isArray(value)) throw invalidRequest('Invalid object', this.name(key));
    return new Params(value, this.name(key)).only(known);
  }

  /** A list of objects (`items[0][price]`), each limited to `known` names. */
  objectList(key: string, known: readonly string[]): Params[] | undefined {
    const value = this.values[key];
    if (value === undefined) return undefined;
    if (!Array.isArray(value)) throw invalidRequest('Invalid array', this.name(key));
    return value.map((element, index) => {
      const name = `${this.name(key)}[${index}]`;
      if (typeof element !== 'object' || Array.isArray(element)) throw invalidRequest('Invalid object', name);
      return new Params(element, name).only(known);
    });
  }

  /** A list of strings (`expand[]=..` or `expand[0]=..`). */
  stringList(key: string, maxItems = 100): string[] | undefined {
    const value = this.values[key];
    if (value === undefined) return undefined;
    if (!Array.isArray(value) || !value.every((element): element is string => typeof element === 'string')) {
      throw invalidRequest('Invalid array', this.name(key));
    }
    if (value.length > maxItems) {
      throw invalidRequest(`Invalid array: must have at most ${maxItems} elements`, this.name(key));
    }
    return value;
  }

  /** `expand[]`: the paths to expand in the reply. */
  expand(): string[] {
    return this.stringList('expand', 50) ?? [];
  }

  /**
   * `metadata[key]=value`, up to 50 keys of 40 characters and values of 500, as Stripe allows. Returns the keys to
   * set and to remove (an empty value removes a key); `metadata=` (empty) removes them all.
   */
  metadata(key = 'metadata'): { set: Stripe.Metadata; unset: string[] | 'all' } | undefined {
    const value = this.values[key];
    if (value === undefined) return undefined;
    if (value === '') return { set: {}, unset: 'all' };
    if (typeof value !== 'object' || Array.isArray(value)) throw invalidRequest('Invalid object', this.name(key));
    const set: Stripe.Metadata = {};
    const unset: string[] = [];
    const entries = Object.entries(value);
    if (entries.length > 50) throw invalidRequest('Metadata can have at most 50 keys.', this.name(key));
    for (const [name, entry] of entries) {
      const param = `${this.name(key)}[${name}]`;
      if (typeof entry !== 'string') throw invalidRequest(`Invalid string: ${describe(entry)}`, param);
      if (name.length > 40) throw invalidRequest('Metadata keys can be at most 40 characters long.', param);
      if (entry.length > 500) throw invalidRequest('Metadata values can be at most 500 characters long.', param);
      if (entry === '') unset.push(name);
      else set[name] = entry;
    }
    return { set, unset };
  }
}

/** Applies a metadata change to what an object has. */
export function applyMetadata(current: Stripe.Metadata, change: ReturnType<Params['metadata']>): Stripe.Metadata {
  if (!change) return current;
  const next: Stripe.Metadata = change.unset === 'all' ? {} : { ...current };
  if (change.unset !== 'all') for (const name of change.unset) delete next[name];
  return { ...next, ...change.set };
}

function describe(value: FormValue): string {
  return Array.isArray(value) ? '[...]' : typeof value === 'object' ? '{...}' : value;
}
