import type { CreatedHealthLink, HealthLinkSummary } from '@medical-qr/contracts';
import type { StubReply } from './fetch-stub';

/** A QR image stand-in: a 1×1 PNG as a data URL (the panel shows it; nothing reads it in these tests). */
export const TINY_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** A health link as the owner's list shows it: active, with a passcode, never opened, unless told. */
export function aHealthLink(overrides: Partial<HealthLinkSummary> = {}): HealthLinkSummary {
  return {
    id: '0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9',
    label: 'St Mary’s A&E',
    flag: 'P',
    longTerm: false,
    directFile: false,
    hasPasscode: true,
    createdAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
    expiresAt: new Date(Date.now() + 5 * 86_400_000).toISOString(),
    revokedAt: null,
    state: 'active',
    remainingAttempts: 10,
    accessCount: 0,
    accesses: [],
    ...overrides,
  };
}

/** What POST /api/health-links answers. */
export function aCreatedLink(overrides: Partial<CreatedHealthLink> = {}): CreatedHealthLink {
  const shlink = 'shlink:/eyJ1cmwiOiJodHRwczovL2V4YW1wbGUudGVzdC9hcGkvc2hsL20iLCJrZXkiOiJrIn0';
  return {
    id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
    shlink,
    viewerUrl: `http://localhost/shl#${shlink}`,
    qrCode: TINY_PNG,
    ...overrides,
  };
}

export const linksReply = (...links: HealthLinkSummary[]): StubReply => ({ body: { links } });
