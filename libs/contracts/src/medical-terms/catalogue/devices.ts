import { SNOMED_CT, type MedicalTerm } from '../medical-term.js';

/** Implanted and worn devices: SNOMED CT physical object concepts, as IPS codes DeviceUseStatement's device. */
export const DEVICES: readonly MedicalTerm[] = [
  {
    code: '14106009',
    system: SNOMED_CT,
    category: 'device',
    names: {
      en: 'Pacemaker',
      es: 'Marcapasos',
      fr: 'Stimulateur cardiaque',
      de: 'Herzschrittmacher',
      it: 'Pacemaker',
      pt: 'Marca-passo',
      pl: 'Rozrusznik serca',
      ru: 'Кардиостимулятор',
      ar: 'جهاز تنظيم ضربات القلب',
      zh: '心脏起搏器',
      ja: 'ペースメーカー',
      hi: 'पेसमेकर',
    },
    synonyms: ['cardiac pacemaker'],
  },
];
