export * from './config.js';
export * from './server.js';
export type { ProviderContext, RunningProvider } from './provider.js';
export { Mailbox, extractLinks, MAILBOX_CAPACITY, MAX_MESSAGE_BYTES, type CaughtMail } from './smtp/index.js';
export {
  OAuthStore,
  stableSub,
  userinfo,
  CODE_LIFETIME_MS,
  TOKEN_LIFETIME_S,
  type GoogleIdentity,
} from './google/index.js';
