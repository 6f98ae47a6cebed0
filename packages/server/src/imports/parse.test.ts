import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setImmediate } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { IMPORT_PARSE_SLICE_LINES } from '@stoop/shared';
import { instantsIn } from './clock.ts';
import { NotAnExport, parseExport } from './parse.ts';

const corpus = (name: string) => readFileSync(path.join(import.meta.dirname, 'corpus', name), 'utf8');

describe('WhatsApp export parser', () => {
  it('R-MOVEIN-2: reads an android export with a 12-hour clock, month first and narrow no-break spaces', async () => {
    const parsed = await parseExport(corpus('android-en-us.txt'));
    expect(parsed.platform).toBe('android');
    expect(parsed.dateOrder).toBe('month-first');
    const messages = parsed.entries.filter((e) => e.kind === 'message');
    expect(messages.map((e) => e.sender)).toEqual([
      'Priya Shah',
      'Tom Becker',
      'Tom Becker',
      '+1 555-0134',
      'Tom Becker',
    ]);
    expect(messages[0]?.text).toBe(
      'Welcome everyone! This group is for the residents of Maple Court 14.\nRules:\n1. Be kind\n2. No ads',
    );
    expect(messages[0]?.at).toEqual({ year: 2023, month: 12, day: 24, hour: 21, minute: 41, second: 0 });
    expect(messages[2]).toMatchObject({
      attachment: 'IMG-20231225-WA0001.jpg',
      text: 'The parcel room door is broken again',
    });
    const system = parsed.entries.filter((e) => e.kind === 'system').map((e) => e.text);
    expect(system).toContain('Tom Becker left');
    expect(system).toContain('<Media omitted>');
    expect(system).toContain('This message was deleted');
    expect(system[0]).toMatch(/end-to-end encrypted/);
    expect(parsed.entries.at(-1)?.at).toMatchObject({ year: 2024, month: 1, day: 2, hour: 7 });
  });

  it('R-MOVEIN-2: reads an ios export with a 24-hour clock, day first, left-to-right marks and attachments', async () => {
    const parsed = await parseExport(corpus('ios-en-gb.txt'));
    expect(parsed.platform).toBe('ios');
    expect(parsed.dateOrder).toBe('day-first');
    const messages = parsed.entries.filter((e) => e.kind === 'message');
    expect(messages.map((e) => [e.sender, e.text])).toEqual([
      ['Priya Shah', 'Welcome everyone!\nPlease keep the hallway free of bikes.'],
      ['Tom Becker', 'Thanks Priya'],
      ['Tom Becker', ''],
      ["Sam O'Neill", 'Bin day moved to Thursday'],
    ]);
    expect(messages[2]?.attachment).toBe('00000012-PHOTO-2023-12-25-08-15-02.jpg');
    const system = parsed.entries.filter((e) => e.kind === 'system');
    // The group's own lines are WhatsApp's, not a sender's.
    expect(system.every((e) => e.sender !== 'Maple Court 14')).toBe(true);
    expect(system.map((e) => e.text)).toEqual(expect.arrayContaining(['Tom Becker left', 'image omitted']));
    expect(messages[0]?.at).toEqual({ year: 2023, month: 12, day: 24, hour: 21, minute: 41, second: 5 });
  });

  it('R-MOVEIN-2: reads a German android export (dotted dates, 24 hours, German system texts)', async () => {
    const parsed = await parseExport(corpus('android-de.txt'));
    expect(parsed).toMatchObject({ platform: 'android', dateOrder: 'day-first' });
    const messages = parsed.entries.filter((e) => e.kind === 'message');
    expect(messages.map((e) => e.sender)).toEqual(['Priya Shah', 'Jürgen Weiß', 'Jürgen Weiß']);
    expect(messages[2]?.attachment).toBe('IMG-20231225-WA0002.jpg');
    expect(parsed.entries.filter((e) => e.kind === 'system')).toHaveLength(4);
  });

  it('R-MOVEIN-2: decides month first from the whole file when no single date tells', async () => {
    // 1/2 and 12/24: only the order of the lines says 1/2/24 is January 2nd, after December 24th.
    const parsed = await parseExport(corpus('ios-en-us.txt'));
    expect(parsed).toMatchObject({ platform: 'ios', dateOrder: 'month-first' });
    const last = parsed.entries.at(-1);
    expect(last).toMatchObject({ sender: 'Tom Becker', text: 'Second line\ncontinues here' });
    expect(last?.at).toMatchObject({ year: 2024, month: 1, day: 2, hour: 7 });
    const ambiguous = await parseExport(
      '3/4/24, 10:00 - A: one\n3/5/24, 10:00 - A: two\n3/6/24, 10:00 - A: three\n',
    );
    expect(ambiguous.dateOrder).toBe('month-first');
  });

  it('R-MOVEIN-6: refuses text that is no export, and an empty one', async () => {
    await expect(parseExport('Dear neighbours,\nthe party is on Friday.')).rejects.toThrow(NotAnExport);
    await expect(parseExport('')).rejects.toThrow(NotAnExport);
  });

  it('R-MOVEIN-3: wall-clock times become instants in the admin’s time zone, summer time included', () => {
    const berlin = instantsIn('Europe/Berlin');
    expect(berlin({ year: 2023, month: 12, day: 24, hour: 21, minute: 41, second: 5 }).toISOString()).toBe(
      '2023-12-24T20:41:05.000Z',
    );
    expect(berlin({ year: 2024, month: 7, day: 1, hour: 12, minute: 0, second: 0 }).toISOString()).toBe(
      '2024-07-01T10:00:00.000Z',
    );
    expect(
      instantsIn('UTC')({ year: 2024, month: 1, day: 2, hour: 7, minute: 2, second: 0 }).toISOString(),
    ).toBe('2024-01-02T07:02:00.000Z');
  });

  it('R-MOVEIN-7: a long export is read in slices, letting other work run before the parse ends', async () => {
    const lines = Array.from(
      { length: 5 * IMPORT_PARSE_SLICE_LINES },
      (_, i) => `1/${(i % 28) + 1}/24, 10:00 - Neighbour ${i % 7}: message ${i}`,
    );
    let turnsMeanwhile = 0;
    let parsing = true;
    const other = (async () => {
      while (parsing) {
        await setImmediate();
        turnsMeanwhile++;
      }
    })();
    const parsed = await parseExport(lines.join('\n'));
    parsing = false;
    await other;
    expect(parsed.entries).toHaveLength(lines.length);
    expect(turnsMeanwhile).toBeGreaterThanOrEqual(5);
  });
});
