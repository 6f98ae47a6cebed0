// This test needs a page of its own (packages/web/vitest.shared.ts): it tests what happens the
// first time the modules load.
import { cleanup, render, waitFor } from '@testing-library/react';
import { useLayoutEffect, useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadMarkdown, useMarkdown } from './use-markdown.ts';

function Text({ source }: { source: string }) {
  return <div data-testid="text" dangerouslySetInnerHTML={{ __html: useMarkdown(source) }} />;
}

/** Rendered after the text: its layout effect sees the first commit as the page has it. */
function FirstCommit({ seen }: { seen: string[] }) {
  useLayoutEffect(() => {
    seen.push(document.querySelector('[data-testid="text"]')!.innerHTML);
  }, [seen]);
  return null;
}

afterEach(cleanup);

describe('useMarkdown (R-DELIVERY-12)', () => {
  it('shows the first screen as plain text, then markdown; later text as markdown at once', async () => {
    await loadMarkdown();
    const first: string[] = [];
    render(
      <>
        <Text source="the parcel room is **open**" />
        <FirstCommit seen={first} />
      </>,
    );
    expect(first).toEqual(['<p>the parcel room is **open**</p>']);
    await waitFor(() =>
      expect(document.querySelector('[data-testid="text"] strong')?.textContent).toBe('open'),
    );
    cleanup();

    const later: string[] = [];
    render(
      <>
        <Text source="now **closed**" />
        <FirstCommit seen={later} />
      </>,
    );
    expect(later[0]).toContain('<strong>closed</strong>');
  });

  it('switches a long first screen over several tasks, the newest text first', async () => {
    vi.resetModules();
    const fresh = await import('./use-markdown.ts');
    await fresh.loadMarkdown();
    function FreshText({ source }: { source: string }) {
      return <div data-testid="text" dangerouslySetInnerHTML={{ __html: fresh.useMarkdown(source) }} />;
    }
    const sources = Array.from({ length: 60 }, (_, i) => `message ${i} is **here**`);
    render(
      <>
        {sources.map((source) => (
          <FreshText key={source} source={source} />
        ))}
      </>,
    );
    const texts = () => [...document.querySelectorAll('[data-testid="text"]')];
    expect(texts().filter((text) => text.querySelector('strong'))).toHaveLength(0);
    // The newest (last) text is markdown while the oldest still waits for its turn.
    await waitFor(() => expect(texts()[59]!.querySelector('strong')).not.toBeNull());
    expect(texts()[0]!.querySelector('strong')).toBeNull();
    await waitFor(() => expect(texts().filter((text) => text.querySelector('strong'))).toHaveLength(60), {
      timeout: 10_000,
    });
    expect(texts()[0]!.innerHTML).toContain('<p>message 0 is <strong>here</strong></p>');
  });

  it('turns a first-screen text that names its element into markdown once it is near the view', async () => {
    vi.resetModules();
    const fresh = await import('./use-markdown.ts');
    await fresh.loadMarkdown();
    // jsdom has no IntersectionObserver: this one reports what the test says is near the view.
    const observed: Element[] = [];
    let report: ((entries: { target: Element; isIntersecting: boolean }[]) => void) | null = null;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: typeof report) {
          report = callback;
        }
        observe(element: Element) {
          observed.push(element);
        }
        unobserve(element: Element) {
          observed.splice(observed.indexOf(element), 1);
        }
      },
    );
    try {
      function Watched({ id, source }: { id: string; source: string }) {
        const element = useRef<HTMLDivElement>(null);
        const html = fresh.useMarkdown(source, [], element);
        return <div ref={element} data-testid={id} dangerouslySetInnerHTML={{ __html: html }} />;
      }
      render(
        <div data-message-list>
          <Watched id="above" source="an older **message**" />
          <Watched id="near" source="the newest **message**" />
        </div>,
      );
      const text = (id: string) => document.querySelector(`[data-testid="${id}"]`)!;
      await waitFor(() => expect(observed).toHaveLength(2));
      report!([{ target: text('near'), isIntersecting: true }]);
      await waitFor(() => expect(text('near').querySelector('strong')).not.toBeNull());
      // Nothing said the older one came near: it stays as the first view drew it.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(text('above').innerHTML).toBe('<p>an older **message**</p>');
      report!([{ target: text('above'), isIntersecting: true }]);
      await waitFor(() => expect(text('above').querySelector('strong')).not.toBeNull());
      expect(observed).toHaveLength(0);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
