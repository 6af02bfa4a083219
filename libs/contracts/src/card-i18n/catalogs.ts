import type { ResponderLanguage } from '../medical-terms/languages.js';
import type { CardCatalog } from './card-catalog.js';
import { ar } from './locales/ar.js';
import { de } from './locales/de.js';
import { en } from './locales/en.js';
import { es } from './locales/es.js';
import { fr } from './locales/fr.js';
import { hi } from './locales/hi.js';
import { it } from './locales/it.js';
import { ja } from './locales/ja.js';
import { pl } from './locales/pl.js';
import { pt } from './locales/pt.js';
import { ru } from './locales/ru.js';
import { zh } from './locales/zh.js';

/** Every responder language's catalog of the card's texts (a language without one fails the type check). */
export const CARD_CATALOGS: Record<ResponderLanguage, CardCatalog> = { en, es, fr, de, it, pt, pl, ru, ar, zh, ja, hi };
