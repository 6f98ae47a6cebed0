import { cleanup, render, waitFor } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
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
});
