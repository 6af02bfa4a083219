import { createHmac, createSecretKey, randomInt, type KeyObject } from 'node:crypto';
import { REFERENCE_ALPHABET, REFERENCE_LENGTH } from '@medical-qr/contracts';

/** Labels the key derived for printed references, so a reference's hash never equals a token's or an email's. */
const PURPOSE = 'medical-qr/printed-reference-index/v1';

/** The unique indexes (migration 0004) that refuse a reference another code or tag holds. */
const REFERENCE_INDEXES = new Set(['medical_records_by_reference_index', 'printed_tags_by_reference_index']);

/**
 * Fresh references drawn before giving up. With 5 * 10^11 references, even ten million in use clash once in 50,000
 * draws; five clashes in a row mean something else is wrong.
 */
const ATTEMPTS = 5;

/** A new reference, normalized (`K7QM4XPD`): 8 characters of the alphabet, each drawn uniformly by the system's CSPRNG. */
export function randomReference(): string {
  let reference = '';
  for (let index = 0; index < REFERENCE_LENGTH; index++)
    reference += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return reference;
}

/** Whether a write failed because its reference is another row's (Drizzle carries the driver's error as its cause). */
export function isReferenceClash(error: unknown): boolean {
  for (let cause = error; cause && typeof cause === 'object'; cause = (cause as { cause?: unknown }).cause) {
    const { code, constraint } = cause as { code?: unknown; constraint?: unknown };
    if (code === '23505' && typeof constraint === 'string' && REFERENCE_INDEXES.has(constraint)) return true;
  }
  return false;
}

/** A printed tag's reference is bound to the tag's row, apart from its token (TagsRepository writes it). */
export const tagReferenceContext = (tagId: string) => `${tagId}/tag-reference`;

/** What a write given to {@link PrintedReferences.withFresh} answers when its reference was already taken. */
export const taken = Symbol('reference taken');

/**
 * The printed references of codes and tags: where new ones come from, and the keyed hash the database finds one by.
 * The hash is HMAC-SHA256 under a key derived from the records' index secret (`EMAIL_INDEX_KEY`) with a purpose label
 * of its own, as {@link TokenIndex} does for tokens: a stolen table maps no hash back to a reference, and a
 * reference's hash never equals a token's. Records and tags share it, so a texted reference is hashed once and looked
 * up in both tables (RecordsRepository.openByReference).
 */
export class PrintedReferences {
  /** Prepared once: a raw key is imported again on every hash, several times the cost of the hash itself. */
  private readonly key: KeyObject;

  /** `draw` is where new references come from: the CSPRNG, unless a spec scripts a clash. */
  constructor(
    secret: string,
    private readonly draw: () => string = randomReference,
  ) {
    this.key = createSecretKey(createHmac('sha256', secret).update(PURPOSE).digest());
  }

  /** The keyed hash of a normalized reference (`normalizeReference`'s answer, `K7QM4XPD`). */
  indexOf(reference: string): string {
    return createHmac('sha256', this.key).update(reference).digest('base64url');
  }

  /**
   * Runs `write` with a fresh reference until it takes one no other row holds: `write` answers `taken` (an insert's
   * `on conflict do nothing` wrote nothing) or throws the unique index's refusal, and another is drawn.
   */
  async withFresh<T>(write: (reference: string) => Promise<T | typeof taken>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        const written = await write(this.draw());
        if (written !== taken) return written;
      } catch (error) {
        if (!isReferenceClash(error)) throw error;
      }
      if (attempt === ATTEMPTS) throw new Error(`no free printed reference in ${ATTEMPTS} draws`);
    }
  }
}
