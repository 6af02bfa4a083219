import { render, screen } from '@testing-library/react';
import { Save } from 'lucide-react';
import { Button } from './button';

describe('Button', () => {
  it('says what it does and can be pressed while idle', () => {
    render(
      <Button icon={<Save data-testid="icon" aria-hidden="true" />} pendingText="Saving…">
        Save
      </Button>,
    );

    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Save' });
    expect(button.disabled).toBe(false);
    expect(button.hasAttribute('aria-busy')).toBe(false);
    expect(screen.getByTestId('icon')).toBeTruthy();
  });

  it('while pending, says so, is busy and cannot be pressed again, with the spinner in place of its icon', () => {
    const { container } = render(
      <Button icon={<Save data-testid="icon" aria-hidden="true" />} pending pendingText="Saving…">
        Save
      </Button>,
    );

    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Saving…' });
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByTestId('icon')).toBeNull();
    expect(container.querySelector('svg.animate-spin')).not.toBeNull();
  });

  it('keeps its text while pending when there is no pending text', () => {
    render(
      <Button pending disabled={false}>
        Show more
      </Button>,
    );

    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Show more' });
    expect(button.disabled).toBe(true);
  });
});
