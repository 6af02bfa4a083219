import { RecordsMessages } from '@medical-qr/contracts';
import { normalizeApiError } from '../../lib/base-query';
import { fieldErrorsFromServer } from './server-field-errors';

/** A 400 as the gateway sends it, read by the web's own base query. */
const refusal = (issues: Array<{ path: string; message: string }>, message = 'does not matter here') =>
  normalizeApiError(400, 'Bad Request', JSON.stringify({ statusCode: 400, code: 'VALIDATION_ERROR', message, issues }));

describe('placing the gateway 400 issues', () => {
  it('puts each issue on the field or contact row it names, whatever its wording', () => {
    expect(
      fieldErrorsFromServer(
        refusal([
          { path: 'email', message: 'foo.test is not a valid domain; please use an address that can receive mail' },
          { path: 'firstName', message: 'First name is required' },
          { path: 'emergencyContacts.0.phone', message: 'Phone number needs at least 5 digits' },
          { path: 'emergencyContacts', message: RecordsMessages.tooManyContactsFree },
          { path: 'hasGivenConsent', message: RecordsMessages.consentRequired },
        ]),
      ),
    ).toEqual({
      email: 'foo.test is not a valid domain; please use an address that can receive mail',
      firstName: 'First name is required',
      'emergencyContacts.0.phone': 'Phone number needs at least 5 digits',
      emergencyContacts: RecordsMessages.tooManyContactsFree,
      hasGivenConsent: RecordsMessages.consentRequired,
    });
  });

  it('keeps the first issue of a field, and puts what names no field of the form on the form', () => {
    expect(
      fieldErrorsFromServer(
        refusal([
          { path: 'email', message: 'Invalid email format' },
          { path: 'email', message: 'at most 254 characters' },
          { path: 'extra', message: 'Unknown field: extra' },
        ]),
      ),
    ).toEqual({ email: 'Invalid email format', form: 'Unknown field: extra' });
  });

  it('puts a refusal without issues on the form as it is', () => {
    expect(fieldErrorsFromServer(normalizeApiError(400, 'Bad Request', ''))).toEqual({ form: 'HTTP 400: Bad Request' });
  });
});
