import { jest } from '@jest/globals';
import express from 'express';
import type { AddressInfo } from 'node:net';
import { AppError, type AuditTrail, type ServiceClient } from '@medical-qr/platform';
import { FakeServiceClient } from '@medical-qr/platform/testing';
import {
  AuditActions,
  encodeCursor,
  ErrorCodes,
  EXPORT_PAGE_SIZES,
  type PersonalDataExportHead,
  personalDataExportSchema,
  PrivacyApi,
} from '@medical-qr/contracts';
import type { Logger } from 'pino';
import type { GatewayConfig } from '../config.js';
import type { RateLimiter } from '../rate-limit/rate-limiter.js';
import type { CurrentSession } from '../session/session.service.js';
import { ExportController } from './export.controller.js';

const USER_ID = '6f1d2a34-0c1e-4d6b-9a55-2f3b4c5d6e7f';
const head: PersonalDataExportHead = {
  exportedAt: '2026-01-01T00:00:00.000Z',
  format: 'Medical QR personal data export, version 1',
  account: {
    id: USER_ID,
    firstName: 'Amara',
    lastName: 'Okafor',
    email: 'amara@example.com',
    phoneNumber: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    isTemporary: false,
    isAuthenticated: true,
    emailVerified: true,
    hasPassword: true,
    hasGoogle: false,
  },
  billing: { stripeCustomerId: null, subscriptions: [] },
  cart: [],
  shippingAddress: null,
  deletionRequest: null,
  internationalPatientSummary: { resourceType: 'Bundle' },
};
const entry = (n: number) => ({
  occurredAt: new Date(Date.UTC(2025, 0, 1) + n).toISOString(),
  action: `test.entry.${n}.${'x'.repeat(300)}`,
  ip: null,
  userAgent: null,
  viewer: null,
});

/**
 * The export route on a real HTTP server, its services faked: an audit log of `pages` full pages, the page numbered
 * `failAt` (if any) failing. A request's error that escapes answers as the gateway's filter would, a JSON error.
 */
async function serve(pages: number, failAt?: number) {
  const services = new FakeServiceClient()
    .answer(PrivacyApi.exportHead, () => head)
    .answer(PrivacyApi.exportPage, ({ section, cursor }) => {
      if (section !== 'auditLog') return { section, items: [], nextCursor: null } as never;
      const page = cursor === null ? 0 : Number(JSON.parse(atob(cursor))[0]);
      if (page === failAt) throw AppError.unavailable('The records service did not answer.');
      const size = EXPORT_PAGE_SIZES.auditLog;
      return {
        section,
        items: Array.from({ length: size }, (_, n) => entry(page * size + n)),
        nextCursor: page + 1 < pages ? encodeCursor([page + 1]) : null,
      };
    });
  const audit = { record: jest.fn(async () => undefined) };
  const logger = { info: jest.fn(), error: jest.fn() };
  const controller = new ExportController(
    services.asClient() as ServiceClient,
    { PORT: 3000 } as GatewayConfig,
    audit as unknown as AuditTrail,
    logger as unknown as Logger,
    { hit: async () => undefined } as unknown as RateLimiter,
  );
  const app = express();
  app.get('/export', (req, res) => {
    const session = { data: { userId: USER_ID } } as CurrentSession;
    controller.exportData(req, res, session).catch((error: AppError) => {
      res.status(503).json({ code: error.code, message: error.message });
    });
  });
  const server = app.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/export`;
  return { services, audit, logger, url, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe('the streamed export download', () => {
  it('writes the whole file from every page, for the session’s person, and audits it once done', async () => {
    const system = await serve(4);
    try {
      const response = await fetch(system.url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toBe(
        'attachment; filename="medical-data-export-' + new Date().toISOString().slice(0, 10) + '.json"',
      );
      const text = await response.text();
      const file = personalDataExportSchema.parse(JSON.parse(text));
      expect(file.privacy.auditLog.map((item) => item.action)).toEqual(
        Array.from({ length: 4 * EXPORT_PAGE_SIZES.auditLog }, (_, n) => entry(n).action),
      );
      expect(text).toBe(JSON.stringify(JSON.parse(text), null, 2));
      const asked = system.services.sentWith(PrivacyApi.exportPage);
      expect(new Set(asked.map((page) => page.userId))).toEqual(new Set([USER_ID]));
      expect(asked.filter((page) => page.section === 'auditLog')).toHaveLength(4);
      expect(system.audit.record).toHaveBeenCalledTimes(1);
      expect(system.audit.record).toHaveBeenCalledWith(
        expect.objectContaining({ action: AuditActions.dataExported, userId: USER_ID }),
      );
    } finally {
      await system.close();
    }
  });

  it('cuts the connection when a page fails after the download began, so no truncated file looks complete', async () => {
    const system = await serve(6, 3);
    try {
      const response = await fetch(system.url);
      expect(response.status).toBe(200);
      await expect(response.text()).rejects.toThrow();
      expect(system.audit.record).not.toHaveBeenCalled();
      expect(system.logger.error).toHaveBeenCalledTimes(1);
    } finally {
      await system.close();
    }
  });

  it('answers an error as any request does when a page fails before the first byte', async () => {
    const system = await serve(6, 0);
    try {
      const response = await fetch(system.url);
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ code: ErrorCodes.SERVICE_UNAVAILABLE });
      expect(system.audit.record).not.toHaveBeenCalled();
    } finally {
      await system.close();
    }
  });
});
