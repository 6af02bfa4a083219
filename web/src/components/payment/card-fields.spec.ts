import {
  CardMessages,
  cardDetailsFrom,
  cardFormSchema,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  passesLuhn,
} from './card-fields';

const messagesFor = (values: { cardNumber: string; expiry: string; cvc: string }) => {
  const result = cardFormSchema(() => new Date('2026-11-15T12:00:00Z')).safeParse(values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path[0], issue.message]));
};

describe('the card fields', () => {
  it('group the card number in fours as it is typed, digits only', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242 42')).toBe('4242 42');
    expect(formatCardNumber('4000-0025-0000-3155')).toBe('4000 0025 0000 3155');
    expect(formatCardNumber('12345678901234567890123')).toBe('1234 5678 9012 3456 789');
    expect(formatCardNumber('abc')).toBe('');
  });

  it('write the expiry as MM / YY, the separator coming with the third digit', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('123')).toBe('12 / 3');
    expect(formatExpiry('1228')).toBe('12 / 28');
    expect(formatExpiry('12 / 28 9')).toBe('12 / 28');
    expect(formatExpiry('4')).toBe('04');
    // Deleting back over the separator is not undone.
    expect(formatExpiry('12 /')).toBe('12');
    expect(formatCvc('12a34 5')).toBe('1234');
  });

  it("check the card with Stripe's own words", () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4000000000000002')).toBe(true);
    expect(passesLuhn('4000002500003155')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);

    expect(messagesFor({ cardNumber: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123' })).toEqual({});
    expect(messagesFor({ cardNumber: '', expiry: '', cvc: '' })).toEqual({
      cardNumber: CardMessages.numberIncomplete,
      expiry: CardMessages.expiryIncomplete,
      cvc: CardMessages.cvcIncomplete,
    });
    expect(messagesFor({ cardNumber: '4242 4242 4242 4241', expiry: '13 / 30', cvc: '12' })).toEqual({
      cardNumber: CardMessages.numberInvalid,
      expiry: CardMessages.expiryInvalid,
      cvc: CardMessages.cvcIncomplete,
    });
    // November 2026 is still good; October is past.
    expect(messagesFor({ cardNumber: '4242424242424242', expiry: '11 / 26', cvc: '123' })).toEqual({});
    expect(messagesFor({ cardNumber: '4242424242424242', expiry: '10 / 26', cvc: '123' })).toEqual({
      expiry: CardMessages.expiryPast,
    });
  });

  it('hand the provider the digits, the month and the four-digit year', () => {
    expect(cardDetailsFrom({ cardNumber: '4242 4242 4242 4242', expiry: '04 / 31', cvc: '123' })).toEqual({
      number: '4242424242424242',
      expMonth: 4,
      expYear: 2031,
      cvc: '123',
    });
  });
});
