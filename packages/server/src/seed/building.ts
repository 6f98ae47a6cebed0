import type { UserRow } from '../db/schema/index.ts';
import type { Context } from '../context.ts';
import { quietContext } from './quiet.ts';
import { channelByName } from '../conversations/service.ts';
import { createEvent, rsvp } from '../events/service.ts';
import { createPoll, vote } from '../polls/service.ts';
import { changeStatus, createRequest, listRequests } from '../requests/service.ts';

/**
 * Building life for the demo: the movie-night poll the #events chat talks about, with a few votes,
 * next Saturday's rooftop potluck with its RSVPs, and two requests to the office (one already being handled), so the polls, requests and office
 * screens show something real. Does nothing when any request exists (the seed runs on every demo
 * start). Needs the admin first and at least four approved residents after it.
 */
export async function seedBuilding(app: Context, users: UserRow[]): Promise<void> {
  const [admin, ...people] = users.filter((u) => !u.isLocked);
  if (!admin || people.length < 4) return;
  const ctx = quietContext(app);
  const db = ctx.db;
  const existing = await listRequests(ctx, admin, { page: 1, limit: 1 });
  if (existing.total > 0) return;
  const [priya, marcus, dana, leo] = people as [UserRow, UserRow, UserRow, UserRow];

  const events = await channelByName(db, 'events');
  if (events) {
    const poll = await createPoll(ctx, leo, events.id, {
      question: 'Movie night on Friday: which film?',
      options: ['Paddington 2', 'Amélie', 'Spirited Away'],
      multiple: false,
      anonymous: false,
    });
    const [paddington, amelie] = poll.options;
    if (paddington && amelie) {
      for (const [resident, option] of [
        [priya, paddington],
        [marcus, amelie],
        [dana, paddington],
      ] as const)
        await vote(ctx, resident, poll.id, { optionIds: [option.id] });
    }
  }

  if (events) {
    // Next Saturday, 18:00 to 21:00 UTC: the potluck the #events chat is planning.
    const saturday = new Date();
    saturday.setUTCDate(saturday.getUTCDate() + ((6 - saturday.getUTCDay() + 7) % 7 || 7));
    saturday.setUTCHours(18, 0, 0, 0);
    const potluck = await createEvent(ctx, admin, {
      title: 'Rooftop potluck',
      startsAt: saturday.toISOString(),
      endsAt: new Date(saturday.getTime() + 3 * 3600_000).toISOString(),
      location: 'Roof terrace',
      description: 'Bring a dish to share and a chair. Lemonade and music provided.',
      conversationId: events.id,
    });
    for (const [resident, status] of [
      [marcus, 'going'],
      [dana, 'going'],
      [leo, 'maybe'],
    ] as const)
      await rsvp(ctx, resident, potluck.id, { status });
  }

  const tap = await createRequest(
    ctx,
    priya,
    {
      category: 'maintenance',
      title: 'Kitchen tap drips all night',
      description: 'The cold tap in 3C keeps dripping even when closed tight. Started on Sunday.',
    },
    undefined,
  );
  await changeStatus(ctx, admin, tap.request.id, {
    status: 'in_progress',
    note: 'A plumber is booked for Thursday morning; please leave the kitchen reachable.',
  });
  await createRequest(
    ctx,
    marcus,
    {
      category: 'package',
      title: 'Parcel delivered to the wrong door',
      description:
        'Tracking says it was left at 5B on Monday, but 5B has not seen it. A blue box, about shoebox size.',
    },
    undefined,
  );
}
