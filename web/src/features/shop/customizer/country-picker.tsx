import type { Country } from '@medical-qr/contracts';
import { useMemo, useState } from 'react';
import { SearchField } from '../../../components/ui/search-field';
import { ChoiceSelect } from '../choice-select';

/** A country whose name contains the search, or whose code is it ("us", "gb"); any case. */
export function countryMatches(country: Country, search: string): boolean {
  const needle = search.trim().toLowerCase();
  return needle === '' || country.name.toLowerCase().includes(needle) || country.code.toLowerCase() === needle;
}

/**
 * The country to ship to (SPEC section 5): a search that narrows the list, and the list itself, in the server's
 * order (CA, US, GB, IN first). The chosen country stays in the list whatever the search.
 */
export function CountryPicker({
  countries,
  value,
  onChange,
  disabled = false,
}: {
  countries: readonly Country[];
  value: string;
  onChange: (code: string) => void;
  disabled?: boolean;
}) {
  const [search, setSearch] = useState('');
  const choices = useMemo(
    () =>
      countries
        .filter((country) => country.code === value || countryMatches(country, search))
        .map((country) => ({ value: country.code, label: country.name })),
    [countries, value, search],
  );
  // The chosen country counts: "united st" with the United States chosen found it.
  const nothingFound = search.trim() !== '' && !countries.some((country) => countryMatches(country, search));

  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <SearchField
        label="Search countries"
        value={search}
        disabled={disabled}
        autoComplete="off"
        onChange={(event) => setSearch(event.target.value)}
        placeholder="e.g. Canada"
      />
      <ChoiceSelect
        label="Country"
        value={value}
        choices={choices}
        onChange={onChange}
        placeholder="Choose a country"
        disabled={disabled}
        hint={nothingFound ? `No country matches "${search.trim()}".` : undefined}
      />
    </div>
  );
}
