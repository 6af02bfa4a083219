/** Injection tokens of the records service. */
export const EXPIRY_QUEUE_TOKEN = Symbol('EXPIRY_QUEUE');
