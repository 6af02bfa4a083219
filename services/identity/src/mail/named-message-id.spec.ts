import { mailJobSchema } from '@medical-qr/contracts';
import { namedMessageId } from './named-message-id.js';

describe('a named Message-ID', () => {
  it('is the same for one name, another for another, and a UUID a mail job takes', () => {
    const receipt = namedMessageId('receipt:order-1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed');
    expect(namedMessageId('receipt:order-1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed')).toBe(receipt);
    expect(namedMessageId('farewell:1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed')).not.toBe(receipt);
    const job = { messageId: receipt, to: 'a@example.com', subject: 's', text: '', html: '' };
    expect(mailJobSchema.safeParse(job).success).toBe(true);
  });
});
