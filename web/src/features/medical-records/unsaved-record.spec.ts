import { aMedicalRecord, savedBeforeFirstMinuteFacts } from '../../../test/records-fixtures';
import { medicalFormOfRecord } from './medical-form-values';
import { keepUnsavedRecord, unsavedRecordFor } from './unsaved-record';

describe('a form kept when the session ended', () => {
  afterEach(() => sessionStorage.clear());

  it('comes back with what was typed in the new fields', () => {
    const form = {
      ...medicalFormOfRecord(aMedicalRecord()),
      dateOfBirth: '1984-07-02',
      resuscitationStatus: 'directive' as const,
      directiveLocation: 'Kitchen drawer',
      interpreterNeeded: false,
    };
    keepUnsavedRecord('user-1', { recordId: 'record-1', form });
    expect(unsavedRecordFor('user-1', 'record-1')).toEqual(form);
  });

  it('kept before the form asked for them, reads date of birth, resuscitation and interpreter as not stated', () => {
    const older = savedBeforeFirstMinuteFacts(medicalFormOfRecord(aMedicalRecord()));
    sessionStorage.setItem(
      'medical-qr-unsaved:medical-record',
      JSON.stringify({ userId: 'user-1', value: { recordId: 'record-1', form: older } }),
    );
    expect(unsavedRecordFor('user-1', 'record-1')).toEqual({
      ...older,
      dateOfBirth: null,
      resuscitationStatus: 'not_stated',
      directiveLocation: '',
      interpreterNeeded: null,
    });
  });
});
