import { SNOMED_CT, type MedicalTermView } from '@medical-qr/contracts';
import { appendEntry, namesEntry, pickedTermsIn } from './term-entries';

const term = (display: string, code: string): MedicalTermView => ({
  code,
  system: SNOMED_CT,
  category: 'allergen',
  display,
});

describe('adding a picked entry to a field', () => {
  it('makes an empty field, or one of spaces only, the entry alone', () => {
    expect(appendEntry('', 'Penicillin')).toBe('Penicillin');
    expect(appendEntry('  \n ', 'Penicillin')).toBe('Penicillin');
  });

  it('adds after a comma, keeping what was written', () => {
    expect(appendEntry('bee stings (swelling)', 'Penicillin')).toBe('bee stings (swelling), Penicillin');
    expect(appendEntry('Peanuts, bee stings  ', 'Latex')).toBe('Peanuts, bee stings, Latex');
  });

  it('does not double a comma or semicolon the owner already typed', () => {
    expect(appendEntry('Peanuts,', 'Latex')).toBe('Peanuts, Latex');
    expect(appendEntry('Peanuts; ', 'Latex')).toBe('Peanuts; Latex');
  });

  it('puts the entry on the new line the owner started', () => {
    expect(appendEntry('Peanuts\nBee stings\n', 'Latex')).toBe('Peanuts\nBee stings\nLatex');
    expect(appendEntry('Peanuts\n  ', 'Latex')).toBe('Peanuts\nLatex');
  });

  it('leaves the text as it is when it already names the entry, whatever its case or accents', () => {
    expect(appendEntry('penicillin, peanuts', 'Penicillin')).toBe('penicillin, peanuts');
    expect(appendEntry('Peanuts\nPÉNICILLIN ', 'Penicillin')).toBe('Peanuts\nPÉNICILLIN ');
  });

  it('adds an entry the text only mentions inside another one', () => {
    expect(namesEntry('Penicillin-like rash', 'Penicillin')).toBe(false);
    expect(appendEntry('Penicillin-like rash', 'Penicillin')).toBe('Penicillin-like rash, Penicillin');
  });
});

describe('the picked entries a field still names', () => {
  const penicillin = term('Penicillin', '764146007');
  const peanuts = term('Peanuts', '762952008');

  it('keeps the picked order and leaves out one the owner deleted', () => {
    expect(pickedTermsIn('Peanuts, Penicillin', [penicillin, peanuts])).toEqual([penicillin, peanuts]);
    expect(pickedTermsIn('Penicillin-like rash, latex', [penicillin, peanuts])).toEqual([]);
  });
});
