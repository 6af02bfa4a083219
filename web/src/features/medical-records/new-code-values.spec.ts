import { aMedicalRecord } from '../../../test/records-fixtures';
import { emptyMedicalForm } from './medical-form-values';
import { newCodeValues } from './new-code-values';

describe('the form for another code', () => {
  it('starts without the shown person’s date of birth, resuscitation, directive or interpreter', () => {
    const from = aMedicalRecord({
      dateOfBirth: '1984-07-02',
      resuscitationStatus: 'directive',
      directiveLocation: 'Kitchen drawer',
      interpreterNeeded: true,
    });
    expect(newCodeValues(from)).toMatchObject({
      lastName: from.lastName,
      dateOfBirth: '',
      resuscitationStatus: 'not_stated',
      directiveLocation: '',
      interpreterNeeded: null,
    });
    expect(newCodeValues(null)).toEqual(emptyMedicalForm());
  });
});
