// One system for the end-to-end suites (built code, as `npm start` runs it, isolated from any
// running stack); its URL reaches the test workers through the environment. It trusts one proxy
// hop so each test client can arrive from its own address (X-Forwarded-For) and rate limits
// are tested per client, as they work behind a load balancer.
import { startIsolatedStack } from '@medical-qr/launcher';

export default async function globalSetup() {
  // Printify's orders move a step every 1.5 s here (every few seconds by default), so an order ships within a test.
  const system = await startIsolatedStack('e2e', {
    TRUST_PROXY_HOPS: '1',
    DEMO_LOGIN: 'true',
    SANDBOX_PRINTIFY_ORDER_STEP_MS: '1500',
    // A family alert nobody answers is escalated after 15 s here (5 minutes by default), so a test sees it happen.
    FAMILY_ALERT_ESCALATE_MS: '15000',
    // A health link's manifest location works 5 s here (an hour by default), so a test sees it stop.
    HEALTH_LINK_LOCATION_TTL_MS: '5000',
  });
  globalThis.__E2E_SYSTEM__ = system;
  process.env.E2E_BASE_URL = system.url;
  process.env.E2E_DATABASE_URL = system.env.DATABASE_URL;
  process.env.E2E_REDIS_PREFIX = system.env.REDIS_PREFIX;
  // Card rows are found by a keyed hash of their token; tests that read rows by token compute it with this.
  process.env.E2E_EMAIL_INDEX_KEY = system.env.EMAIL_INDEX_KEY;
  // Tests that seed many records straight into the database encrypt them as the records service does.
  process.env.E2E_ENCRYPTION_KEYS = system.env.ENCRYPTION_KEYS;
  process.env.E2E_ENCRYPTION_KEY_ID = system.env.ENCRYPTION_KEY_ID;
  // The Stripe, Printify and Twilio stand-ins' addresses and test secrets, for tests that act as the provider (signed
  // webhooks), as the merchant's dashboard (the secret key) or as a service sending texts. Set only when the system
  // runs the stand-in.
  for (const [name, variable] of [
    ['E2E_STRIPE_API_URL', 'STRIPE_API_URL'],
    ['E2E_STRIPE_SECRET_KEY', 'STRIPE_SECRET_KEY'],
    ['E2E_STRIPE_WEBHOOK_SECRET', 'STRIPE_WEBHOOK_SECRET'],
    ['E2E_PRINTIFY_API_URL', 'PRINTIFY_API_URL'],
    ['E2E_PRINTIFY_API_TOKEN', 'PRINTIFY_API_TOKEN'],
    ['E2E_PRINTIFY_SHOP_ID', 'PRINTIFY_SHOP_ID'],
    ['E2E_PRINTIFY_WEBHOOK_SECRET', 'PRINTIFY_WEBHOOK_SECRET'],
    ['E2E_TWILIO_ACCOUNT_SID', 'TWILIO_ACCOUNT_SID'],
    ['E2E_TWILIO_AUTH_TOKEN', 'TWILIO_AUTH_TOKEN'],
    ['E2E_TWILIO_FROM_NUMBER', 'TWILIO_FROM_NUMBER'],
    ['E2E_TWILIO_API_URL', 'TWILIO_API_URL'],
  ]) {
    if (system.env[variable]) process.env[name] = system.env[variable];
  }
}
