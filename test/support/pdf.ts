import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A PDF's first page as a PNG (poppler's pdftoppm), and its text (pdftotext). */
export function pdfPage(pdf: Buffer, dpi: number): { png: Buffer; text: string; pages: number } {
  const folder = mkdtempSync(join(tmpdir(), 'pdf-page-'));
  try {
    const file = join(folder, 'document.pdf');
    writeFileSync(file, pdf);
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      String(dpi),
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      file,
      join(folder, 'page'),
    ]);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    return { png: readFileSync(join(folder, 'page.png')), text, pages: Number(/^Pages:\s+(\d+)/m.exec(info)![1]) };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
