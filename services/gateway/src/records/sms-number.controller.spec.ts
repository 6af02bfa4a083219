import type { GatewayConfig } from '../config.js';
import { gatewayEnvSchema } from '../config.js';
import { SmsNumberController } from './sms-number.controller.js';

const controllerWith = (config: Partial<GatewayConfig>) => new SmsNumberController(config as GatewayConfig);

describe('GET /api/config/sms-number', () => {
  it('answers the configured number', () => {
    expect(controllerWith({ TWILIO_FROM_NUMBER: '+15551234567' }).number()).toEqual({ number: '+15551234567' });
  });

  it('answers null when SMS is not set up, so the screens leave the number out', () => {
    expect(controllerWith({}).number()).toEqual({ number: null });
  });

  it('takes only a number in E.164 form', () => {
    const number = gatewayEnvSchema.shape.TWILIO_FROM_NUMBER;
    expect(number.parse('+447700900123')).toBe('+447700900123');
    for (const refused of ['07700 900123', '+44 7700 900123', '+0123456', 'call me'])
      expect({ refused, accepted: number.safeParse(refused).success }).toEqual({ refused, accepted: false });
  });
});
