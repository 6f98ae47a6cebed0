import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';

/** Whether any message is older than a day: the demo's history has been seeded already. */
export async function hasHistory(db: DbOrTx): Promise<boolean> {
  // Both drivers answer raw SQL with `rows`; the union of their result types does not say so.
  // exists: the first such message answers; a count read every message on each demo start.
  const answer: unknown = await db.execute(
    sql`select exists (select 1 from messages where created_at < now() - interval '1 day') as seeded`,
  );
  return (answer as { rows: { seeded: boolean }[] }).rows[0]?.seeded === true;
}

/**
 * Spreads every message over the last `days` days in send order (seq): message i of n lands on
 * day days·i/n ago, at an hour between 7:00 and 22:00 that varies from message to message, so days
 * and hours both look lived in; threads stay after their message. Conversations' last-message
 * times follow.
 */
export async function spreadOverDays(db: DbOrTx, days: number): Promise<void> {
  await db.execute(sql`
    with ranked as (
      select id, row_number() over (order by seq) - 1 as i, count(*) over () as n from messages
    ), placed as (
      select id,
        date_trunc('day', now()) - make_interval(days => ${days})
          + make_interval(days => floor(${days} * i / n)::int)
          + make_interval(mins => (7 * 60 + ((i * 97) % (15 * 60)))::int) as at
      from ranked
    )
    update messages m set created_at = least(placed.at, now()), updated_at = least(placed.at, now())
    from placed where m.id = placed.id`);
  await db.execute(sql`
    update conversations c set last_message_at = latest.at
    from (select conversation_id, max(created_at) as at from messages group by conversation_id) latest
    where c.id = latest.conversation_id`);
}
