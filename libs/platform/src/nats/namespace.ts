/**
 * Every NATS subject, queue group and stream of one copy of the system starts with its namespace
 * (REDIS_PREFIX, which already prefixes its Redis keys), so two copies sharing a NATS server never
 * answer each other's requests or consume each other's events.
 */
export function namespacedSubject(namespace: string, subject: string): string {
  return `${namespace}.${subject}`;
}
