import type { FirstMinuteLabels } from '../first-minute-block.js';
import type { LocalizedCardTexts } from './card-texts.js';

/** The first-minute block's words in the card's language, from the card's own catalog (one translation of each). */
export function firstMinuteLabels(texts: LocalizedCardTexts): FirstMinuteLabels {
  const t = (key: Parameters<LocalizedCardTexts['t']>[0]) => texts.t(key);
  return {
    title: t('medicalId'),
    name: t('nameLabel'),
    age: t('ageLabel'),
    bloodGroup: t('bloodGroup'),
    resuscitation: t('resuscitation'),
    resuscitationValues: {
      not_stated: t('notStated'),
      full: t('resuscitationFull'),
      dnr: t('resuscitationDnr'),
      directive: t('resuscitationDirective'),
    },
    allergies: t('allergies'),
    allergySeverities: {
      intolerance: t('severityIntolerance'),
      severe: t('severitySevere'),
      anaphylaxis: t('severityAnaphylaxis'),
    },
    noneRecorded: t('noneRecorded'),
    notStated: t('notStated'),
    bloodThinner: t('bloodThinner'),
    insulin: t('insulin'),
    devices: t('devices'),
    languages: t('languagesSpoken'),
    interpreterNeeded: t('interpreterNeeded'),
    noInterpreterNeeded: t('noInterpreterNeeded'),
    primaryContact: t('call'),
    cut: t('cutToFit'),
  };
}
