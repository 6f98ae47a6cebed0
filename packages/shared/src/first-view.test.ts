import { describe, expect, it } from 'vitest';
import {
  conversationIdOfPath,
  firstPageDataBlock,
  firstSessionDataBlock,
  renderFirstView,
} from './first-view.ts';

const row = { authorName: 'Ama Owusu', authorAvatar: null, text: 'hi', fileName: null, linkPreview: null };
const card = {
  url: 'https://news.example/garden',
  canonicalUrl: 'https://news.example/garden',
  title: 'Roof <garden> opens',
  description: 'Saturday at ten',
  siteName: 'Block News',
  image: 'data:image/webp;base64,AAAA',
  imageWidth: 160,
  imageHeight: 80,
};
const view = {
  path: '/main_dashboard/conversations/channel/c1',
  title: 'lobby',
  isChannel: true,
  hiddenText: 'Hidden.',
};

describe('R-DELIVERY-11: the first view', () => {
  it('knows a conversation page by its path and nothing else', () => {
    expect(conversationIdOfPath('/main_dashboard/conversations/channel/c1')).toBe('c1');
    expect(conversationIdOfPath('/main_dashboard/conversations/direct/d%201')).toBe('d 1');
    expect(conversationIdOfPath('/main_dashboard/conversations/channel/c1/details')).toBeNull();
    expect(conversationIdOfPath('/main_dashboard/conversations/group/c1')).toBeNull();
    expect(conversationIdOfPath('/main_dashboard/conversations/channel/%E0%A4%A')).toBeNull();
  });

  it('lays text out as the app does before its markdown loads: paragraphs and line breaks, all escaped', () => {
    const html = renderFirstView({ ...view, rows: [{ ...row, text: 'one\ntwo\n\n<b>three</b> & "four"' }] });
    expect(html).toContain('<p>one<br>two</p><p>&lt;b&gt;three&lt;/b&gt; &amp; &quot;four&quot;</p>');
  });

  it('shows initials without a picture, the app’s own pictures only, and hidden text as hidden', () => {
    const html = renderFirstView({
      ...view,
      rows: [
        row,
        { ...row, authorAvatar: '/api/avatars/a.webp' },
        { ...row, authorAvatar: 'https://elsewhere.example/a.png' },
        { ...row, text: null, fileName: 'secret.pdf' },
      ],
    });
    expect(html).toContain('>AO</span>');
    expect(html).toContain('<img src="/api/avatars/a.webp"');
    expect(html).not.toContain('elsewhere.example');
    expect(html).toContain('Hidden.');
    expect(html).not.toContain('secret.pdf');
  });

  it('R-PREVIEW-6: draws a message’s link card as the app does, its thumbnail’s space reserved; none where the text is hidden', () => {
    const html = renderFirstView({
      ...view,
      rows: [{ ...row, text: 'see https://news.example/garden', linkPreview: card }],
    });
    // 160 × 80 fits 96 × 72 at 96 × 48, as the app's card reserves it.
    expect(html).toContain(
      '<img src="data:image/webp;base64,AAAA" alt="" width="96" height="48" style="width:96px;height:48px"',
    );
    expect(html).toContain('Block News');
    expect(html).toContain('Roof &lt;garden&gt; opens');
    expect(html).toContain(
      'href="https://news.example/garden" target="_blank" rel="noopener noreferrer nofollow"',
    );
    const hidden = renderFirstView({ ...view, rows: [{ ...row, text: null, linkPreview: card }] });
    expect(hidden).not.toContain('Roof');
    // A card without an image reserves nothing; an address that is no web address is no link.
    const bare = renderFirstView({
      ...view,
      rows: [
        {
          ...row,
          linkPreview: { ...card, image: null, canonicalUrl: 'javascript:alert(1)', url: 'javascript:x' },
        },
      ],
    });
    expect(bare).not.toContain('<img');
    expect(bare).not.toContain('javascript:');
  });

  it('escapes names, titles and the path', () => {
    const html = renderFirstView({
      ...view,
      path: '/x"><script>',
      title: '<script>alert(1)</script>',
      rows: [{ ...row, authorName: '"><img src=x>' }],
    });
    expect(html).not.toMatch(/<script|<img src=x/);
  });

  it('keeps the data block closed whatever the JSON holds', () => {
    const block = firstPageDataBlock(
      'c"1',
      JSON.stringify({ text: '</script><script>alert(1)</script><!--' }),
    );
    expect(block.match(/<\/script>/g)).toHaveLength(1);
    expect(block).not.toContain('<!--');
    const json = block.slice(block.indexOf('>') + 1, block.lastIndexOf('</script>'));
    expect(JSON.parse(json)).toEqual({ text: '</script><script>alert(1)</script><!--' });
    expect(block).toContain('data-conversation-id="c&quot;1"');
  });

  it('R-DELIVERY-13: keeps the session block closed whatever the user holds', () => {
    const user = { id: 'u1', username: '</script><script>alert(1)</script><!--' };
    const block = firstSessionDataBlock({ user });
    expect(block.match(/<\/script>/g)).toHaveLength(1);
    expect(block).not.toContain('<!--');
    const json = block.slice(block.indexOf('>') + 1, block.lastIndexOf('</script>'));
    expect(JSON.parse(json)).toEqual({ user });
  });
});
