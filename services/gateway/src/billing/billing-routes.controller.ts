import { routesController } from '../routes/routes-controller.js';
import { BILLING_ROUTES } from './billing.routes.js';

/** Premium and the subscription (billing.routes.ts declares them); Stripe's webhook and key have controllers of their own. */
export const BillingRoutesController = routesController('BillingRoutesController', 'premium', BILLING_ROUTES);
