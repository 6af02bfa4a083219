import { Injectable } from '@nestjs/common';
import { REAUTH_WINDOW_MS, type AuthMethod, type CurrentUser, type PublicUser } from '@medical-qr/contracts';
import type { SessionData } from '../session/session.store.js';
import { PremiumStatusReader } from './premium-status.reader.js';

/** What a CurrentUser needs from the session; a registration that waits for email verification has only the method. */
export type SessionFacts = Pick<SessionData, 'reauthAt' | 'googleAuthAt'> & { authMethod?: AuthMethod };

/** The one place a CurrentUser is made: identity's account, billing's premium, and the session's facts. */
@Injectable()
export class CurrentUserBuilder {
  constructor(private readonly premium: PremiumStatusReader) {}

  async build(user: PublicUser, session: SessionFacts): Promise<CurrentUser> {
    const reauthUntil = session.reauthAt ? session.reauthAt + REAUTH_WINDOW_MS : 0;
    return {
      ...user,
      isPremium: await this.premium.isPremium(user.id),
      // Sessions started before the method was recorded: Google's mark tells them apart.
      authMethod: session.authMethod ?? (session.googleAuthAt ? 'google' : 'password'),
      reauthenticatedUntil: reauthUntil > Date.now() ? new Date(reauthUntil).toISOString() : null,
    };
  }
}
