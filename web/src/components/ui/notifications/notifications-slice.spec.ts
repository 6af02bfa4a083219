import {
  dismissNotification,
  notificationsSlice,
  notify,
  resolveDuration,
  type NotificationsState,
} from './notifications-slice';

const reduce = (state: NotificationsState | undefined, action: Parameters<typeof notificationsSlice.reducer>[1]) =>
  notificationsSlice.reducer(state, action);

describe('notification rules', () => {
  it('keeps at most one toast: a new one replaces the old', () => {
    let state = reduce(undefined, notify({ type: 'info', title: 'First' }));
    state = reduce(state, notify({ type: 'success', title: 'Second' }));
    expect(state.items.map((item) => item.title)).toEqual(['Second']);
  });

  it('lasts 5 s by default and 8 s for an emergency', () => {
    expect(notify({ type: 'success', title: 'Saved' }).payload.duration).toBe(5000);
    expect(notify({ type: 'emergency', title: 'Call 911' }).payload.duration).toBe(8000);
  });

  it('clamps a requested duration to 4-10 s', () => {
    expect(resolveDuration('info', 1000)).toBe(4000);
    expect(resolveDuration('info', 60_000)).toBe(10_000);
    expect(resolveDuration('info', 7000)).toBe(7000);
    expect(resolveDuration('emergency', Number.NaN)).toBe(8000);
  });

  it('gives every toast its own id and starts it open', () => {
    const first = notify({ type: 'warning', title: 'A', description: 'details' }).payload;
    const second = notify({ type: 'warning', title: 'A' }).payload;
    expect(first.id).not.toBe(second.id);
    expect(first).toMatchObject({ open: true, description: 'details' });
  });

  it('closes a dismissed toast and leaves others alone', () => {
    const action = notify({ type: 'error', title: 'Failed' });
    let state = reduce(undefined, action);
    state = reduce(state, dismissNotification('someone-else'));
    expect(state.items[0]?.open).toBe(true);
    state = reduce(state, dismissNotification(action.payload.id));
    expect(state.items[0]?.open).toBe(false);
  });
});
