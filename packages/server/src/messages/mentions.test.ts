import { describe, expect, it } from 'vitest';
import { resolveMentions } from './mentions.ts';

const ann = { id: 'a', username: 'Ann' };
const annLee = { id: 'b', username: 'Ann Lee' };
const bob = { id: 'c', username: 'bob_2' };

describe('R-MSG-8: @username resolved on the server', () => {
  it('matches the longest known username after @, case-insensitive', () => {
    expect(resolveMentions('hi @ann lee, see you', [ann, annLee])).toEqual(['b']);
    expect(resolveMentions('hi @ANN!', [ann, annLee])).toEqual(['a']);
  });
  it('requires a word boundary after the name', () => {
    expect(resolveMentions('@annie here', [ann])).toEqual([]);
  });
  it('ignores email addresses and unknown names, and lists each user once', () => {
    expect(resolveMentions('mail ann@x.org or @nobody', [ann])).toEqual([]);
    expect(resolveMentions('@bob_2 and @Bob_2 again, @ann', [ann, bob])).toEqual(['c', 'a']);
  });
});
