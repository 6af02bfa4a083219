import { cardTexts, firstMinuteLabels, type ResponderLanguage } from '@medical-qr/contracts';
import type { WalletCardLabels } from './wallet-card-content.js';

/**
 * The wallet card's words in one responder language, from the card's own catalogs. What only the owner reads (the
 * cutting instruction, the file's title) stays in English, like the owner's screens. One language a card: two side by
 * side do not fit 85 × 54 mm (tried: "Do not resuscitate" was cut after its first word), so a second language is a
 * second card.
 */
export function walletCardLabels(language: ResponderLanguage): WalletCardLabels {
  const texts = cardTexts(language);
  return {
    language,
    direction: texts.dir,
    dateLocale: texts.tag,
    firstMinute: firstMinuteLabels(texts),
    documentTitle: 'Emergency wallet card',
    instruction: 'Cut along the marks, fold in the middle, and keep it with your ID.',
    openFullCard: texts.t('openFullCard'),
    readWithoutInternet: texts.t('readOffline'),
    conditions: texts.t('medicalConditions'),
    medications: texts.t('medications'),
    devices: texts.t('devices'),
    contacts: texts.t('emergencyContacts'),
    noContacts: texts.t('noContacts'),
    primary: texts.t('primaryBadge'),
    lastChecked: texts.t('lastChecked', { date: '{date}' }),
    fullCardAt: texts.t('fullCardAt'),
    textReference: texts.t('textReference', { reference: '{reference}', number: '{number}' }),
    reference: texts.t('reference', { reference: '{reference}' }),
  };
}
