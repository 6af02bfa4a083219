import { redirectedUri } from './redirected-request-client.js';

describe('redirectedUri', () => {
  it("moves Twilio's URLs to the stand-in, path and query kept", () => {
    const base = new URL('http://127.0.0.1:4100');
    expect(redirectedUri('https://api.twilio.com/2010-04-01/Accounts/AC1/Messages.json', base)).toBe(
      'http://127.0.0.1:4100/2010-04-01/Accounts/AC1/Messages.json',
    );
    expect(
      redirectedUri('https://api.us1.twilio.com/2010-04-01/Accounts/AC1/Messages.json?To=%2B1415&PageSize=2', base),
    ).toBe('http://127.0.0.1:4100/2010-04-01/Accounts/AC1/Messages.json?To=%2B1415&PageSize=2');
  });

  it('keeps a path the stand-in is served under', () => {
    expect(redirectedUri('https://api.twilio.com/2010-04-01/x.json', new URL('http://sandbox:4100/twilio/'))).toBe(
      'http://sandbox:4100/twilio/2010-04-01/x.json',
    );
  });
});
