import { describe, expect, it } from 'vitest';
import { LEGAL_DOCUMENTS } from '../db/seed-content.ts';
import { sanitizeRichHtml } from './sanitize-html.ts';

/** No executable or loading construct may survive, whatever the spelling. */
function expectInert(html: string) {
  expect(html).not.toMatch(/<\s*(script|style|iframe|img|svg|object|embed|form|input|base|meta)/i);
  expect(html).not.toMatch(/\son\w+\s*=/i);
  expect(html).not.toMatch(/javascript:|vbscript:|data:/i);
  expect(html).not.toMatch(/\s(style|class|id|src|srcset|target|formaction)\s*=/i);
}

describe('sanitizeRichHtml', () => {
  it('keeps the document structure the legal pages use', () => {
    const html =
      '<h2>1. Title</h2><h3>Sub</h3><h4>Minor</h4><p>Text <strong>bold</strong> <em>it</em> <b>b</b> <i>i</i><br>line</p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>quote</blockquote><code>x</code>' +
      '<table><thead><tr><th colspan="2">Head</th></tr></thead><tbody><tr><td rowspan="3">Cell</td></tr></tbody></table>';
    expect(sanitizeRichHtml(html)).toBe(html.replace('<br>', '<br />'));
  });

  it('leaves the bundled legal documents unchanged', () => {
    for (const doc of LEGAL_DOCUMENTS) {
      const clean = sanitizeRichHtml(doc.html);
      expect(clean.replace(/\s+/g, ' '), doc.slug).toBe(
        doc.html.trim().replace(/<br>/g, '<br />').replace(/\s+/g, ' '),
      );
    }
  });

  it.each([
    ['script tag', '<p>Hi</p><script>alert(1)</script>', '<p>Hi</p>'],
    ['script in odd case and spacing', '<ScRiPt >alert(1)</sCrIpT\n>ok', 'ok'],
    ['unclosed script', '<p>a</p><script>alert(1)', '<p>a</p>'],
    ['style block', '<style>body{display:none}</style><p>x</p>', '<p>x</p>'],
    ['inline style and class', '<p style="position:fixed" class="x" id="y">x</p>', '<p>x</p>'],
    ['event handler', '<p onclick="alert(1)" onmouseover=alert(1)>x</p>', '<p>x</p>'],
    ['image with onerror', '<img src=x onerror=alert(1)>text', 'text'],
    ['svg with onload', '<svg onload=alert(1)><text>t</text></svg>after', 'after'],
    ['svg with script', '<svg><script>alert(1)</script></svg>', ''],
    [
      'math namespace confusion',
      '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
      '',
    ],
    ['iframe', '<iframe src="https://evil.example"></iframe>x', 'x'],
    ['iframe srcdoc', '<iframe srcdoc="<script>alert(1)</script>"></iframe>', ''],
    ['object and embed', '<object data="x.swf"></object><embed src="x.swf">y', 'y'],
    ['form and input', '<form action="https://evil.example"><input name=a></form>z', 'z'],
    ['base tag', '<base href="https://evil.example/">p', 'p'],
    ['meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">p', 'p'],
    ['comment', '<!-- <script>alert(1)</script> -->x', 'x'],
    ['CDATA', '<![CDATA[<script>alert(1)</script>]]>x', 'x'],
    ['noscript breakout', '<noscript><p title="</noscript><img src=x onerror=alert(1)>">', ''],
    ['template', '<template><script>alert(1)</script></template>x', 'x'],
    ['textarea breakout', '<textarea></textarea><script>alert(1)</script>', ''],
    ['unknown tags unwrapped', '<div><span><font>kept</font></span></div>', 'kept'],
  ])('drops %s', (_name, dirty, clean) => {
    const result = sanitizeRichHtml(dirty);
    expect(result).toBe(clean);
    expectInert(result);
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java&#x09;script:alert(1)',
    '&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)',
    'jav&#x0A;ascript:alert(1)',
    '\u0001javascript:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    '//evil.example/path',
    '/\\evil.example',
    '/\t/evil.example',
    '\\\\evil.example',
    'ftp://files.example',
    'relative/path',
    '',
  ])('unwraps a link to %j, keeping its text', (href) => {
    const result = sanitizeRichHtml(`<p><a href="${href}">click</a></p>`);
    expect(result).toBe('<p>click</p>');
    expectInert(result);
  });

  it('keeps web, mail and site links; outside links get rel and never a target', () => {
    expect(
      sanitizeRichHtml(
        '<a href="https://ico.org.uk" target="_blank" rel="opener" onclick="x()">ICO</a>',
      ),
    ).toBe('<a href="https://ico.org.uk" rel="noopener noreferrer">ICO</a>');
    expect(sanitizeRichHtml('<a href="http://example.com/a?b=1&amp;c=2">e</a>')).toBe(
      '<a href="http://example.com/a?b=1&amp;c=2" rel="noopener noreferrer">e</a>',
    );
    expect(sanitizeRichHtml('<a href="mailto:privacy@waj.co.uk" rel="x">m</a>')).toBe(
      '<a href="mailto:privacy@waj.co.uk">m</a>',
    );
    expect(sanitizeRichHtml('<a href="/legal/terms">t</a>')).toBe('<a href="/legal/terms">t</a>');
    expect(sanitizeRichHtml('<a href="#section-2">s</a>')).toBe('<a href="#section-2">s</a>');
  });

  it('closes every link right when refused and kept links share a level', () => {
    expect(
      sanitizeRichHtml(
        '<p><a href="javascript:x">a</a> <a href="/b">b</a> <a href="data:x">c</a> <a href="https://d.example">d</a></p><p><a href="/e">e</a></p>',
      ),
    ).toBe(
      '<p>a <a href="/b">b</a> c <a href="https://d.example" rel="noopener noreferrer">d</a></p><p><a href="/e">e</a></p>',
    );
    expect(
      sanitizeRichHtml('<p><a href="javascript:x"><b>bold</b> text</a><a href="/f">f</a></p>'),
    ).toBe('<p><b>bold</b> text<a href="/f">f</a></p>');
  });

  it('escapes attribute breakouts and text that looks like markup', () => {
    const result = sanitizeRichHtml('<a href="/x&quot; onclick=&quot;alert(1)">x</a>');
    expect(result).toBe('<a href="/x&quot; onclick=&quot;alert(1)">x</a>');
    expect(sanitizeRichHtml('<p>1 &lt; 2 &amp;&amp; <b>3 &gt; 2</b></p>')).toBe(
      '<p>1 &lt; 2 &amp;&amp; <b>3 &gt; 2</b></p>',
    );
  });

  it('keeps only small whole-number spans on table cells', () => {
    expect(sanitizeRichHtml('<td colspan="2" rowspan="x" width="9">c</td>')).toBe(
      '<td colspan="2">c</td>',
    );
    expect(sanitizeRichHtml('<th colspan="99999" rowspan="0" onclick="x">c</th>')).toBe(
      '<th>c</th>',
    );
  });

  it('is idempotent, so sanitising again on read changes nothing', () => {
    const dirty =
      '<h2 onclick=x>T</h2><p><a href="https://a.example" target=_blank>a</a><img src=x></p><script>1</script>';
    const once = sanitizeRichHtml(dirty);
    expect(sanitizeRichHtml(once)).toBe(once);
  });
});
