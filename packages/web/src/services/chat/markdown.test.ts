import { describe, expect, it } from 'vitest';
import { Lexer } from 'marked';
import { renderMarkdown, warmUpSteps } from './markdown.ts';

describe('safe markdown rendering', () => {
  it('renders basic markdown', () => {
    expect(renderMarkdown('**bold** and _em_')).toContain('<strong>bold</strong>');
  });

  it('never renders raw HTML', () => {
    const html = renderMarkdown('<img src=x onerror="alert(1)"> <script>alert(1)</script>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<script');
    expect(html).toContain('&lt;script&gt;');
  });

  it('links open in a new tab with rel="noopener noreferrer"', () => {
    const html = renderMarkdown('[site](https://example.com) and https://stoop.test');
    expect(html).toContain('href="https://example.com"');
    expect(html.match(/target="_blank"/g)).toHaveLength(2);
    expect(html.match(/rel="noopener noreferrer"/g)).toHaveLength(2);
  });

  it('drops javascript: links', () => {
    expect(renderMarkdown('[x](javascript:alert(1))')).not.toContain('javascript:');
  });

  it('highlights @mentions outside code', () => {
    const html = renderMarkdown('hi @nadia, see `@code`');
    expect(html).toContain('<span class="mention">@nadia</span>');
    expect(html).toContain('<code>@code</code>');
  });

  it('highlights whole usernames with spaces when the mentioned names are known', () => {
    const html = renderMarkdown('ping @Omar Haddad and @Ann', ['Omar Haddad', 'Ann']);
    expect(html).toContain('<span class="mention">@Omar Haddad</span>');
    expect(html).toContain('<span class="mention">@Ann</span>');
    expect(renderMarkdown('mail ann@example.com', ['example'])).not.toContain('mention');
  });

  it('R-DELIVERY-12: warms every rule the renderer uses, one step each, and changes no output', () => {
    const text =
      '# Notice\n> quoted\n\n- **one**\n- _two_ ~~three~~\n\n| a | b |\n| - | - |\n| 1 | 2 |\nhttps://stoop.test';
    const before = renderMarkdown(text);
    const rules = [...Object.values(Lexer.rules.block.gfm), ...Object.values(Lexer.rules.inline.breaks)];
    const steps = warmUpSteps();
    const expressions = rules.filter((rule) => rule instanceof RegExp);
    expect(steps).toHaveLength(expressions.length + 1);
    const positions = expressions.map((rule) => rule.lastIndex);
    for (const step of steps.slice(0, -1)) step();
    expect(expressions.map((rule) => rule.lastIndex)).toEqual(positions);
    steps.at(-1)?.();
    expect(renderMarkdown(text)).toBe(before);
  });
});
