/**
 * Saves a file the page already holds (a data: or blob: URL) under the given name, through a
 * temporary download link. Throws when the browser refuses.
 */
export function saveFile(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
  }
}

/** How long a blob's URL outlives the click: some browsers start the download only after the click returns. */
export const BLOB_URL_LIFETIME_MS = 60_000;

/**
 * Saves a blob the page made (a PDF, an image, an export) under the given name, as the browser's own download of a file
 * would: through a temporary blob: URL, revoked once the download has its own copy. Throws when the browser refuses.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  try {
    saveFile(url, fileName);
  } finally {
    window.setTimeout(() => URL.revokeObjectURL(url), BLOB_URL_LIFETIME_MS);
  }
}
