import { SNOMED_CT, type MedicalTerm } from '../medical-term.js';

/** Substances people react to: SNOMED CT substance concepts, as IPS codes AllergyIntolerance.code. */
export const ALLERGENS: readonly MedicalTerm[] = [
  {
    code: '764146007',
    system: SNOMED_CT,
    category: 'allergen',
    names: {
      en: 'Penicillin',
      es: 'Penicilina',
      fr: 'Pénicilline',
      de: 'Penicillin',
      it: 'Penicillina',
      pt: 'Penicilina',
      pl: 'Penicylina',
      ru: 'Пенициллин',
      ar: 'البنسلين',
      zh: '青霉素',
      ja: 'ペニシリン',
      hi: 'पेनिसिलिन',
    },
    synonyms: ['penicillins', 'PCN'],
  },
  {
    code: '762952008',
    system: SNOMED_CT,
    category: 'allergen',
    names: {
      en: 'Peanuts',
      es: 'Cacahuetes',
      fr: 'Arachides',
      de: 'Erdnüsse',
      it: 'Arachidi',
      pt: 'Amendoim',
      pl: 'Orzeszki ziemne',
      ru: 'Арахис',
      ar: 'الفول السوداني',
      zh: '花生',
      ja: 'ピーナッツ',
      hi: 'मूंगफली',
    },
    synonyms: ['peanut', 'groundnut', 'groundnuts'],
  },
];
