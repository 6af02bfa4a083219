import { routesController } from '../routes/routes-controller.js';
import { PRIVACY_ROUTES } from './privacy.routes.js';

/** Privacy controls over HTTP (privacy.routes.ts declares them; the privacy service does the work). */
export const PrivacyRoutesController = routesController('PrivacyRoutesController', 'privacy', PRIVACY_ROUTES);
