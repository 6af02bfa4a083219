import type { OwnerFamilyAlert } from '@medical-qr/contracts';

/** An alert in its owner's account as GET /api/family-alerts lists it: sent from the card a minute ago, unanswered. */
export function aFamilyAlert(overrides: Partial<OwnerFamilyAlert> = {}): OwnerFamilyAlert {
  return {
    id: '9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d',
    recordId: '6f1c2f0e-8a4b-4c39-9d63-0f1e2d3c4b5a',
    note: { source: 'card' },
    contactsTexted: 2,
    sentAt: new Date(Date.now() - 60_000).toISOString(),
    state: 'waiting',
    acknowledgedBy: null,
    acknowledgedAt: null,
    ...overrides,
  };
}

/** The reply of GET /api/family-alerts. */
export const alertsReply = (...alerts: OwnerFamilyAlert[]) => ({ body: { alerts } });
