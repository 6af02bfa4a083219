/**
 * A deep copy of an object as it goes over the wire: the JSON round trip gives decimals their string form (as
 * Stripe sends them) and leaves nothing shared with the stored object.
 */
export function snapshot<T>(value: T): T {
  // JSON.parse is untyped; the round trip keeps the shape it was given.
  return JSON.parse(JSON.stringify(value)) as T;
}

/** An object's fields by name, for the code that walks replies generically (expansion, change tracking). */
export function fieldsOf(value: object): Record<string, unknown> {
  // Stripe's interfaces have no index signature; reading them by name is what this walk is for.
  return value as Record<string, unknown>;
}

/**
 * What changed between two copies of an object, as Stripe's `previous_attributes`: each top-level field whose value
 * differs, with its value before (a changed list or nested object is given whole).
 */
export function previousAttributes<T extends object>(before: T, after: T): Partial<T> {
  const previous: Partial<T> = {};
  const old = fieldsOf(before);
  const now = fieldsOf(after);
  for (const key of Object.keys(old)) {
    if (JSON.stringify(old[key]) !== JSON.stringify(now[key])) fieldsOf(previous)[key] = old[key];
  }
  return previous;
}

/** The id of a reference Stripe may give as an id or as the expanded object. */
export function idOf(reference: string | { id: string }): string {
  return typeof reference === 'string' ? reference : reference.id;
}
