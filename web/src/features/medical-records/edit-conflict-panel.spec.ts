import { aMedicalRecord, savedBeforeFirstMinuteFacts } from '../../../test/records-fixtures';
import { conflictingAnswers } from './edit-conflict-panel';
import { medicalFormOfRecord } from './medical-form-values';

describe('comparing the form with the saved record', () => {
  it('lists date of birth, resuscitation, the directive’s place and interpreter with their labels as a person reads them', () => {
    const saved = aMedicalRecord({
      dateOfBirth: '1984-07-02',
      resuscitationStatus: 'directive',
      directiveLocation: 'Kitchen drawer',
      interpreterNeeded: null,
    });
    const mine = {
      ...medicalFormOfRecord(saved),
      dateOfBirth: '1985-07-02',
      resuscitationStatus: 'dnr' as const,
      directiveLocation: '',
      interpreterNeeded: true,
    };
    const day = (iso: string) =>
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso));

    expect(conflictingAnswers(mine, saved)).toEqual([
      { label: 'Date of birth', mine: day('1985-07-02T00:00:00Z'), saved: day('1984-07-02T00:00:00Z') },
      { label: 'Resuscitation', mine: 'Do not resuscitate (DNR)', saved: 'Advance directive exists' },
      { label: 'Where the directive is kept', mine: '', saved: 'Kitchen drawer' },
      { label: 'Interpreter', mine: 'Interpreter needed', saved: 'Not stated' },
    ]);
  });

  it('lists the language the free text is written in, each named in itself', () => {
    const saved = aMedicalRecord({ writtenIn: 'en' });
    const mine = { ...medicalFormOfRecord(saved), writtenIn: 'es' as const };
    expect(conflictingAnswers(mine, saved)).toEqual([{ label: 'Written in', mine: 'Español', saved: 'English' }]);
  });

  it('reads a record saved before these questions as not stated, the same as a form that leaves them so', () => {
    const older = savedBeforeFirstMinuteFacts(aMedicalRecord());
    const saved = older as ReturnType<typeof aMedicalRecord>;
    expect(conflictingAnswers(medicalFormOfRecord(aMedicalRecord()), saved)).toEqual([]);
    expect(medicalFormOfRecord(saved)).toMatchObject({
      dateOfBirth: null,
      resuscitationStatus: 'not_stated',
      directiveLocation: '',
      interpreterNeeded: null,
    });
  });
});
