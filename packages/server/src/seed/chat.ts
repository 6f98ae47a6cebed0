import { writeFile } from 'node:fs/promises';
import type { UserRow } from '../db/schema/index.ts';
import type { Context } from '../context.ts';
import { readableConversationIds } from '../access/index.ts';
import { createConversation } from '../conversations/service.ts';
import type { UploadedFile } from '../files/uploaded-file.ts';
import { incomingPath } from '../files/storage.ts';
import { flagMessage, likeMessage, sendMessage } from '../messages/service.ts';
import { quietContext } from './quiet.ts';

/** Channels of the demo community: name, description, then [author index, text, replies?] lines. */
type Line = [number, string, [number, string][]?];
const CHANNELS: { name: string; description: string; lines: Line[] }[] = [
  {
    name: 'general',
    description: 'Everything about life at Maple Court',
    lines: [
      [0, 'Welcome to the Maple Court chat! Introduce yourselves 👋'],
      [
        1,
        'Hi all, Priya from 3C. Moved in last month with my cat Miso.',
        [[0, 'Welcome Priya! Miso is adorable, saw her in the window.']],
      ],
      [2, 'Reminder: the front door buzzer is fixed, thanks to whoever reported it.'],
      [
        3,
        'Does anyone know if the gym is open on holidays?',
        [
          [1, 'It is, 6am to 10pm.'],
          [3, 'Perfect, thanks!'],
        ],
      ],
    ],
  },
  {
    name: 'events',
    description: 'Potlucks, movie nights and the rooftop calendar',
    lines: [
      [
        0,
        'Rooftop potluck this Saturday at 6pm. Bring a dish and a chair!',
        [
          [2, 'I will bring lemonade and the big speaker.'],
          [4, 'Count me in, making dumplings.'],
        ],
      ],
      [4, 'Movie night in the lounge on Friday: we are voting between Paddington 2 and Amélie.'],
    ],
  },
  {
    name: 'lost-and-found',
    description: 'Keys, gloves, parcels that wandered off',
    lines: [
      [2, 'Found a set of keys with a blue carabiner near the mailboxes. Left them with the front desk.'],
      [3, 'Has anyone seen a grey umbrella in the lobby? Left it Tuesday.'],
    ],
  },
  {
    name: 'maintenance',
    description: 'Repairs, outages and building notices',
    lines: [
      [
        0,
        'Water will be shut off Thursday 9am–12pm for the boiler inspection.',
        [[1, 'Thanks for the heads-up @Admin!']],
      ],
      [3, 'The elevator on the east side is making a grinding noise again.'],
      [2, 'Laundry schedule for the renovation weeks attached.'],
    ],
  },
  {
    name: 'pets',
    description: 'Dogs, cats and the occasional parrot',
    lines: [
      [1, 'Miso escaped into the hallway again, sorry to the 3rd floor 🙈'],
      [
        4,
        'Dog park meetup Sunday morning? Biscuit needs friends.',
        [[2, 'Yes! Pepper and I will be there at 9.']],
      ],
    ],
  },
];

const DIRECTS: [number, number, [number, string][]][] = [
  [
    1,
    2,
    [
      [1, 'Hey, could you water my plants while I travel next week?'],
      [2, 'Of course, leave the key under the mat.'],
      [1, 'You are the best, thank you!'],
    ],
  ],
  [
    3,
    4,
    [
      [4, 'Is your parking spot free this weekend? My parents are visiting.'],
      [3, 'It is, go ahead.'],
    ],
  ],
];

/** Stages a text file under UPLOAD_DIR/incoming as if a resident had just uploaded it. */
async function textFile(uploadDir: string, fileName: string, text: string): Promise<UploadedFile> {
  const received = await incomingPath(uploadDir);
  await writeFile(received, text);
  return { fieldName: 'file', fileName, path: received, size: Buffer.byteLength(text) };
}

/**
 * Fills the demo community with channels, direct chats, threads, likes, a text attachment and a
 * flagged message. Goes through the chat services so seq, mentions and participants are real.
 * Needs at least two users; does nothing when channels already exist.
 */
export async function seedChat(app: Context, users: UserRow[]): Promise<void> {
  const people = users.filter((u) => !u.isLocked);
  if (people.length < 2) return;
  const first = people[0] as UserRow;
  const ctx = quietContext(app);
  const db = ctx.db;
  if ((await readableConversationIds(db, { ...first, role: 'admin' })).length > 0) return;
  const uploadDir = ctx.config.UPLOAD_DIR;
  const who = (index: number) => people[index % people.length] as UserRow;

  for (const channel of CHANNELS) {
    const { conversation } = await createConversation(
      ctx,
      first,
      { type: 'channel', name: channel.name, description: channel.description, participantIds: [] },
      undefined,
    );
    for (const [author, text, replies] of channel.lines) {
      const attachment = text.includes('attached')
        ? await textFile(
            uploadDir,
            'laundry-schedule.txt',
            'Mon/Wed: floors 1-3\nTue/Thu: floors 4-6\nFri: everyone, 8am-8pm\n',
          )
        : undefined;
      const { message } = await sendMessage(ctx, who(author), conversation.id, { content: text }, attachment);
      for (const [replier, reply] of replies ?? []) {
        await sendMessage(
          ctx,
          who(replier),
          conversation.id,
          { content: reply, parentMessageId: message.id },
          undefined,
        );
      }
      // A few likes from the next two neighbours make the feed look lived in.
      for (const liker of [author + 1, author + 2]) {
        if (who(liker).id !== who(author).id)
          await likeMessage(ctx, who(liker), message.id).catch(() => undefined);
      }
      // A neighbour reports it: its author cannot.
      if (text.includes('grinding noise') && who(author + 1).id !== who(author).id)
        await flagMessage(ctx, who(author + 1), conversation.id, message.id);
    }
  }
  for (const [a, b, lines] of DIRECTS) {
    if (who(a).id === who(b).id) continue;
    const { conversation } = await createConversation(
      ctx,
      who(a),
      { type: 'direct', participantIds: [who(b).id], name: '', description: '' },
      undefined,
    );
    for (const [author, text] of lines)
      await sendMessage(ctx, who(author), conversation.id, { content: text }, undefined);
  }
}
