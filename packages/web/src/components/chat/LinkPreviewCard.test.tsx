import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LinkPreview } from '@stoop/shared';
import { LinkPreviewCard } from './LinkPreviewCard.tsx';

const removeLinkPreview = vi.fn((_id: string) => Promise.resolve());
vi.mock('../../stores/link-previews.ts', () => ({
  removeLinkPreview: (id: string) => removeLinkPreview(id),
}));

const preview: LinkPreview = {
  url: 'https://news.example.org/garden',
  canonicalUrl: 'https://news.example.org/garden-opens',
  title: 'The roof garden opens',
  description: 'Saturday at ten',
  siteName: 'Block News',
  image: 'data:image/webp;base64,AAAA',
  imageWidth: 160,
  imageHeight: 80,
};

afterEach(() => {
  cleanup();
  removeLinkPreview.mockClear();
});

describe('LinkPreviewCard (R-PREVIEW-6)', () => {
  it('shows site, title as a link without referrer, description, and the stored image in a reserved box', () => {
    render(<LinkPreviewCard messageId="m1" preview={preview} mine={false} />);
    const link = screen.getByRole('link', { name: 'The roof garden opens' });
    expect(link.getAttribute('href')).toBe(preview.canonicalUrl);
    expect(link.getAttribute('rel')).toContain('noreferrer');
    expect(screen.getByText('Block News')).toBeTruthy();
    expect(screen.getByText('Saturday at ten')).toBeTruthy();
    const image = screen.getByTestId('link-preview').querySelector('img')!;
    expect(image.getAttribute('src')).toBe(preview.image);
    // 160 × 80 fitted in 96 × 72: the box is known before the image draws.
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['96', '48']);
    expect(screen.queryByRole('button', { name: 'Remove link preview' })).toBeNull();
  });

  it('R-PREVIEW-5: the author’s card has a ✕ that removes it', async () => {
    render(<LinkPreviewCard messageId="m1" preview={{ ...preview, image: null }} mine />);
    expect(screen.getByTestId('link-preview').querySelector('img')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove link preview' }));
    await waitFor(() => expect(removeLinkPreview).toHaveBeenCalledWith('m1'));
  });
});
