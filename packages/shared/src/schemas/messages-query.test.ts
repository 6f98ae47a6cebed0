import { describe, expect, it } from 'vitest';
import { messagesQuerySchema } from './chat.ts';

const id = '0190b7d2-1c4e-7a6b-8c3d-2e1f0a9b8c7d';
const date = '2025-03-01T10:00:00.000Z';
/** The path of the first issue, or null when the query is valid. */
const refusedField = (query: Record<string, string>) => {
  const result = messagesQuerySchema.safeParse(query);
  return result.success ? null : (result.error.issues[0]?.path.join('.') ?? '');
};

describe('messages query: the paging modes', () => {
  it('accepts no cursor, before, after and around on their own, with the default page size', () => {
    expect(messagesQuerySchema.parse({}).limit).toBe(20);
    expect(refusedField({ beforeDate: date, beforeId: id })).toBeNull();
    expect(refusedField({ afterDate: date, afterId: id })).toBeNull();
    expect(refusedField({ afterDate: date })).toBeNull();
    expect(refusedField({ around: id, limit: '30' })).toBeNull();
  });

  it('refuses two modes at once, naming the field of the second', () => {
    expect(refusedField({ beforeDate: date, afterDate: date })).toBe('afterDate');
    expect(refusedField({ beforeId: id, afterId: id, afterDate: date })).toBe('afterDate');
    expect(refusedField({ afterDate: date, around: id })).toBe('around');
    expect(refusedField({ beforeDate: date, around: id })).toBe('around');
  });

  it('refuses an after id without its date, and ids that are not uuids', () => {
    expect(refusedField({ afterId: id })).toBe('afterDate');
    expect(refusedField({ around: 'm1' })).toBe('around');
    expect(refusedField({ afterDate: date, afterId: '42' })).toBe('afterId');
  });
});
