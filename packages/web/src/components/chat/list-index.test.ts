import { describe, expect, it } from 'vitest';
import { nextFirstItemIndex, START_INDEX } from './list-index.ts';

const keys = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `m${from + i}`);

describe('firstItemIndex of a sliding list', () => {
  it('a page prepended on top lowers it by the page length, so the rows on screen keep their index', () => {
    expect(nextFirstItemIndex({ keys: keys(20, 40), firstItemIndex: START_INDEX }, keys(0, 40))).toBe(
      START_INDEX - 20,
    );
  });

  it('rows trimmed off the top raise it by their number', () => {
    expect(nextFirstItemIndex({ keys: keys(0, 200), firstItemIndex: 500 }, keys(20, 220))).toBe(520);
  });

  it('rows added or trimmed at the bottom leave it alone', () => {
    expect(nextFirstItemIndex({ keys: keys(0, 200), firstItemIndex: 500 }, keys(0, 180))).toBe(500);
    expect(nextFirstItemIndex({ keys: keys(0, 200), firstItemIndex: 500 }, keys(0, 201))).toBe(500);
  });

  it('day labels do not anchor: a page of the same day goes in below its label', () => {
    const day = (messages: string[]) => [null, ...messages];
    expect(
      nextFirstItemIndex({ keys: day(keys(20, 40)), firstItemIndex: START_INDEX }, day(keys(0, 40))),
    ).toBe(START_INDEX - 20);
  });

  it('a replaced window (nothing in common) keeps it; the list positions itself anew', () => {
    expect(nextFirstItemIndex({ keys: keys(0, 20), firstItemIndex: 500 }, keys(900, 920))).toBe(500);
  });
});
