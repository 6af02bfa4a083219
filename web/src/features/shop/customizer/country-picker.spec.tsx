import { fireEvent, render, screen } from '@testing-library/react';
import { CountryPicker } from './country-picker';

const COUNTRIES = [
  { code: 'CA', name: 'Canada' },
  { code: 'US', name: 'United States' },
  { code: 'GB', name: 'United Kingdom' },
];

function pickerWith(value: string) {
  render(<CountryPicker countries={COUNTRIES} value={value} onChange={() => undefined} />);
  return screen.getByLabelText('Search countries');
}

describe('the country picker', () => {
  it('says nothing is missing when the search finds the chosen country', () => {
    fireEvent.change(pickerWith('US'), { target: { value: 'united st' } });
    expect(screen.queryByText(/No country matches/)).toBeNull();
    expect(screen.getByRole('option', { name: 'United States' })).toBeTruthy();
  });

  it('says so when no country matches, the chosen one kept in the list', () => {
    fireEvent.change(pickerWith('US'), { target: { value: 'atlantis' } });
    expect(screen.getByText('No country matches "atlantis".')).toBeTruthy();
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toContain('United States');
  });
});
