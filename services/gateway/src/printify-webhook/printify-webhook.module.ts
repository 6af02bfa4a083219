import { Module } from '@nestjs/common';
import { PrintifyWebhookController } from './printify-webhook.controller.js';

/** Printify's order webhooks over HTTP; the shop service checks and acts on them. */
@Module({ controllers: [PrintifyWebhookController] })
export class PrintifyWebhookModule {}
