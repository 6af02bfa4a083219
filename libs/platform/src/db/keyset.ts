import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { decodeCursor, ErrorCodes } from '@medical-qr/contracts';
import { AppError } from '../errors/app-error.js';

/**
 * A timestamp column as exact text, UTC to the microsecond, for a keyset cursor (`encodeCursor` in contracts).
 * PostgreSQL keeps microseconds and a Date only milliseconds: a cursor made from a Date would land between rows of
 * the same millisecond and skip or repeat them. Compare it back as `${text}::timestamptz`.
 */
export function exactTimestamp(column: AnyColumn): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/**
 * The sort key a page request's cursor names (undefined for the first page, a null cursor); a cursor that is not one
 * of this list's is refused (VALIDATION_ERROR), never read from the start again.
 */
export function afterCursor<const Kinds extends readonly ('string' | 'number')[]>(cursor: string | null, kinds: Kinds) {
  if (cursor === null) return undefined;
  const key = decodeCursor(cursor, kinds);
  if (!key) throw new AppError(ErrorCodes.VALIDATION_ERROR, 'The page cursor is not one this list gave.');
  return key;
}
