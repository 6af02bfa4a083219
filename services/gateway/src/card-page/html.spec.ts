import { escapeHtml, html } from './html.js';

// Under another name, so the formatter leaves these templates as written.
const tag = html;

describe('html', () => {
  it('escapes every interpolated value, in text and in quoted attributes', () => {
    const value = `<script>alert("x")</script>&'`;
    expect(tag`<p title="${value}">${value}</p>`.markup).toBe(
      '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;</p>',
    );
  });

  it('drops right-to-left overrides and other invisible controls from what it escapes, keeping newlines', () => {
    expect(tag`<p>${'Allergies: \u202Enillicinep\u202C\u2066x\u2069\u0007\u009B\nnone'}</p>`.markup).toBe(
      '<p>Allergies: nillicinepx\nnone</p>',
    );
  });

  it('keeps markup it built itself, joins lists, and leaves out empty values', () => {
    const items = ['a<b', 'c'].map((item) => tag`<li>${item}</li>`);
    expect(tag`<ul>${items}</ul>${null}${undefined}${false}${0}`.markup).toBe('<ul><li>a&lt;b</li><li>c</li></ul>0');
    expect(escapeHtml('plain')).toBe('plain');
  });
});
