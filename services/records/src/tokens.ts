/** Injection tokens of the records service. */
export const SERVICES_CLIENT = Symbol('SERVICES_CLIENT');
export const EXPIRY_QUEUE_TOKEN = Symbol('EXPIRY_QUEUE');
