export * from './config.js';
export * from './server.js';
export * from './provider-descriptor.js';
export { PROVIDERS } from './providers.js';
export {
  smtpProvider,
  Mailbox,
  extractLinks,
  LOCAL_MAIL_FROM,
  MAILBOX_CAPACITY,
  MAX_MESSAGE_BYTES,
  type CaughtMail,
} from './smtp/index.js';
export {
  googleProvider,
  OAuthStore,
  stableSub,
  userinfo,
  CODE_LIFETIME_MS,
  TOKEN_LIFETIME_S,
  type GoogleIdentity,
} from './google/index.js';
export {
  stripeProvider,
  StripeStandIn,
  stripeSignature,
  API_VERSION as STRIPE_API_VERSION,
  LOCAL_STRIPE_SECRET_KEY,
  TEST_PAYMENT_METHODS,
  WEBHOOK_TRIES as STRIPE_WEBHOOK_TRIES,
  type StandInSettings as StripeStandInSettings,
  type StandInEvent as StripeStandInEvent,
} from './stripe/index.js';
export {
  twilioProvider,
  TwilioStandIn,
  twilioSignature,
  segmentsOf,
  MESSAGES_CAPACITY as TWILIO_MESSAGES_CAPACITY,
  TWILIO_CALLBACK_TRIES,
  type TwilioStandInSettings,
  type DevMessage as TwilioDevMessage,
  type MessageResource as TwilioMessageResource,
  type InboundResult as TwilioInboundResult,
} from './twilio/index.js';
