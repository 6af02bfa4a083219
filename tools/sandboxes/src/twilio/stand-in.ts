import { Router } from 'express';
import type { SandboxLogger } from '../provider-descriptor.js';
import { devRoutes } from './dev-routes.js';
import { InboundTexts } from './inbound.js';
import { messageRoutes, type AccountSettings } from './message-routes.js';
import { MessageStore } from './messages.js';
import { OptOuts } from './opt-outs.js';
import { MessageLifecycle } from './status-callbacks.js';

export interface TwilioStandInSettings extends AccountSettings {
  /** The product's messaging webhook (incoming texts); undefined when its address is unknown. */
  inboundWebhookUrl: string | undefined;
  /** How long each status lasts before the next (queued → sent → delivered). */
  stepMs: number;
  /** The first retry of a failed status callback waits this long, each next one twice as long. */
  callbackRetryMs: number;
}

/** One stand-in Twilio account: its texts both ways, their statuses and callbacks, and the routes. */
export class TwilioStandIn {
  readonly store = new MessageStore();
  /** Phones that texted STOP to the account's number (Twilio's default opt-out handling). */
  private readonly optOuts = new OptOuts();
  private readonly lifecycle: MessageLifecycle;
  private readonly inbound: InboundTexts;

  constructor(
    private readonly settings: TwilioStandInSettings,
    private readonly logger: SandboxLogger,
  ) {
    this.lifecycle = new MessageLifecycle(
      this.store,
      { authToken: settings.authToken, stepMs: settings.stepMs, retryBaseMs: settings.callbackRetryMs },
      logger,
    );
    this.inbound = new InboundTexts(
      this.store,
      this.optOuts,
      {
        accountSid: settings.accountSid,
        authToken: settings.authToken,
        serviceNumber: settings.serviceNumber,
        webhookUrl: settings.inboundWebhookUrl,
      },
      logger,
    );
  }

  router(): Router {
    const router = Router();
    router.use(messageRoutes(this.settings, this.store, this.lifecycle, this.optOuts, this.logger));
    router.use(devRoutes(this.store, this.optOuts, this.lifecycle, this.inbound, this.settings.serviceNumber));
    return router;
  }

  close(): void {
    this.lifecycle.close();
  }
}
