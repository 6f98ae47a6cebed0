import { describe, expect, it } from 'vitest';
import { plainExcerpt } from './plain-excerpt.ts';

describe('R-REACH-3 the urgent banner shows plain text', () => {
  it('drops emphasis, code, heading, quote, bullet and link marks and keeps the words', () => {
    expect(plainExcerpt('The water will be **off from 9:00 to 12:00** on _Tuesday_.')).toBe(
      'The water will be off from 9:00 to 12:00 on Tuesday.',
    );
    expect(plainExcerpt('# Lift\n> out of order\n- use the stairs\n1. call `555-0100`')).toBe(
      'Lift\nout of order\nuse the stairs\ncall 555-0100',
    );
    expect(plainExcerpt('See [the notice](https://example.test/n) and ~~old~~ text')).toBe(
      'See the notice and old text',
    );
  });

  it('leaves words with underscores, lone stars and arithmetic alone', () => {
    expect(plainExcerpt('flat_4_b costs 2 * 3 * 4')).toBe('flat_4_b costs 2 * 3 * 4');
  });
});
