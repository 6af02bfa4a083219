import { jest } from '@jest/globals';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../../../test/render-with-providers';
import { notify, type NotifyInput } from './notifications-slice';
import { Toaster } from './toaster';

function setup() {
  const view = renderWithProviders(<Toaster />);
  const show = (input: NotifyInput) => act(() => void view.store.dispatch(notify(input)));
  const wait = (ms: number) => act(() => void jest.advanceTimersByTime(ms));
  return { ...view, show, wait };
}

/** Toast titles as rendered in the notifications region (not the screen-reader announcement copy). */
const visibleTitles = () =>
  Array.from(document.querySelectorAll('[data-type]')).map((toast) => toast.querySelector('div > div')?.textContent);

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('Toaster', () => {
  it('shows the title and description of a notification', () => {
    const { show } = setup();
    show({ type: 'success', title: 'Saved', description: 'Your medical info is up to date.' });
    expect(visibleTitles()).toEqual(['Saved']);
    expect(screen.getAllByText('Your medical info is up to date.').length).toBeGreaterThan(0);
  });

  it('shows one notification at a time: the newest replaces the one on screen', () => {
    const { show } = setup();
    show({ type: 'info', title: 'First message' });
    show({ type: 'error', title: 'Second message' });
    expect(visibleTitles()).toEqual(['Second message']);
  });

  it('closes when "Dismiss notification" is pressed', () => {
    const { show } = setup();
    show({ type: 'warning', title: 'Check your email' });
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(visibleTitles()).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Dismiss notification' })).toBeNull();
  });

  it('goes away after 5 seconds, while an emergency stays for 8', () => {
    const { show, wait } = setup();
    show({ type: 'info', title: 'Heads up' });
    wait(4900);
    expect(visibleTitles()).toEqual(['Heads up']);
    wait(200);
    expect(visibleTitles()).toEqual([]);

    show({ type: 'emergency', title: 'Call emergency services' });
    wait(5100);
    expect(visibleTitles()).toEqual(['Call emergency services']);
    wait(3000);
    expect(visibleTitles()).toEqual([]);
  });

  it('offers a button that runs its action and closes the toast', () => {
    const { show } = setup();
    const onClick = jest.fn();
    show({ type: 'info', title: 'Already registered', action: { label: 'Login', onClick } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(visibleTitles()).toEqual([]);
  });

  it('counts down with a progress bar', () => {
    const { show, wait } = setup();
    show({ type: 'medical', title: 'Record saved' });
    const bar = screen.getByTestId('toast-progress');
    expect(bar.style.width).toBe('100%');
    wait(1000);
    expect(bar.style.width).toBe('80%');
  });
});
