import { within } from '@testing-library/dom';
import type { EmergencyCard } from '@medical-qr/contracts';
import { CardTexts, renderCard, renderNotFound } from './render-card';

const card: EmergencyCard = {
  firstName: 'Imogen',
  lastName: 'Vasquez',
  email: 'imogen@example.com',
  phoneNumber: '+44 20 7946 0958',
  gender: 'prefer-not-to-say',
  bloodGroup: 'AB-',
  allergies: 'Penicillin',
  medicalConditions: '',
  organDonor: true,
  emergencyContacts: [
    { id: '1', name: 'Sam', phone: '555-0100', relationship: 'Friend', isPrimary: false },
    { id: '2', name: 'Bart', phone: '+44 (0) 7700-900123', relationship: 'Brother', isPrimary: true },
  ],
  createdAt: '2026-11-23T10:00:00Z',
  expiresAt: null,
};

describe('emergency card page', () => {
  it('shows blood group and allergies before anything else, then contacts with Call and SMS', () => {
    const view = within(renderCard(card, { canShare: false }));
    const text = view.getByRole('heading', { level: 1 }).closest('article')!.textContent!;
    expect(text.indexOf('AB-')).toBeLessThan(text.indexOf('Penicillin'));
    expect(text.indexOf('Penicillin')).toBeLessThan(text.indexOf('Emergency contacts'));
    expect(view.getByRole('heading', { level: 1 }).textContent).toBe('Imogen Vasquez');
    expect(view.getByText('Prefer not to say')).toBeTruthy();
    expect(view.getByText('Yes')).toBeTruthy();
    expect(view.getByText('None recorded')).toBeTruthy();

    // The primary contact comes first; numbers are dialled with digits only (a leading + kept).
    const calls = view.getAllByRole('link', { name: /^Call / });
    expect(calls.map((link) => [link.getAttribute('aria-label'), link.getAttribute('href')])).toEqual([
      ['Call Bart', 'tel:+4407700900123'],
      ['Call Sam', 'tel:5550100'],
    ]);
    expect(view.getByRole('link', { name: 'Send a text message to Sam' }).getAttribute('href')).toBe('sms:5550100');
    expect(view.getByText('Primary')).toBeTruthy();
    expect(view.getByRole('button', { name: 'Print' })).toBeTruthy();
    expect(view.getByRole('link', { name: CardTexts.createOwn }).getAttribute('href')).toBe('/');
  });

  it('offers Share only where the device can share', () => {
    expect(within(renderCard(card, { canShare: false })).queryByRole('button', { name: 'Share' })).toBeNull();
    expect(within(renderCard(card, { canShare: true })).getByRole('button', { name: 'Share' })).toBeTruthy();
  });

  it('shows what a person wrote as text, never as markup', () => {
    const element = renderCard({ ...card, allergies: '<img src=x onerror=alert(1)>' }, { canShare: false });
    expect(element.querySelector('img')).toBeNull();
    expect(within(element).getByText('<img src=x onerror=alert(1)>')).toBeTruthy();
  });

  it('says plainly when a card cannot be found', () => {
    const view = within(renderNotFound({ canRetry: false }));
    expect(view.getByRole('heading', { name: 'Medical Card Not Found' })).toBeTruthy();
    expect(view.getByText('This emergency medical card could not be found or may have expired.')).toBeTruthy();
    expect(view.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(within(renderNotFound({ canRetry: true })).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
