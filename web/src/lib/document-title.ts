import { useEffect } from 'react';

export const APP_NAME = 'Medical QR';

/** "Page · Medical QR": what a tab, a bookmark and a screen reader's page announcement say. */
export function documentTitle(page: string): string {
  return `${page} · ${APP_NAME}`;
}

/** Sets the document title while the screen is shown. */
export function useDocumentTitle(page: string): void {
  useEffect(() => {
    document.title = documentTitle(page);
  }, [page]);
}
