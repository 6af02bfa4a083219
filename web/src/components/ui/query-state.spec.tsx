import { jest } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react';
import { QueryState, type QueryStatus } from './query-state';

function renderState(query: QueryStatus<string[]>, keepDataOnError = false) {
  return render(
    <QueryState
      query={query}
      loadingLabel="Loading your cart…"
      error={{ title: 'Cart unavailable', message: 'Your cart could not be loaded.', retryLabel: 'Retry' }}
      errorFrame={(alert) => <div data-testid="frame">{alert}</div>}
      keepDataOnError={keepDataOnError}
      isEmpty={(items) => items.length === 0}
      empty={<p>Your cart is empty</p>}
    >
      {(items) => (
        <ul>
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </QueryState>,
  );
}

describe('QueryState', () => {
  it('says what is loading while the first load runs', () => {
    renderState({ isLoading: true, refetch: () => undefined });

    expect(screen.getByRole('status').textContent).toBe('Loading your cart…');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says the data could not be loaded, in its frame, and Retry asks again', () => {
    const refetch = jest.fn();
    renderState({ isLoading: false, isError: true, refetch });

    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Cart unavailable');
    expect(alert.textContent).toContain('Your cart could not be loaded.');
    expect(screen.getByTestId('frame').contains(alert)).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('shows the empty state when there is nothing to list, else the content', () => {
    const { rerender } = renderState({ isLoading: false, data: [], refetch: () => undefined });
    expect(screen.getByText('Your cart is empty')).toBeTruthy();

    rerender(
      <QueryState query={{ isLoading: false, data: ['Keychain'], refetch: () => undefined }} error={<p>Failed</p>}>
        {(items) => <p>{items.join(', ')}</p>}
      </QueryState>,
    );
    expect(screen.getByText('Keychain')).toBeTruthy();
    expect(screen.queryByText('Your cart is empty')).toBeNull();
  });

  it('after a failed refetch, says so, unless the data on screen is kept', () => {
    renderState({ isLoading: false, isError: true, data: ['Keychain'], refetch: () => undefined });
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(screen.queryByText('Keychain')).toBeNull();
  });

  it('keeps the data on screen after a failed refetch when asked to', () => {
    renderState({ isLoading: false, isError: true, data: ['Keychain'], refetch: () => undefined }, true);
    expect(screen.getByText('Keychain')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows an error of its own in place of the alert', () => {
    render(
      <QueryState query={{ isLoading: false, refetch: () => undefined }} error={<p>No subscription here.</p>}>
        {() => <p>Facts</p>}
      </QueryState>,
    );
    expect(screen.getByText('No subscription here.')).toBeTruthy();
  });
});
