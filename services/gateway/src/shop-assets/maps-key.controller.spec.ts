import type { GatewayConfig } from '../config.js';
import { MapsKeyController } from './maps-key.controller.js';

const controllerWith = (maps: Partial<GatewayConfig>) => new MapsKeyController(maps as GatewayConfig);

describe('GET /api/config/google-maps-key', () => {
  it('answers the configured key', () => {
    expect(controllerWith({ GOOGLE_MAPS_API_KEY: 'AIzaTestKey' }).key()).toEqual({ apiKey: 'AIzaTestKey' });
  });

  it('answers null when no key is configured, so the form keeps plain fields', () => {
    expect(controllerWith({}).key()).toEqual({ apiKey: null });
  });
});
