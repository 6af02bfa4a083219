import { AuthMessages } from '@medical-qr/contracts';

interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

/** What the contract schemas' `safeParse` returns, without depending on zod's types here. */
type SafeParse<T> = { success: true; data: T } | { success: false; error: { issues: readonly Issue[] } };

export type FormCheck<T> =
  | { ok: true; data: T }
  | {
      ok: false;
      /** The one message to show: the "required fields" one when anything is missing, else the first. */
      message: string;
      /** Names of the fields with a problem (for aria-invalid). */
      fields: ReadonlySet<string>;
    };

/**
 * Checks form values with a schema from `@medical-qr/contracts`, the same one the gateway uses,
 * so the browser shows the spec's texts before any request is made (SPEC section 5).
 */
export function checkForm<T>(schema: { safeParse: (value: unknown) => SafeParse<T> }, values: unknown): FormCheck<T> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const issues = result.error.issues;
  const fields = new Set(issues.map((issue) => String(issue.path[0] ?? '')));
  const missing = issues.find((issue) => issue.message === AuthMessages.requiredFields);
  return { ok: false, message: (missing ?? issues[0])?.message ?? AuthMessages.requiredFields, fields };
}

/** Fields marked invalid by the last check (none before the first submit). */
export const noInvalidFields: ReadonlySet<string> = new Set();
