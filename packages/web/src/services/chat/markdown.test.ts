import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown.ts';

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
});
