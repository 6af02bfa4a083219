import { SNOMED_CT, type MedicalTerm } from '../medical-term.js';

/** Medication groups and common drugs: SNOMED CT substance concepts, as IPS codes MedicationStatement's medication. */
export const MEDICATIONS: readonly MedicalTerm[] = [
  {
    code: '372756006',
    system: SNOMED_CT,
    category: 'medication',
    names: {
      en: 'Warfarin',
      es: 'Warfarina',
      fr: 'Warfarine',
      de: 'Warfarin',
      it: 'Warfarin',
      pt: 'Varfarina',
      pl: 'Warfaryna',
      ru: 'Варфарин',
      ar: 'الوارفارين',
      zh: '华法林',
      ja: 'ワルファリン',
      hi: 'वारफेरिन',
    },
  },
];
