import { RecordsMessages } from '@medical-qr/contracts';
import { fieldErrorsFromServer } from './server-field-errors';

describe('placing the gateway 400 messages', () => {
  it('puts an email domain that cannot receive mail on the email field, whole', () => {
    expect(
      fieldErrorsFromServer('email: foo.test is not a valid domain; please use an address that can receive mail'),
    ).toEqual({ email: 'foo.test is not a valid domain; please use an address that can receive mail' });
  });

  it('puts "not a valid domain" on the email field even without a field name', () => {
    expect(
      fieldErrorsFromServer('mail.invalid is not a valid domain; please use an address that can receive mail'),
    ).toEqual({
      email: 'mail.invalid is not a valid domain; please use an address that can receive mail',
    });
  });

  it('splits several issues onto the fields and contact rows they name', () => {
    expect(
      fieldErrorsFromServer(
        'firstName: First name is required; emergencyContacts.0.phone: Phone number needs at least 5 digits; ' +
          `emergencyContacts: ${RecordsMessages.tooManyContactsFree}`,
      ),
    ).toEqual({
      firstName: 'First name is required',
      'emergencyContacts.0.phone': 'Phone number needs at least 5 digits',
      emergencyContacts: RecordsMessages.tooManyContactsFree,
    });
  });

  it('puts the consent message on the consent box and anything else on the form', () => {
    expect(fieldErrorsFromServer(`${RecordsMessages.consentRequired}; Unknown field: extra`)).toEqual({
      hasGivenConsent: RecordsMessages.consentRequired,
      form: 'Unknown field: extra',
    });
    expect(fieldErrorsFromServer('HTTP 400: Bad Request')).toEqual({ form: 'HTTP 400: Bad Request' });
  });
});
