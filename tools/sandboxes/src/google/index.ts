import { defineProvider } from '../provider-descriptor.js';
import { googleRoutes } from './google-routes.js';

export { stableSub, userinfo, unsignedIdToken, type GoogleIdentity } from './identity.js';
export { OAuthStore, CODE_LIFETIME_MS, TOKEN_LIFETIME_S } from './oauth-store.js';

/** Google OAuth 2.0 sign-in (authorization code flow) on Google's own paths, for one client. */
export const googleProvider = defineProvider({
  name: 'google',
  label: 'Google sign-in',
  realVariables: ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
  ports: {},
  settings: {
    clientId: { variable: 'SANDBOX_GOOGLE_CLIENT_ID', defaultValue: 'local-google-client' },
    clientSecret: { variable: 'SANDBOX_GOOGLE_CLIENT_SECRET', defaultValue: 'local-google-secret' },
  },
  outbound: {},
  start: async ({ settings }) => ({ router: googleRoutes(settings), ports: {}, close: async () => undefined }),
  productEnv: ({ serverUrl, browserUrl, settings }) => ({
    GOOGLE_CLIENT_ID: settings.clientId,
    GOOGLE_CLIENT_SECRET: settings.clientSecret,
    // The browser follows this one, so it names the app's own host; the services call the others.
    GOOGLE_AUTH_URL: `${browserUrl}/o/oauth2/v2/auth`,
    GOOGLE_TOKEN_URL: `${serverUrl}/token`,
    GOOGLE_USERINFO_URL: `${serverUrl}/oauth2/v3/userinfo`,
  }),
  banner: ({ browserUrl }) => `Google sign-in: local stand-in at ${browserUrl}`,
});
