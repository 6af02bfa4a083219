import { Inject, Injectable } from '@nestjs/common';
import {
  BillingApi,
  EXPORT_PAGE_SIZES,
  type ExportedRecord,
  IdentityApi,
  keysetPage,
  type PersonalDataExportHead,
  type PrivacyExportPage,
  type PrivacyExportPageRequest,
  RecordsApi,
  ShopApi,
} from '@medical-qr/contracts';
import { afterCursor, SERVICE_CLIENT, type ServiceClient } from '@medical-qr/platform';
import { exportedAuditEntry } from './exported-audit-entry.js';
import { PrivacyExportRepository } from './privacy-export.repository.js';

/** The export's bounded parts as each service describes them, and the current record its summary is made from. */
export type PersonalDataHead = Omit<PersonalDataExportHead, 'exportedAt' | 'format' | 'internationalPatientSummary'> & {
  currentRecord: ExportedRecord | null;
};

/**
 * Asks every service that holds personal data for the person's, over NATS (each answers from its own schema and
 * decrypts what it encrypted), and adds privacy's own: consent history, deletion request, audit trail. The bounded
 * parts come at once (`head`); every list that grows with the account comes a page at a time (`page`), from the
 * service that holds it, so no message grows with the account. A service that does not answer fails the export: half
 * an export would say we hold less than we do.
 */
@Injectable()
export class PersonalDataGatherer {
  constructor(
    @Inject(SERVICE_CLIENT) private readonly services: ServiceClient,
    private readonly repository: PrivacyExportRepository,
  ) {}

  async head(userId: string, appUrl: string): Promise<PersonalDataHead> {
    const [account, billing, cart, shipping, current, request] = await Promise.all([
      this.services.send(IdentityApi.getUser, { userId }),
      this.services.send(BillingApi.exportUser, { userId }),
      this.services.send(ShopApi.cartList, { userId }),
      this.services.send(ShopApi.savedShippingAddress, { userId }),
      this.services.send(RecordsApi.exportCurrent, { userId, appUrl }),
      this.repository.deletionRequestOf(userId),
    ]);
    return {
      account,
      billing,
      cart,
      shippingAddress: shipping.address,
      deletionRequest: request
        ? {
            status: request.status,
            reason: request.reason,
            requestedAt: request.requestedAt.toISOString(),
            scheduledAt: request.scheduledAt.toISOString(),
            cancelledAt: request.cancelledAt?.toISOString() ?? null,
          }
        : null,
      currentRecord: current.record,
    };
  }

  /** One page of one list, always the person's named in the request (the gateway's session, never the client). */
  async page({ userId, appUrl, section, cursor }: PrivacyExportPageRequest): Promise<PrivacyExportPage> {
    switch (section) {
      case 'records':
      case 'scanLog':
      case 'tags':
      case 'healthLinks':
      case 'healthLinkAccesses':
      case 'familyAlerts':
        return this.services.send(RecordsApi.exportPage, { userId, appUrl, section, cursor });
      case 'orders':
        return this.services.send(ShopApi.ordersExportPage, { userId, appUrl, cursor });
      case 'consentHistory': {
        const limit = EXPORT_PAGE_SIZES.consentHistory;
        const after = afterCursor(cursor, ['number']);
        const rows = await this.repository.consentPage(userId, after?.[0], limit);
        const page = keysetPage(
          rows,
          limit,
          (row) => [row.id],
          (row) => ({ given: row.given, reason: row.reason, occurredAt: row.occurredAt.toISOString() }),
        );
        return { section, ...page };
      }
      case 'auditLog': {
        const limit = EXPORT_PAGE_SIZES.auditLog;
        const rows = await this.repository.auditPage(userId, afterCursor(cursor, ['string', 'number']), limit);
        const page = keysetPage(
          rows,
          limit,
          ({ row, occurredAtKey }) => [occurredAtKey, row.id],
          ({ row }) => exportedAuditEntry(row),
        );
        return { section, ...page };
      }
    }
  }
}
