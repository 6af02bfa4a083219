export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'share-failed' | 'copy-failed';

/**
 * Shares a link with the Web Share API where the device has it, else copies it to the clipboard.
 * Closing the share sheet is `cancelled`, not a failure.
 */
export async function shareLink({
  title,
  text,
  url,
}: {
  title: string;
  text?: string;
  url: string;
}): Promise<ShareOutcome> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, text, url });
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
      return 'share-failed';
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    return 'copied';
  } catch {
    return 'copy-failed';
  }
}
