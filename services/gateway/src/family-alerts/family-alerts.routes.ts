import { RecordsApi } from '@medical-qr/contracts';
import { declareRoute } from '../routes/route-declaration.js';

/** The signed-in owner's side of "Tell their family": their recent alerts and who answered. */
export const FAMILY_ALERT_ROUTES = [
  declareRoute({
    route: 'GET family-alerts',
    summary:
      'The signed-in owner\'s latest 20 family alerts, newest first: what the responder wrote, how many contacts were texted, and whether one answered "I\'m on it" (or nobody did in time)',
    forwards: RecordsApi.ownerFamilyAlerts,
  }),
];
