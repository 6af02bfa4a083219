import { Module } from '@nestjs/common';
import { RateLimitModule } from '../rate-limit/rate-limit.module.js';
import { MedicalTermsController } from './medical-terms.controller.js';

/** `GET /api/medical-terms`: the curated list of medical terms, searched in the responder languages. */
@Module({
  imports: [RateLimitModule],
  controllers: [MedicalTermsController],
})
export class MedicalTermsModule {}
