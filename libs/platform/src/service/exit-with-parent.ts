/**
 * A process started by the launcher has an IPC channel to it. When the launcher dies without
 * stopping its children (killed, or a test runner that force-exits), the channel closes and
 * the child shuts itself down instead of living on as an orphan holding ports and connections.
 */
export function exitWithParent(close: () => Promise<unknown>): void {
  if (!process.send) return;
  process.once('disconnect', () => {
    const forceExit = setTimeout(() => process.exit(1), 10_000);
    forceExit.unref();
    void close()
      .catch(() => undefined)
      .finally(() => process.exit(0));
  });
}
