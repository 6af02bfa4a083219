import type { FamilyAlertState, FamilyAlertStatus, OwnerFamilyAlert } from '@medical-qr/contracts';
import type { AlertedContact, StoredAlert } from './family-alerts.repository.js';

export function familyAlertStateOf(alert: StoredAlert): FamilyAlertState {
  if (alert.acknowledgedAt) return 'acknowledged';
  return alert.unansweredAt ? 'unanswered' : 'waiting';
}

/** How an alert went, naming the contact who answered (of `contacts`, the alert's) by name, never by number. */
export function familyAlertStatusOf(alert: StoredAlert, contacts: readonly AlertedContact[]): FamilyAlertStatus {
  const by = contacts.find((contact) => contact.position === alert.acknowledgedBy);
  return {
    contactsTexted: alert.contactsTexted,
    sentAt: alert.createdAt.toISOString(),
    state: familyAlertStateOf(alert),
    acknowledgedBy: by ? { name: by.name, relationship: by.relationship } : null,
    acknowledgedAt: alert.acknowledgedAt?.toISOString() ?? null,
  };
}

/** An alert as its owner's account lists it (and their export). */
export function ownerFamilyAlert(alert: StoredAlert, contacts: readonly AlertedContact[]): OwnerFamilyAlert {
  return { id: alert.id, recordId: alert.recordId, note: alert.note, ...familyAlertStatusOf(alert, contacts) };
}
