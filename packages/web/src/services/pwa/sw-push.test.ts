import { describe, expect, it } from 'vitest';
import {
  NOTIFICATION_BADGE,
  NOTIFICATION_ICON,
  notificationFromPush,
  notificationTarget,
  parsePushPayload,
} from './sw-rules.ts';

const push = {
  title: '#general',
  body: 'Alice mentioned you in #general',
  link: '/main_dashboard/conversations/channel/c1#message-m1',
  url: '/main_dashboard/conversations/channel/c1#message-m1',
  tag: 'conversation:c1',
  conversationId: 'c1',
  count: 1,
};

describe('the service worker push rules', () => {
  it('R-PUSH-10: shows title, body, icon, badge, the conversation tag and the link', () => {
    const { title, options } = notificationFromPush(push, 0);
    expect(title).toBe('#general');
    expect(options).toMatchObject({
      body: 'Alice mentioned you in #general',
      icon: NOTIFICATION_ICON,
      badge: NOTIFICATION_BADGE,
      tag: 'conversation:c1',
      data: { link: push.link, count: 1 },
    });
    expect(options.renotify).toBeUndefined();
  });

  it('R-PUSH-10: renotifies when it replaces a notification of the same conversation', () => {
    const { options } = notificationFromPush({ ...push, count: 3, body: '3 new messages' }, 1);
    expect(options).toMatchObject({ tag: 'conversation:c1', renotify: true, data: { count: 3 } });
  });

  it('R-PUSH-10: an untagged push never renotifies; a bare or odd payload still shows something', () => {
    const { options } = notificationFromPush({ title: 'Stoop', body: 'Welcome', link: '/x', count: 1 }, 2);
    expect(options.tag).toBeUndefined();
    expect(options.renotify).toBeUndefined();
    expect(notificationFromPush(null, 0)).toMatchObject({
      title: 'Stoop',
      options: { body: '', data: { link: '/' } },
    });
    expect(notificationFromPush({ title: 7, count: -2 }, 0).options.data).toMatchObject({ count: 1 });
  });

  it('R-PUSH-10: a payload that is not JSON becomes the body', () => {
    const text = { json: () => JSON.parse('not json') as unknown, text: () => 'plain words' };
    expect(parsePushPayload(text)).toEqual({ body: 'plain words' });
    expect(parsePushPayload(null)).toEqual({});
  });

  it('R-PUSH-2: a tap goes to data.link on our origin', () => {
    const origin = 'https://stoop.example';
    const { options } = notificationFromPush(push, 0);
    expect(notificationTarget(options.data, origin)).toBe(`${origin}${push.link}`);
    expect(notificationTarget({ link: '//evil.example/x' }, origin)).toBe(`${origin}/`);
  });
});
