import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { eq } from 'drizzle-orm';
import { type Erased, eraseUserRequestSchema, type EraseUserRequest, IdentityPatterns } from '@medical-qr/contracts';
import { DATABASE, type DatabaseHandle, ZodPayload } from '@medical-qr/platform';
import { users } from '../database/schema.js';

/** Erasure's last step (privacy's saga): the account goes, and its mailed links with it (cascade). Idempotent. */
@Controller()
export class IdentityErasureController {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  @MessagePattern(IdentityPatterns.eraseUser)
  async erase(@Payload(new ZodPayload(eraseUserRequestSchema)) { userId }: EraseUserRequest): Promise<Erased> {
    await this.database.db.delete(users).where(eq(users.id, userId));
    return { erased: true };
  }
}
