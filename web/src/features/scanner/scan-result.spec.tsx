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

describe('the scan result', () => {
  it('shows every fact and contact, each with Call, and calls the primary contact first, digits only', () => {
    const onScanAnother = jest.fn();
    renderWithProviders(<ScanResult payload={payload} simple={false} onScanAnother={onScanAnother} />);
    const result = within(screen.getByRole('region', { name: 'Medical information' }));
    for (const text of ['Male', 'O-', 'Penicillin', 'No', 'Epilepsy', 'Ana Silva', 'Ben Okoro']) {
      expect(result.getByText(text)).toBeTruthy();
    }
    expect(result.getByRole('link', { name: 'Call Primary Contact' }).getAttribute('href')).toBe('tel:5550101234');
    expect(result.getByRole('link', { name: 'Call Ana Silva' }).getAttribute('href')).toBe('tel:+351912345678');
    fireEvent.click(result.getByRole('button', { name: 'Scan Another' }));
    expect(onScanAnother).toHaveBeenCalledTimes(1);
  });

  it('in the simpler view, shows the critical facts and one contact with Call Emergency Contact', () => {
    const legacy = { ...payload, emergencyContacts: [payload.emergencyContacts[0]!] };
    renderWithProviders(<ScanResult payload={legacy} simple onScanAnother={() => undefined} />);
    const result = within(screen.getByRole('region', { name: 'Medical information' }));
    expect(result.queryByText('Gender')).toBeNull();
    expect(result.getByText('Penicillin')).toBeTruthy();
    expect(result.getByRole('link', { name: 'Call Emergency Contact' }).getAttribute('href')).toBe('tel:+351912345678');
    expect(result.queryByRole('link', { name: 'Call Primary Contact' })).toBeNull();
  });

  it('says when a code lists no contact, and offers no call', () => {
    renderWithProviders(
      <ScanResult payload={{ ...payload, emergencyContacts: [] }} simple={false} onScanAnother={() => undefined} />,
    );
    expect(screen.getByText('No emergency contacts listed.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^Call/ })).toBeNull();
  });
});
