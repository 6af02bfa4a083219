/** The services behind the gateway; each owns its PostgreSQL schema of the same name. */
export const SERVICE_NAMES = ['identity', 'records', 'billing', 'shop', 'privacy'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];
