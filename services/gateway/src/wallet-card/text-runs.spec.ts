import { textRuns, visualOrder } from './text-runs.js';

const shown = (text: string) => visualOrder(textRuns(text)).map(({ text, script }) => [script, text]);

describe('textRuns', () => {
  it('gives each script its own run, spaces inside a script staying with it', () => {
    expect(textRuns('Layla ليلى حداد 王小明 अमित शर्मा').map(({ script, text }) => [script, text])).toEqual([
      ['latin', 'Layla '],
      ['arabic', 'ليلى حداد'],
      ['latin', ' '],
      ['han', '王小明'],
      ['latin', ' '],
      ['devanagari', 'अमित शर्मा'],
    ]);
  });

  it('keeps vowel signs and the virama with their consonant, and CJK punctuation with the Han', () => {
    expect(textRuns('शर्मा')).toEqual([{ text: 'शर्मा', script: 'devanagari', rtl: false }]);
    expect(textRuns('青霉素、花生。')).toEqual([{ text: '青霉素、花生。', script: 'han', rtl: false }]);
  });

  it('marks Arabic right to left, and draws Cyrillic and Greek with the Latin font', () => {
    expect(textRuns('حداد')[0]).toMatchObject({ rtl: true });
    expect(textRuns('Хаддад Ωμέγα')).toEqual([{ text: 'Хаддад Ωμέγα', script: 'latin', rtl: false }]);
  });
});

describe('visualOrder', () => {
  it('keeps the written order on a line with left-to-right letters', () => {
    expect(shown('سارة حداد (Wife) +44 7700')).toEqual([
      ['arabic', 'سارة حداد'],
      ['latin', ' (Wife) +44 7700'],
    ]);
  });

  it('lays out right-to-left text from the right, numbers and punctuation after it on the left', () => {
    expect(shown('ليلى حداد، 1980')).toEqual([
      ['latin', ' 1980'],
      ['arabic', 'ليلى حداد،'],
    ]);
  });
});
