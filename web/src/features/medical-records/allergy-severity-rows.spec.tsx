import { jest } from '@jest/globals';
import { MAX_CONTACTS_FREE, type MedicalForm } from '@medical-qr/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { completeAnswers, fillMedicalForm } from '../../../test/medical-form';
import { aMedicalRecord } from '../../../test/records-fixtures';
import { renderWithProviders } from '../../../test/render-with-providers';
import { settle } from '../../../test/settle';
import { conflictingAnswers } from './edit-conflict-panel';
import { emptyMedicalForm, medicalFormFromRecord, medicalFormOfRecord } from './medical-form-values';
import { MedicalInfoForm } from './medical-info-form';

function renderForm(initialValues = emptyMedicalForm()) {
  const onSubmit = jest.fn(async (_form: MedicalForm) => null);
  const view = renderWithProviders(
    <MedicalInfoForm
      initialValues={initialValues}
      maxContacts={MAX_CONTACTS_FREE}
      submitLabel="Save"
      pendingLabel="Saving…"
      onSubmit={onSubmit}
    />,
  );
  const allergies = within(view.container).getByLabelText('Allergies') as HTMLTextAreaElement;
  const typeAllergies = (text: string) => fireEvent.change(allergies, { target: { value: text } });
  const severity = (entry: string) => screen.getByRole('combobox', { name: `${entry} severity` }) as HTMLSelectElement;
  /** The entry each severity select is for, from its label, in the order shown. */
  const rows = () => {
    const group = screen.queryByRole('group', { name: 'How severe is each allergy?' });
    if (!group) return [];
    return within(group)
      .getAllByRole('combobox')
      .map((select) => (select as HTMLSelectElement).labels?.[0]?.firstChild?.textContent);
  };
  const submit = async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await settle();
  };
  return { ...view, onSubmit, typeAllergies, severity, rows, submit };
}

describe('the severity of each allergy in the medical form', () => {
  it('offers a severity for each allergy in the text, kept in step as the owner types', () => {
    const { typeAllergies, severity, rows } = renderForm();
    expect(rows()).toEqual([]);

    typeAllergies('Penicillin');
    expect(rows()).toEqual(['Penicillin']);
    expect(severity('Penicillin').value).toBe('');
    expect([...severity('Penicillin').options].map((option) => option.text)).toEqual([
      'Not said',
      'Intolerance',
      'Severe',
      'Anaphylaxis',
    ]);

    typeAllergies('Penicillin, peanuts; Latex\nPEANUTS, None known');
    // Each entry once, and no severity for "None known".
    expect(rows()).toEqual(['Penicillin', 'peanuts', 'Latex']);
  });

  it('sends the chosen severities for the entries the text names, and none for one since removed', async () => {
    const { container, typeAllergies, severity, submit, onSubmit } = renderForm();
    fillMedicalForm(container, { ...completeAnswers, allergies: 'Penicillin, peanuts, latex' });
    fireEvent.change(severity('Penicillin'), { target: { value: 'anaphylaxis' } });
    fireEvent.change(severity('peanuts'), { target: { value: 'severe' } });
    fireEvent.change(severity('latex'), { target: { value: 'intolerance' } });
    fireEvent.change(severity('latex'), { target: { value: '' } });
    typeAllergies('Penicillin, latex');
    await submit();

    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      allergies: 'Penicillin, latex',
      allergySeverities: [{ entry: 'Penicillin', severity: 'anaphylaxis' }],
    });
  });

  it('keeps a choice while its entry is deleted and typed again before saving', () => {
    const { typeAllergies, severity } = renderForm();
    typeAllergies('Peanuts');
    fireEvent.change(severity('Peanuts'), { target: { value: 'severe' } });
    typeAllergies('');
    typeAllergies('peanuts');
    expect(severity('peanuts').value).toBe('severe');
  });

  it('shows the saved severities of a record, and none for one saved before them', () => {
    const record = aMedicalRecord({
      allergies: 'Latex, Penicillin',
      allergySeverities: [{ entry: 'Penicillin', severity: 'anaphylaxis' }],
    });
    const { severity, unmount } = renderForm(medicalFormFromRecord(record, []));
    expect(severity('Penicillin').value).toBe('anaphylaxis');
    expect(severity('Latex').value).toBe('');
    unmount();

    const { allergySeverities: _none, ...older } = record;
    const fromBefore = renderForm(medicalFormFromRecord(older as typeof record, []));
    expect(fromBefore.severity('Penicillin').value).toBe('');
  });
});

describe('comparing allergy severities in an edit conflict', () => {
  it('lists each side’s severities as a person reads them', () => {
    const saved = aMedicalRecord({
      allergies: 'Penicillin, Latex',
      allergySeverities: [{ entry: 'Penicillin', severity: 'severe' }],
    });
    const mine = {
      ...medicalFormOfRecord(saved),
      allergySeverities: [
        { entry: 'Penicillin', severity: 'anaphylaxis' as const },
        { entry: 'Latex', severity: 'intolerance' as const },
      ],
    };
    expect(conflictingAnswers(mine, saved)).toEqual([
      { label: 'Allergy severity', mine: 'Penicillin: Anaphylaxis; Latex: Intolerance', saved: 'Penicillin: Severe' },
    ]);
  });
});
