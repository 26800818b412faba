import { describe, expect, it } from 'vitest';
import { attr, embedCode, embedUrl } from './embed';

describe('embed code', () => {
  const base = 'https://example.org/lockstep/';
  it('points the iframe at embed.html with the lesson, variant, schedule, step and language', () => {
    expect(embedUrl(base, { lesson: 'some-lesson' })).toBe(
      'https://example.org/lockstep/embed.html?lesson=some-lesson',
    );
    expect(
      embedUrl('https://example.org/lockstep', {
        lesson: 'some-lesson',
        variant: 'correct',
        schedule: 'v1.AgMA',
        step: 3,
        lang: 'zh-CN',
      }),
    ).toBe(
      'https://example.org/lockstep/embed.html?lesson=some-lesson&variant=correct&schedule=v1.AgMA&step=3&lang=zh-CN',
    );
  });
  it('writes both snippets, attributes escaped', () => {
    const code = embedCode(
      base,
      { lesson: 'some-lesson', schedule: 'v1.AgMA', step: 3 },
      'Lockstep: "quotes" & <tags>',
    );
    expect(code.iframe.split('\n')[0]).toBe(
      '<iframe id="lockstep-some-lesson" src="https://example.org/lockstep/embed.html?lesson=some-lesson&amp;schedule=v1.AgMA&amp;step=3"' +
        ' title="Lockstep: &quot;quotes&quot; &amp; &lt;tags&gt;" width="100%" height="760" style="border:0" loading="lazy"></iframe>',
    );
    // the lines that fit the frame to the lesson's height messages (no fixed height)
    expect(code.iframe).toContain("var f = document.getElementById('lockstep-some-lesson');");
    expect(code.iframe).toContain("e.data.type === 'height'");
    expect(code.iframe).toContain("f.style.height = e.data.height + 'px';");
    expect(code.iframe.trim().endsWith('</script>')).toBe(true);
    expect(code.element).toBe(
      '<script src="https://example.org/lockstep/lockstep-embed.js" defer></script>\n' +
        '<lockstep-lesson lesson="some-lesson" schedule="v1.AgMA" step="3"></lockstep-lesson>',
    );
  });
  it('leaves the step out without a schedule', () => {
    expect(embedCode(base, { lesson: 'x', step: 5 }, 't').element).toContain('<lockstep-lesson lesson="x">');
  });
  it('escapes what HTML would read', () => {
    expect(attr('a"b<c>&d')).toBe('a&quot;b&lt;c&gt;&amp;d');
  });
});
