/** Injection tokens of the gateway. */
export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');
export const REDIS = Symbol('REDIS');
export const AUDIT_TRAIL = Symbol('AUDIT_TRAIL');
