import { pino } from 'pino';

const REDACTED = '[redacted]';

/** Names pg quotes an identifier after; any other quoted text in a pg message is a value. */
const IDENTIFIER_BEFORE_QUOTE =
  /\b(?:constraint|relation|column|table|index|type|schema|function|encoding|database|role|sequence|operator|extension|trigger|view|cursor|savepoint|collation|domain|statement)\s*$/i;

interface ErrorLike {
  message: string;
  cause?: unknown;
  [key: string]: unknown;
}

const isErrorLike = (value: unknown): value is ErrorLike =>
  typeof value === 'object' && value !== null && typeof (value as ErrorLike).message === 'string';

/** Drizzle's DrizzleQueryError: "Failed query: <sql>\nparams: <values>", with `query` and `params`. */
const isFailedQuery = (error: ErrorLike) => typeof error.query === 'string' && Array.isArray(error.params);

/** A PostgreSQL error from pg: a five-character SQLSTATE and a severity. */
const isPostgresError = (error: ErrorLike) =>
  typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code) && typeof error.severity === 'string';

/** pg echoes values in quotes (`invalid input syntax for type uuid: "..."`); identifiers stay. */
function redactQuotedValues(text: string): string {
  return text.replace(/"(?:[^"]|"")*"/g, (quoted, offset: number) =>
    IDENTIFIER_BEFORE_QUOTE.test(text.slice(0, offset)) ? quoted : `"${REDACTED}"`,
  );
}

/** SQL text pg quotes back (`where`, `internalQuery`) may hold literal values. */
function redactSqlLiterals(text: string): string {
  return text.replace(/'(?:[^']|'')*'/g, `'${REDACTED}'`);
}

/**
 * pg's `detail` names the values that broke a rule: "Key (email)=(a@b.c) already exists.",
 * "Failing row contains (...)". Keeps the columns and the rule; anything else is dropped whole.
 */
export function redactPostgresDetail(detail: string): string {
  const key = /^Key \(([^)]*)\)=\(.*\)( [^()]*)$/s.exec(detail);
  if (key) return `Key (${key[1]})=(${REDACTED})${key[2]}`;
  if (detail.startsWith('Failing row contains')) return `Failing row contains (${REDACTED}).`;
  return REDACTED;
}

/** Any text that may quote a failed query: its parameter list never survives. */
export function redactQueryParams(text: string): string {
  return text.replace(/^(\s*params: )(?!\[redacted\]).*$/gm, `$1${REDACTED}`);
}

/** An error's own message with the values it carries taken out, the kind of failure kept. */
function redactedOwnMessage(error: ErrorLike): string {
  if (isFailedQuery(error)) {
    return error.message.split(`params: ${String(error.params)}`).join(`params: ${REDACTED}`);
  }
  if (isPostgresError(error)) return redactQuotedValues(error.message);
  return redactQueryParams(error.message);
}

function causeChain(error: ErrorLike): ErrorLike[] {
  const chain: ErrorLike[] = [];
  for (let current: unknown = error; isErrorLike(current) && !chain.includes(current); current = current.cause) {
    chain.push(current);
  }
  return chain;
}

function redactText(text: string, chain: ErrorLike[]): string {
  let redacted = text;
  for (const error of chain) {
    const own = redactedOwnMessage(error);
    if (own !== error.message) redacted = redacted.split(error.message).join(own);
  }
  return redactQueryParams(redacted);
}

/** pg's code and the rule that broke, which say what went wrong without any value. */
function postgresFacts(error: ErrorLike) {
  const facts: Record<string, unknown> = { code: error.code };
  for (const key of ['constraint', 'table', 'column', 'schema', 'routine'] as const) {
    if (typeof error[key] === 'string') facts[key] = error[key];
  }
  return facts;
}

/**
 * pino's error serializer, for every process: database errors keep their kind (type, message,
 * SQLSTATE, constraint) but never the values of a query. Drizzle puts the parameters in its
 * message and on `params`; pg echoes values in some messages and in `detail`.
 */
export function serializeError(value: unknown): unknown {
  if (!isErrorLike(value)) return value;
  const chain = causeChain(value);
  const serialized = pino.stdSerializers.err(value as unknown as Error) as unknown as Record<string, unknown>;
  serialized.message = redactText(String(serialized.message), chain);
  if (typeof serialized.stack === 'string') serialized.stack = redactText(serialized.stack, chain);
  if ('params' in serialized) serialized.params = REDACTED;
  if (typeof serialized.detail === 'string') serialized.detail = redactPostgresDetail(serialized.detail);
  for (const key of ['where', 'internalQuery'] as const) {
    if (typeof serialized[key] === 'string') serialized[key] = redactSqlLiterals(redactQuotedValues(serialized[key]));
  }
  if (Array.isArray(serialized.aggregateErrors)) {
    serialized.aggregateErrors = (value.errors as unknown[]).map(serializeError);
  }
  const database = chain.find((error) => error !== value && isPostgresError(error));
  if (database) serialized.database = postgresFacts(database);
  return serialized;
}
