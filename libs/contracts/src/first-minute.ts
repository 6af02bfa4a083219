/**
 * What a crew decides the first minute by, read from the medications as written: whether the person takes a blood
 * thinner (bleeding, and whether a wound can be closed) or uses insulin (a low sugar looks like a stroke or a drunk).
 * Whole words, any case; the words found are shown as the person wrote them. Anticoagulants only: antiplatelets
 * (aspirin, clopidogrel) are left to the medications as written.
 */
const BLOOD_THINNERS = [
  'anticoagulant',
  'anticoagulants',
  'blood thinner',
  'blood thinners',
  'warfarin',
  'coumadin',
  'acenocoumarol',
  'sintrom',
  'phenprocoumon',
  'marcumar',
  'apixaban',
  'eliquis',
  'rivaroxaban',
  'xarelto',
  'dabigatran',
  'pradaxa',
  'edoxaban',
  'lixiana',
  'savaysa',
  'heparin',
  'enoxaparin',
  'clexane',
  'lovenox',
  'dalteparin',
  'fragmin',
  'tinzaparin',
  'fondaparinux',
];

const INSULINS = [
  'insulin',
  'insulins',
  'lantus',
  'toujeo',
  'abasaglar',
  'semglee',
  'levemir',
  'tresiba',
  'humalog',
  'lyumjev',
  'novorapid',
  'novolog',
  'fiasp',
  'apidra',
  'actrapid',
  'humulin',
  'novomix',
];

export interface MedicationFlags {
  /** The blood thinners named, as written ("Apixaban"); empty when none. */
  bloodThinners: string[];
  /** The insulins named, as written; empty when none. */
  insulins: string[];
}

function wordsFound(text: string, words: readonly string[]): string[] {
  const found = new Map<string, string>();
  for (const word of words) {
    const match = new RegExp(`(?<![\\p{L}\\p{N}])${word.replace(' ', '\\s+')}(?![\\p{L}\\p{N}])`, 'iu').exec(text);
    if (match) found.set(match[0].toLowerCase(), match[0]);
  }
  return [...found.values()];
}

export function medicationFlags(medications: string): MedicationFlags {
  return { bloodThinners: wordsFound(medications, BLOOD_THINNERS), insulins: wordsFound(medications, INSULINS) };
}
