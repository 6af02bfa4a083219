import { z } from 'zod';
import { AppError } from './app-error.js';
import { parseOrThrow } from './validation.js';

describe('parseOrThrow', () => {
  const schema = z.strictObject({ email: z.email(), age: z.number().int() });

  it('returns the parsed value', () => {
    expect(parseOrThrow(schema, { email: 'a@b.co', age: 3 })).toEqual({ email: 'a@b.co', age: 3 });
  });

  it('shows sentence-style messages once, without field names', () => {
    const form = z.strictObject({
      email: z.string({ error: 'Please fill in all required fields' }),
      password: z.string({ error: 'Please fill in all required fields' }),
    });
    expect(() => parseOrThrow(form, {})).toThrow(
      new AppError('VALIDATION_ERROR', 'Please fill in all required fields'),
    );
  });

  it('throws a VALIDATION_ERROR naming each bad field', () => {
    try {
      parseOrThrow(schema, { email: 'nope', age: 'x', extra: 1 });
      throw new Error('did not throw');
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('VALIDATION_ERROR');
      expect((error as AppError).message).toMatch(/^email: .*; age: .*/);
      expect((error as AppError).message).toContain('Unknown field: extra');
    }
  });
});
