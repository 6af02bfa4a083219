import { cardTexts } from '@medical-qr/contracts';

const english = cardTexts('en');

/**
 * The card page's English texts that the spec fixes, by name. The page itself speaks the responder's language through
 * `cardTexts` (the catalogs in contracts, whose English one holds these).
 */
export const CardTexts = {
  noneRecorded: english.t('noneRecorded'),
  noContacts: english.t('noContacts'),
  createOwn: english.t('createOwn'),
  emergencyLead: english.t('emergencyLead'),
  callEmergency: english.t('callEmergency'),
  tryAgain: english.t('tryAgain'),
  notFoundTitle: english.t('notFoundTitle'),
  notFoundText: english.t('notFoundText'),
  unavailableTitle: english.t('unavailableTitle'),
  unavailableText: english.t('unavailableText'),
  rateLimitedTitle: english.t('rateLimitedTitle'),
} as const;
