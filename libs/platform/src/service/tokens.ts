/** Injection tokens for what the platform gives every service. */
export const CONFIG = Symbol('CONFIG');
export const LOGGER = Symbol('LOGGER');
export const DATABASE = Symbol('DATABASE');
export const FIELD_CIPHER = Symbol('FIELD_CIPHER');
/** The process's NATS client for requests to other services and events (a connected ServiceClient). */
export const SERVICE_CLIENT = Symbol('SERVICE_CLIENT');
