import { familyText, placeText } from './family-texts.js';

describe('the text a contact gets', () => {
  const base = {
    language: 'en' as const,
    personName: 'Jane Doe',
    ackUrl: 'https://medicalqr.example/f/abc',
    round: 1,
  };

  it('holds what the responder wrote, a map link for the position, the answer link and STOP', () => {
    const text = familyText({
      ...base,
      note: {
        source: 'card',
        responderName: 'Sam',
        message: "Taken to St Mary's A&E",
        callbackNumber: '+44 7700 900123',
        place: { latitude: 51.5178, longitude: -0.1736 },
      },
    });
    expect(text).toBe(
      [
        'Medical QR: someone helping Jane Doe used their emergency card.',
        'From: Sam',
        "Message: Taken to St Mary's A&E",
        'Call them back: +44 7700 900123',
        'Place: https://www.openstreetmap.org/?mlat=51.51780&mlon=-0.17360#map=17/51.51780/-0.17360',
        "I'm on it: https://medicalqr.example/f/abc",
        'Reply STOP to stop these texts.',
      ].join('\n'),
    );
  });

  it('leaves out what was not given, and says so when it is sent again', () => {
    const text = familyText({ ...base, round: 2, note: { source: 'card' } });
    expect(text.split('\n')).toEqual([
      'Medical QR, again: nobody has answered yet. Someone helping Jane Doe used their emergency card.',
      "I'm on it: https://medicalqr.example/f/abc",
      'Reply STOP to stop these texts.',
    ]);
  });

  it('is written in the language given', () => {
    const text = familyText({ ...base, language: 'es', note: { source: 'card', message: 'Hospital' } });
    expect(text).not.toContain('someone helping');
    expect(text).toContain('Hospital');
  });

  it('says a typed place as typed', () => {
    expect(placeText({ text: 'Platform 2, King’s Cross' })).toBe('Platform 2, King’s Cross');
  });
});
