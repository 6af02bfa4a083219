import { ageOn } from './medical-labels.js';
import { medicationFlags } from './first-minute.js';

describe('the first-minute facts read from the medications', () => {
  it('finds blood thinners and insulins by name or brand, as written, in any case', () => {
    expect(medicationFlags('Apixaban 5 mg twice daily; Lantus 22 units at night; NovoRapid with meals')).toEqual({
      bloodThinners: ['Apixaban'],
      insulins: ['Lantus', 'NovoRapid'],
    });
    expect(medicationFlags('on a BLOOD THINNER after my valve; insulin pump').bloodThinners).toEqual(['BLOOD THINNER']);
  });

  it('matches whole words only, and leaves antiplatelets to the medications as written', () => {
    expect(medicationFlags('Warfarinex (a made-up name), aspirin 75 mg, clopidogrel, insulinoma surgery 2019')).toEqual(
      {
        bloodThinners: [],
        insulins: [],
      },
    );
  });

  it('finds nothing in an empty list', () => {
    expect(medicationFlags('')).toEqual({ bloodThinners: [], insulins: [] });
  });
});

describe('the age a card shows', () => {
  const on = new Date('2026-11-28T10:00:00Z');

  it('counts whole years, a year more from the birthday on', () => {
    expect(ageOn('1979-11-28', on)).toBe(47);
    expect(ageOn('1979-11-29', on)).toBe(46);
    expect(ageOn('2026-01-01', on)).toBe(0);
  });

  it('is null without a date of birth', () => {
    expect(ageOn(null, on)).toBeNull();
  });
});
