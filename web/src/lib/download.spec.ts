import { jest } from '@jest/globals';
import type { Spied } from 'jest-mock';
import { BLOB_URL_LIFETIME_MS, saveBlob, saveFile } from './download';

describe('download', () => {
  const clicked: Array<{ href: string; download: string; inPage: boolean }> = [];
  let click: Spied<HTMLAnchorElement['click']>;

  beforeEach(() => {
    clicked.length = 0;
    click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download, inPage: this.isConnected });
    });
  });

  afterEach(() => {
    click.mockRestore();
    jest.useRealTimers();
  });

  it('saves a data URL under its name through a link that leaves the page afterwards', () => {
    saveFile('data:image/png;base64,AAAA', 'emergency-qr-code.png');

    expect(clicked).toEqual([{ href: 'data:image/png;base64,AAAA', download: 'emergency-qr-code.png', inPage: true }]);
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('saves a blob through a blob URL and revokes the URL only once the download has started', () => {
    jest.useFakeTimers();
    const createObjectURL = jest.fn(() => 'blob:card');
    const revokeObjectURL = jest.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const blob = new Blob(['%PDF'], { type: 'application/pdf' });

    saveBlob(blob, 'wallet-card.pdf');

    expect(createObjectURL).toHaveBeenCalledWith(blob);
    expect(clicked).toEqual([{ href: 'blob:card', download: 'wallet-card.pdf', inPage: true }]);
    expect(revokeObjectURL).not.toHaveBeenCalled();
    jest.advanceTimersByTime(BLOB_URL_LIFETIME_MS);
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:card');
  });

  it('still revokes the URL when the browser refuses the download', () => {
    jest.useFakeTimers();
    const revokeObjectURL = jest.fn();
    Object.assign(URL, { createObjectURL: () => 'blob:refused', revokeObjectURL });
    click.mockImplementation(() => {
      throw new Error('blocked');
    });

    expect(() => saveBlob(new Blob(['x']), 'export.json')).toThrow('blocked');
    jest.runAllTimers();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:refused');
  });
});
