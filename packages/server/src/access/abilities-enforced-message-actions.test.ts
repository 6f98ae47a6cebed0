import { describe, expect, it } from 'vitest';
import { messageResponseSchema, threadSchema, type Message, type MessageAbilities } from '@stoop/shared';
import type { LightMyRequestResponse } from 'fastify';
import { enforcedCommunity, messageInState, type MessageState, type Who } from './testing.ts';
import { call } from '../test/http.ts';

/**
 * R-ACCESS-9 for a message's moderation, report, reactions and card: its `hide` ability is what
 * hide and unhide honour, `report` what the flag call honours, `react` what like, unlike, react and
 * taking a reaction back honour, and `edit` what removing its link preview honours (R-PREVIEW-5).
 * As in abilities-enforced.test.ts, each call gets a message made afresh in its state, its ability
 * is read as the viewer got it, then the call is made: it takes effect exactly when the ability
 * said so, and a refusal is a 4xx.
 */

const t = enforcedCommunity();
const { as } = t;
const EMOJI = '👍';

type State = MessageState;
type Action = 'hide' | 'unhide' | 'report' | 'like' | 'unlike' | 'react' | 'unreact' | 'remove preview';
type Ability = keyof Pick<MessageAbilities, 'hide' | 'report' | 'react' | 'edit'>;

/** The ability each call stands for. */
const abilityOf: Record<Action, Ability> = {
  hide: 'hide',
  unhide: 'hide',
  report: 'report',
  like: 'react',
  unlike: 'react',
  react: 'react',
  unreact: 'react',
  'remove preview': 'edit',
};

/**
 * A message in `state`. For unlike and unreact the viewer liked it and reacted to it while it was
 * still live, so that taking either back has something to take.
 */
function messageIn(state: State, viewer: Who, action: Action): Promise<string> {
  const headers = as(viewer).headers;
  return messageInState(t, state, async (id) => {
    if (action === 'unlike') {
      const res = await call(t.c.app, 'POST', `/api/messages/${id}/like`, undefined, headers);
      expect(res.statusCode).toBe(200);
    } else if (action === 'unreact') {
      const res = await call(t.c.app, 'POST', `/api/messages/${id}/reactions`, { emoji: EMOJI }, headers);
      expect(res.statusCode).toBe(200);
    }
  });
}

function callFor(action: Action, id: string, headers: Record<string, string>) {
  const reaction = `/api/messages/${id}/reactions`;
  switch (action) {
    case 'hide':
    case 'unhide':
      return call(t.c.app, 'POST', `/api/admin/messages/${id}/${action}`, undefined, headers);
    case 'report':
      return call(t.c.app, 'POST', `/api/conversations/${t.channelId}/flag`, { messageId: id }, headers);
    case 'like':
      return call(t.c.app, 'POST', `/api/messages/${id}/like`, undefined, headers);
    case 'unlike':
      return call(t.c.app, 'DELETE', `/api/messages/${id}/like`, undefined, headers);
    case 'react':
      return call(t.c.app, 'POST', reaction, { emoji: EMOJI }, headers);
    case 'unreact':
      return call(t.c.app, 'DELETE', `${reaction}/${encodeURIComponent(EMOJI)}`, undefined, headers);
    case 'remove preview':
      return call(t.c.app, 'DELETE', `/api/messages/${id}/link-preview`, undefined, headers);
  }
}

/** What the call, once answered 200, shows it did for `userId`. */
function changed(action: Action, message: Message, userId: string): boolean {
  const reacted = (message.reactions ?? []).some((r) => r.emoji === EMOJI && r.userIds.includes(userId));
  switch (action) {
    case 'hide':
      return message.metadata.adminHidden;
    case 'unhide':
      return !message.metadata.adminHidden;
    case 'report':
      return [...message.metadata.userFlaggedBy, ...message.metadata.adminFlaggedBy].includes(userId);
    case 'like':
      return message.likedBy.includes(userId);
    case 'unlike':
      return !message.likedBy.includes(userId);
    case 'react':
      return reacted;
    case 'unreact':
      return !reacted;
    case 'remove preview':
      return message.linkPreview === null;
  }
}

/**
 * A refused call says why with a 4xx, never a 5xx: 403 or 404 as the other calls, or the 400 that
 * a like or reaction on a message hidden from the caller has always answered.
 */
function tookEffect(res: LightMyRequestResponse, action: Action, userId: string): boolean {
  if (res.statusCode !== 200) {
    expect([400, 403, 404, 409], res.body).toContain(res.statusCode);
    return false;
  }
  return changed(action, messageResponseSchema.parse(res.json()).message, userId);
}

describe('R-ACCESS-9, R-PREVIEW-5 a message’s hide, report, react and edit abilities are what hide, report, reactions and removing its card honour', () => {
  // [state, viewer, what the viewer is expected to be sent]
  const cases: [State, Who, Pick<MessageAbilities, Ability>][] = [
    ['live', 'alice', { edit: true, hide: false, report: false, react: true }],
    ['live', 'bob', { edit: false, hide: false, report: true, react: true }],
    ['live', 'admin', { edit: false, hide: true, report: true, react: true }],
    ['hidden', 'alice', { edit: true, hide: false, report: false, react: true }],
    ['hidden', 'bob', { edit: false, hide: false, report: true, react: false }],
    ['hidden', 'admin', { edit: false, hide: true, report: true, react: true }],
    ['deleted', 'alice', { edit: false, hide: false, report: false, react: false }],
    ['deleted', 'bob', { edit: false, hide: false, report: false, react: false }],
    ['deleted', 'admin', { edit: false, hide: false, report: false, react: false }],
    ['from a data source', 'admin', { edit: false, hide: true, report: true, react: true }],
    ['from a data source', 'alice', { edit: false, hide: false, report: true, react: true }],
    ['the admin’s own', 'admin', { edit: true, hide: true, report: false, react: true }],
    ['the admin’s own', 'alice', { edit: false, hide: false, report: true, react: true }],
  ];

  it.each(cases)('%s message, %s: %o', async (state, who, expected) => {
    const { headers, id: userId } = as(who);
    for (const action of Object.keys(abilityOf) as Action[]) {
      const ability = abilityOf[action];
      const id = await messageIn(state, who, action);
      const seen = await call(t.c.app, 'GET', `/api/messages/${id}/thread`, undefined, headers);
      expect(seen.statusCode, seen.body).toBe(200);
      const abilities = threadSchema.parse(seen.json()).parent.abilities;
      expect(abilities?.[ability], `${action}: ${ability}`).toBe(expected[ability]);
      const res = await callFor(action, id, headers);
      expect(tookEffect(res, action, userId), `${action}: ${res.statusCode} ${res.body}`).toBe(
        abilities?.[ability],
      );
    }
  });
});
