import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/rows.ts';
import { conversations, type ConversationRow } from '../db/schema/index.ts';
import { addParticipants, findConversationFor, insertConversation } from '../conversations/repo.ts';
import { Forbidden } from '../errors.ts';
import { createTestApp, makeAdmin, makeUser, type TestApp } from '../test/helpers.ts';
import { readableConversationIds } from './repo/readable.ts';
import { canRead, canWrite, isAdmin, requireAdmin, type Viewer } from './rules.ts';
import { canReadSql, canWriteSql, viewerParams } from './repo/sql.ts';

const resident = { role: 'resident' as const, isLocked: false };
const admin = { role: 'admin' as const, isLocked: false };

describe('R-ACCESS-1, R-ACCESS-2 (pure)', () => {
  it('direct conversations are readable only by participants, admins included', () => {
    const direct = { type: 'direct' as const, adminHidden: false };
    expect(canRead(direct, resident, true)).toBe(true);
    expect(canRead(direct, resident, false)).toBe(false);
    expect(canRead(direct, admin, false)).toBe(false);
  });
  it('channels are visible to every approved resident unless adminHidden; admins still see hidden ones', () => {
    expect(canRead({ type: 'channel', adminHidden: false }, resident, false)).toBe(true);
    expect(canRead({ type: 'channel', adminHidden: true }, resident, true)).toBe(false);
    expect(canRead({ type: 'channel', adminHidden: true }, admin, false)).toBe(true);
  });
  it('locked users read nothing', () => {
    expect(canRead({ type: 'channel', adminHidden: false }, { role: 'resident', isLocked: true }, true)).toBe(
      false,
    );
  });
  it('isAdmin and requireAdmin agree on the role', () => {
    expect(isAdmin(admin)).toBe(true);
    expect(isAdmin(resident)).toBe(false);
    expect(isAdmin(null)).toBe(false);
    expect(() => requireAdmin(admin)).not.toThrow();
    // A Forbidden is a 403 at the edge (http/errors.test.ts).
    expect(() => requireAdmin(resident)).toThrow(Forbidden);
  });
});

type ViewerCase = 'anonymous' | 'locked' | 'resident participant' | 'resident non-participant' | 'admin';
type ConversationCase = 'direct' | 'channel' | 'hidden channel';

/** What the rule answers, for reading and writing alike (posting follows reading). */
const EXPECTED: Record<ViewerCase, Record<ConversationCase, boolean>> = {
  anonymous: { direct: false, channel: false, 'hidden channel': false },
  // A locked participant: taking part does not let a locked account read anything.
  locked: { direct: false, channel: false, 'hidden channel': false },
  'resident participant': { direct: true, channel: true, 'hidden channel': false },
  'resident non-participant': { direct: false, channel: true, 'hidden channel': false },
  // Not a participant anywhere: a direct conversation stays theirs alone, hidden channels do not.
  admin: { direct: false, channel: true, 'hidden channel': true },
};

describe('the access rule in TypeScript and in SQL', () => {
  let t: TestApp;
  const viewers = new Map<ViewerCase, Viewer | null>();
  const rows = new Map<ConversationCase, ConversationRow>();

  beforeAll(async () => {
    t = await createTestApp();
    const participant = await makeUser(t.app);
    const locked = await makeUser(t.app, { locked: true });
    const other = await makeUser(t.app);
    viewers.set('anonymous', null);
    viewers.set('locked', locked);
    viewers.set('resident participant', participant);
    viewers.set('resident non-participant', other);
    viewers.set('admin', await makeAdmin(t.app));
    const make = async (type: 'direct' | 'channel', name: string) => {
      const row = await insertConversation(t.db, {
        type,
        name,
        description: '',
        createdBy: participant.id,
        directKey: type === 'direct' ? `${participant.id}:${locked.id}` : null,
      });
      if (!row) throw new Error('conversation not inserted');
      await addParticipants(t.db, row.id, [participant.id, locked.id]);
      return row;
    };
    rows.set('direct', await make('direct', ''));
    rows.set('channel', await make('channel', 'access-open'));
    const hidden = await make('channel', 'access-hidden');
    await t.db
      .update(conversations)
      .set({ adminHidden: true })
      .where(sql`id = ${hidden.id}`);
    rows.set('hidden channel', { ...hidden, adminHidden: true });
  });
  afterAll(() => t.close());

  const cases = (Object.keys(EXPECTED) as ViewerCase[]).flatMap((viewer) =>
    (['direct', 'channel', 'hidden channel'] as const).flatMap((conversation) =>
      (['read', 'write'] as const).map((mode) => ({ viewer, conversation, mode })),
    ),
  );

  it.each(cases)('$viewer, $conversation, $mode', async ({ viewer: viewerCase, conversation, mode }) => {
    const viewer = viewers.get(viewerCase) ?? null;
    const row = rows.get(conversation);
    if (!row) throw new Error('missing conversation');
    const expected = EXPECTED[viewerCase][conversation];

    const participant = viewer
      ? (await findConversationFor(t.db, row.id, viewer.id))?.lastReadSeq != null
      : false;
    const inTypeScript = (mode === 'read' ? canRead : canWrite)(row, viewer, participant);

    const fragment = (mode === 'read' ? canReadSql : canWriteSql)('c', viewer ? viewerParams(viewer) : null);
    const result = await t.db.execute(
      sql`select ${fragment} as allowed from ${conversations} c where c.id = ${row.id}`,
    );
    const inSql = rowsOf<{ allowed: boolean }>(result)[0]?.allowed;

    expect(inTypeScript).toBe(expected);
    expect(inSql).toBe(expected);
    if (mode === 'read' && viewer) {
      // The list form (socket rooms, search, sync) builds on the same fragment.
      expect((await readableConversationIds(t.db, viewer)).includes(row.id)).toBe(expected);
    }
  });
});
