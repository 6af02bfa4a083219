import type { en } from './locales/en.js';

/** The plural forms of CLDR, as i18next names a key's forms (`tryAgainInSeconds_few`). */
export const PLURAL_FORMS = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
export type PluralForm = (typeof PLURAL_FORMS)[number];

type EnglishKey = keyof typeof en;
type PluralBase<Key> = Key extends `${infer Base}_${PluralForm}` ? Base : never;

/** A text said with a count: its forms are chosen by the language's plural rules. */
export type CardPluralKey = PluralBase<EnglishKey>;
/** A text said one way. */
export type CardTextKey = Exclude<EnglishKey, `${CardPluralKey}_${PluralForm}`>;

/**
 * What a language's catalog must hold: every English text, and of each counted one at least its `_other` form; the
 * other forms are there as the language's rules need them (the catalogs' spec checks each against `Intl.PluralRules`).
 * A catalog declared `satisfies CardCatalog` fails the type check on a missing or misspelt key.
 */
export type CardCatalog = Record<CardTextKey, string> &
  Record<`${CardPluralKey}_other`, string> &
  Partial<Record<`${CardPluralKey}_${Exclude<PluralForm, 'other'>}`, string>>;
