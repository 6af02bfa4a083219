import { routesController } from '../routes/routes-controller.js';
import { RECOVERY_ROUTES } from './auth.routes.js';

/** The account routes that only forward (auth.routes.ts declares them); sign-in and sessions are hand-written. */
export const AuthRoutesController = routesController('AuthRoutesController', 'auth', RECOVERY_ROUTES);
