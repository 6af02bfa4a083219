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
