import { jest } from '@jest/globals';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render-with-providers';
import { ScanResult } from './scan-result';
import type { ScannedPayload } from './scanned-content';

const payload: ScannedPayload = {
  gender: 'male',
  bloodGroup: 'O-',
  allergies: 'Penicillin',
  medicalConditions: 'Epilepsy',
  organDonor: false,
  emergencyContacts: [
    { name: 'Ana Silva', phone: '+351 912 345 678', relationship: 'Sister', isPrimary: false },
    { name: 'Ben Okoro', phone: '(555) 010-1234', relationship: 'Partner', isPrimary: true },
  ],
};

/** A card read by token: the JSON code's facts and the first-minute ones only a card carries. */
const card: ScannedPayload = {
  ...payload,
  name: 'Imogen Vasquez-Thornbury',
  age: 46,
  resuscitationStatus: 'dnr',
  directiveLocation: '',
  medications: 'Levothyroxine 75 mcg; Eliquis 5 mg twice daily; NovoRapid via pump',
  devices: 'Omnipod insulin pump, left abdomen',
  languagesSpoken: 'Catalan, Tagalog',
  interpreterNeeded: true,
  careDirectives: 'Advance directive: with Dr Okonkwo',
};

function resultRegion() {
  return within(screen.getByRole('region', { name: 'Medical information' }));
}

/** The value a `<dl>` of the result gives `label`, or null when the result does not say it. */
function factValue(label: string): string | null {
  const term = resultRegion()
    .queryAllByText(label)
    .find((element) => element.tagName === 'DT');
  return term?.nextElementSibling?.textContent ?? null;
}

/** The names of `elements`, in the order the page shows them. */
function inPageOrder(elements: Array<[string, HTMLElement]>): string[] {
  return [...elements]
    .sort(([, a], [, b]) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))
    .map(([name]) => name);
}

describe('the scan result', () => {
  it('shows every fact and contact, each with Call, and calls the primary contact first, digits only', () => {
    const onScanAnother = jest.fn();
    renderWithProviders(<ScanResult payload={payload} simple={false} onScanAnother={onScanAnother} />);
    const result = resultRegion();
    for (const text of ['Male', 'O-', 'Penicillin', 'No', 'Epilepsy']) {
      expect(result.getByText(text)).toBeTruthy();
    }
    const contacts = within(result.getByRole('link', { name: 'Call Ana Silva' }).closest('ul')!);
    expect(contacts.getByText('Ana Silva')).toBeTruthy();
    expect(contacts.getByText('Ben Okoro')).toBeTruthy();
    const callPrimary = result.getByRole('link', { name: 'Call Primary Contact: Ben Okoro' });
    expect(within(callPrimary).getByText('Call Primary Contact')).toBeTruthy();
    expect(within(callPrimary).getByText('Ben Okoro')).toBeTruthy();
    expect(callPrimary.getAttribute('href')).toBe('tel:5550101234');
    expect(result.getByRole('link', { name: 'Call Ana Silva' }).getAttribute('href')).toBe('tel:+351912345678');
    expect(result.getByRole('link', { name: 'Call Ben Okoro' }).getAttribute('href')).toBe('tel:5550101234');
    fireEvent.click(result.getByRole('button', { name: 'Scan Another' }));
    expect(onScanAnother).toHaveBeenCalledTimes(1);
  });

  it('moves focus to its heading, for keyboard and screen reader users', () => {
    renderWithProviders(<ScanResult payload={card} simple={false} onScanAnother={() => undefined} />);
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Medical information' }));
  });

  it("leads a card's result with the first-minute facts, then Call Primary Contact, then the rest", () => {
    renderWithProviders(<ScanResult payload={card} simple={false} onScanAnother={() => undefined} />);
    const result = resultRegion();
    expect(factValue('Blood group')).toBe('O-');
    expect(factValue('Resuscitation')).toBe('Do not resuscitate (DNR)');
    expect(factValue('Allergies')).toBe('Penicillin');
    expect(factValue('Takes a blood thinner')).toBe('Eliquis');
    expect(factValue('Uses insulin')).toBe('NovoRapid');
    expect(factValue('Devices and implants')).toBe('Omnipod insulin pump, left abdomen');
    expect(factValue('Languages spoken')).toBe('Catalan, Tagalog · Interpreter needed');
    expect(factValue('Care directives')).toBe('Advance directive: with Dr Okonkwo');
    expect(factValue('Medications')).toBe(card.medications!);

    const callPrimary = result.getByRole('link', { name: 'Call Primary Contact: Ben Okoro' });
    expect(callPrimary.getAttribute('href')).toBe('tel:5550101234');
    const term = (label: string): [string, HTMLElement] => [
      label,
      result.getAllByText(label).find((element) => element.tagName === 'DT')!,
    ];
    const expectedOrder: Array<[string, HTMLElement]> = [
      ['name', result.getByText('Imogen Vasquez-Thornbury')],
      ['age', result.getByText('Age 46')],
      term('Blood group'),
      term('Resuscitation'),
      term('Allergies'),
      term('Takes a blood thinner'),
      term('Uses insulin'),
      term('Devices and implants'),
      term('Languages spoken'),
      ['Call Primary Contact', callPrimary],
      term('Care directives'),
      term('Medical conditions'),
      term('Medications'),
      term('Gender'),
      term('Organ donor'),
      ['Call Ana Silva', result.getByRole('link', { name: 'Call Ana Silva' })],
      ['Call Ben Okoro', result.getByRole('link', { name: 'Call Ben Okoro' })],
      ['Scan Another', result.getByRole('button', { name: 'Scan Another' })],
    ];
    expect(inPageOrder(expectedOrder)).toEqual(expectedOrder.map(([name]) => name));
  });

  it('says a resuscitation not stated, where a directive is kept, and an interpreter without languages', () => {
    const { unmount } = renderWithProviders(
      <ScanResult
        payload={{ ...card, resuscitationStatus: 'not_stated', languagesSpoken: '', interpreterNeeded: false }}
        simple={false}
        onScanAnother={() => undefined}
      />,
    );
    expect(factValue('Resuscitation')).toBe('Not stated');
    expect(factValue('Languages spoken')).toBe('No interpreter needed');
    unmount();

    renderWithProviders(
      <ScanResult
        payload={{
          ...card,
          age: null,
          resuscitationStatus: 'directive',
          directiveLocation: 'Signed form in my wallet',
          medications: 'Levothyroxine 75 mcg',
          devices: '',
          languagesSpoken: '',
          interpreterNeeded: null,
          careDirectives: '',
        }}
        simple={false}
        onScanAnother={() => undefined}
      />,
    );
    expect(factValue('Resuscitation')).toBe('Advance directive exists: Signed form in my wallet');
    for (const absent of [
      'Takes a blood thinner',
      'Uses insulin',
      'Devices and implants',
      'Languages spoken',
      'Care directives',
    ]) {
      expect({ absent, value: factValue(absent) }).toEqual({ absent, value: null });
    }
    expect(resultRegion().queryByText(/^Age/)).toBeNull();
  });

  it("shows a JSON code's facts in the same order, leaving out what such a code cannot say", () => {
    renderWithProviders(<ScanResult payload={payload} simple={false} onScanAnother={() => undefined} />);
    for (const absent of ['Resuscitation', 'Takes a blood thinner', 'Devices and implants', 'Languages spoken']) {
      expect({ absent, value: factValue(absent) }).toEqual({ absent, value: null });
    }
    expect(resultRegion().queryByText(/^Age/)).toBeNull();
    const allergies = resultRegion().getByText('Penicillin');
    const callPrimary = resultRegion().getByRole('link', { name: 'Call Primary Contact: Ben Okoro' });
    const conditions = resultRegion().getByText('Epilepsy');
    expect(allergies.compareDocumentPosition(callPrimary) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(callPrimary.compareDocumentPosition(conditions) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('in the simpler view, shows the critical facts and one contact with Call Emergency Contact', () => {
    const legacy = { ...payload, emergencyContacts: [payload.emergencyContacts[0]!] };
    renderWithProviders(<ScanResult payload={legacy} simple onScanAnother={() => undefined} />);
    const result = resultRegion();
    expect(result.queryByText('Gender')).toBeNull();
    expect(result.getByText('Penicillin')).toBeTruthy();
    expect(result.getByRole('link', { name: 'Call Emergency Contact: Ana Silva' }).getAttribute('href')).toBe(
      'tel:+351912345678',
    );
    expect(result.queryByRole('link', { name: /^Call Primary Contact/ })).toBeNull();
  });

  it('says when a code lists no contact, and offers no call', () => {
    renderWithProviders(
      <ScanResult payload={{ ...payload, emergencyContacts: [] }} simple={false} onScanAnother={() => undefined} />,
    );
    expect(screen.getByText('No emergency contacts listed.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^Call/ })).toBeNull();
  });
});
