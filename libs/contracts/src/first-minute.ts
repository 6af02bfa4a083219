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

/** One pattern a list, made once: the card page reads the medications on every view. */
function wholeWordsOf(words: readonly string[]): RegExp {
  const alternatives = words.map((word) => word.replace(' ', '\\s+')).join('|');
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives})(?![\\p{L}\\p{N}])`, 'giu');
}

const BLOOD_THINNER_WORDS = wholeWordsOf(BLOOD_THINNERS);
const INSULIN_WORDS = wholeWordsOf(INSULINS);

/** Each word found once (the first way it is written), in the order the text names them. */
function wordsFound(text: string, pattern: RegExp): string[] {
  const found = new Map<string, string>();
  for (const [match] of text.matchAll(pattern)) {
    const key = match.toLowerCase().replace(/\s+/g, ' ');
    if (!found.has(key)) found.set(key, match);
  }
  return [...found.values()];
}

export function medicationFlags(medications: string): MedicationFlags {
  return {
    bloodThinners: wordsFound(medications, BLOOD_THINNER_WORDS),
    insulins: wordsFound(medications, INSULIN_WORDS),
  };
}
