import type { StoredRecord } from '../records/records.repository.js';
import { historyPage, matchesSearch } from './history-page.js';

function record(n: number, details: Partial<StoredRecord['details']> = {}): StoredRecord {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    token: `token${n}`,
    reference: null,
    label: '',
    userId: null,
    details: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phoneNumber: null,
      gender: 'female',
      bloodGroup: 'O+',
      allergies: '',
      allergySeverities: [],
      medicalConditions: '',
      organDonor: null,
      medications: '',
      devices: '',
      languagesSpoken: '',
      careDirectives: '',
      dateOfBirth: null,
      resuscitationStatus: 'not_stated',
      directiveLocation: '',
      interpreterNeeded: null,
      writtenIn: 'en',
      ...details,
    },
    hasGivenConsent: true,
    isActive: true,
    isExpired: false,
    isReplaced: false,
    expiresAt: null,
    createdAt: new Date(),
    factsCheckedAt: new Date(),
    version: 1,
    contacts: [],
  };
}

describe('premium history search and paging', () => {
  it('matches blood group, allergies and conditions as case-insensitive substrings, and nothing else', () => {
    const penicillin = record(1, { allergies: 'Penicillin, latex' });
    expect(matchesSearch(penicillin, 'PENICILLIN')).toBe(true);
    expect(matchesSearch(penicillin, 'tex')).toBe(true);
    expect(matchesSearch(record(2, { bloodGroup: 'AB-' }), 'ab-')).toBe(true);
    expect(matchesSearch(record(3, { medicalConditions: 'Type 1 diabetes' }), 'Diabetes')).toBe(true);
    // Names, medications and other fields are not searched.
    expect(matchesSearch(record(4, { medications: 'Insulin' }), 'insulin')).toBe(false);
    expect(matchesSearch(record(5), 'ada')).toBe(false);
  });

  it('matches everything when the search is empty or blank', () => {
    expect(matchesSearch(record(1), '')).toBe(true);
    expect(matchesSearch(record(1), '   ')).toBe(true);
  });

  it('pages after filtering: the total counts every match, the page holds its slice in order', () => {
    const records = Array.from({ length: 23 }, (_, i) => record(i, { allergies: i % 2 === 0 ? 'Peanuts' : 'None' }));
    const first = historyPage(records, { page: 1, limit: 5, search: 'peanut' });
    expect(first.total).toBe(12);
    expect(first.records.map((r) => r.token)).toEqual(['token0', 'token2', 'token4', 'token6', 'token8']);
    const last = historyPage(records, { page: 3, limit: 5, search: 'peanut' });
    expect(last.records.map((r) => r.token)).toEqual(['token20', 'token22']);
    expect(historyPage(records, { page: 4, limit: 5, search: 'peanut' })).toEqual({ records: [], total: 12 });
    expect(historyPage(records, { page: 1, limit: 10, search: '' }).total).toBe(23);
  });
});
