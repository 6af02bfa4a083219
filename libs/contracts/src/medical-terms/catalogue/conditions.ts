import { SNOMED_CT, type MedicalTerm } from '../medical-term.js';

/** Conditions a responder must know of: SNOMED CT disorder concepts, as IPS codes Condition.code. */
export const CONDITIONS: readonly MedicalTerm[] = [
  {
    code: '84757009',
    system: SNOMED_CT,
    category: 'condition',
    names: {
      en: 'Epilepsy',
      es: 'Epilepsia',
      fr: 'Épilepsie',
      de: 'Epilepsie',
      it: 'Epilessia',
      pt: 'Epilepsia',
      pl: 'Padaczka',
      ru: 'Эпилепсия',
      ar: 'الصرع',
      zh: '癫痫',
      ja: 'てんかん',
      hi: 'मिर्गी',
    },
  },
];
