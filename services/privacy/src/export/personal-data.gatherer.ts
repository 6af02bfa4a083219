import { Inject, Injectable } from '@nestjs/common';
import { desc, eq } from 'drizzle-orm';
import { type PersonalDataExport, RecordsApi, IdentityApi, BillingApi, ShopApi } from '@medical-qr/contracts';
import { DATABASE, type DatabaseHandle, SERVICE_CLIENT, type ServiceClient } from '@medical-qr/platform';
import { exportedAuditEntry } from './exported-audit-entry.js';
import { auditLog, consentEvents, deletionRequests } from '../database/schema.js';

/** Everything held about one person, service by service, as each service describes it. */
export type PersonalData = Omit<PersonalDataExport, 'exportedAt' | 'format' | 'internationalPatientSummary'>;

/**
 * Asks every service that holds personal data for the person's, at once, over NATS (each answers from its own
 * schema and decrypts what it encrypted), and adds privacy's own: consent history, deletion request, audit trail.
 * A service that does not answer fails the export: half an export would say we hold less than we do.
 */
@Injectable()
export class PersonalDataGatherer {
  constructor(
    @Inject(SERVICE_CLIENT) private readonly services: ServiceClient,
    @Inject(DATABASE) private readonly database: DatabaseHandle,
  ) {}

  async gather(userId: string, appUrl: string): Promise<PersonalData> {
    const [account, records, billing, cart, orders, shipping, privacy] = await Promise.all([
      this.services.send(IdentityApi.getUser, { userId }),
      this.services.send(RecordsApi.exportUser, { userId, appUrl }),
      this.services.send(BillingApi.exportUser, { userId }),
      this.services.send(ShopApi.cartList, { userId }),
      this.services.send(ShopApi.ordersList, { userId, appUrl }),
      this.services.send(ShopApi.savedShippingAddress, { userId }),
      this.privacyOf(userId),
    ]);
    return { account, records, billing, cart, orders, shippingAddress: shipping.address, privacy };
  }

  private async privacyOf(userId: string): Promise<PersonalData['privacy']> {
    const { db } = this.database;
    const [consent, [request], audit] = await Promise.all([
      db.select().from(consentEvents).where(eq(consentEvents.userId, userId)).orderBy(consentEvents.id),
      db.select().from(deletionRequests).where(eq(deletionRequests.userId, userId)),
      db.select().from(auditLog).where(eq(auditLog.userId, userId)).orderBy(desc(auditLog.occurredAt)),
    ]);
    return {
      consentHistory: consent.map((row) => ({
        given: row.given,
        reason: row.reason,
        occurredAt: row.occurredAt.toISOString(),
      })),
      deletionRequest: request
        ? {
            status: request.status,
            reason: request.reason,
            requestedAt: request.requestedAt.toISOString(),
            scheduledAt: request.scheduledAt.toISOString(),
            cancelledAt: request.cancelledAt?.toISOString() ?? null,
          }
        : null,
      auditLog: audit.map(exportedAuditEntry),
    };
  }
}
