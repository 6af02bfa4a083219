import { Module } from '@nestjs/common';
import { SessionGuard } from './session.guard.js';
import { SessionService } from './session.service.js';
import { SessionStore } from './session.store.js';

/** Server-side sessions in Redis, and the guard that asks for one. */
@Module({
  providers: [SessionStore, SessionService, SessionGuard],
  exports: [SessionService, SessionGuard, SessionStore],
})
export class SessionModule {}
