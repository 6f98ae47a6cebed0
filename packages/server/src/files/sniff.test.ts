import { describe, expect, it } from 'vitest';
import { sniffType } from './sniff.ts';

const bytes = (...parts: (number[] | string)[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('R-UPLOAD-2: type sniffed from the content', () => {
  it.each([
    ['image/png', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])],
    ['image/jpeg', bytes([0xff, 0xd8, 0xff, 0xe0])],
    ['image/gif', bytes('GIF89a', [1, 0])],
    ['image/webp', bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 ')],
    ['application/pdf', bytes('%PDF-1.7\n')],
    ['application/zip', bytes([0x50, 0x4b, 0x03, 0x04, 0])],
    ['video/mp4', bytes([0, 0, 0, 0x18], 'ftypmp42')],
    ['audio/mpeg', bytes('ID3', [4, 0])],
    ['text/plain', bytes('Laundry room closes at 10pm.\nThanks!')],
    ['application/octet-stream', bytes([0, 1, 2, 3, 0xfe])],
  ])('recognises %s', (type, content) => {
    expect(sniffType(content)).toBe(type);
  });
  it('does not trust a text file pretending to be an image', () => {
    expect(sniffType(bytes('<svg onload=alert(1)>'))).toBe('text/plain');
  });
});
