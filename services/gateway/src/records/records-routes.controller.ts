import { routesController } from '../routes/routes-controller.js';
import { RECORDS_ROUTES } from './records.routes.js';

/** The records routes that only forward (records.routes.ts declares them); the card's own are in card.controller.ts. */
export const RecordsRoutesController = routesController('RecordsRoutesController', 'medical records', RECORDS_ROUTES);
