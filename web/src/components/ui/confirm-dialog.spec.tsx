import '../../../test/dom-polyfills';
import { jest } from '@jest/globals';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from './confirm-dialog';

function Asking({ pending = false, onConfirm }: { pending?: boolean; onConfirm: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete
      </button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete this QR code?"
        description="This cannot be undone."
        confirmLabel="Delete QR Code"
        pendingLabel="Deleting…"
        confirmIcon={Trash2}
        pending={pending}
        onConfirm={onConfirm}
      />
    </>
  );
}

describe('ConfirmDialog', () => {
  it('asks with its title and text, runs the action on Confirm', () => {
    const onConfirm = jest.fn();
    render(<Asking onConfirm={onConfirm} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));

    const dialog = screen.getByRole('dialog', { name: 'Delete this QR code?' });
    expect(dialog.getAttribute('aria-describedby')).not.toBeNull();
    expect(document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'This cannot be undone.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete QR Code' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('closes on Cancel and gives focus back to what opened it', async () => {
    render(<Asking onConfirm={() => undefined} />);
    const opener = screen.getByRole('button', { name: 'Delete' });
    opener.focus();
    fireEvent.click(opener);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });

  it('while the action runs, says so and neither button nor Escape lets the person out', () => {
    const { rerender } = render(<Asking onConfirm={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    rerender(<Asking pending onConfirm={() => undefined} />);

    const action = screen.getByRole<HTMLButtonElement>('button', { name: 'Deleting…' });
    expect(action.disabled).toBe(true);
    expect(action.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Cancel' }).disabled).toBe(true);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'Delete this QR code?' })).toBeTruthy();
  });
});
