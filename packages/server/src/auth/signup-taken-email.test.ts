import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NATIVE_CLIENT_HEADER, type User } from '@stoop/shared';
import type { ParsedMail } from 'mailparser';
import { startSmtp, type TestSmtp } from '../mail-notices/testing.ts';
import { hashPassword } from './password.ts';
import { until } from '../realtime/testing.ts';
import { csrfHeaders, createTestApp, makeUser, type TestApp } from '../test/helpers.ts';
import { call } from '../test/http.ts';

let t: TestApp;
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://stoop.example' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const signupBody = (email: string) => ({
  email,
  password: 'long enough password',
  username: 'Curious Visitor',
  acceptTerms: true,
});

/** The mails to `address`: the tests run in any order, and another test's mail may come late. */
const mailsTo = (address: string) =>
  smtp.mails.filter((mail: ParsedMail) =>
    [mail.to].flat().some((to) => to?.value.some((entry) => entry.address === address)),
  );

describe('R-ACCESS-8: sign-up with an email that already has an account', () => {
  it('answers 201 like a new sign-up and mails the owner instead, with the ways to log in or reset', async () => {
    const owner = await makeUser(t.app, { email: 'owner@example.com', username: 'Ada Owner' });
    const res = await call(t.app, 'POST', '/api/signup', signupBody('Owner@Example.com'), csrfHeaders(t.app));
    expect(res.statusCode).toBe(201);
    const user = res.json<{ user: User }>().user;
    expect(user).toMatchObject({
      email: 'owner@example.com',
      username: 'Curious Visitor',
      isLocked: true,
      reasonForLock: 'pending_approval',
    });
    expect(user.id).not.toBe(owner.id);

    await until(() => mailsTo('owner@example.com').length > 0, 8000);
    const [mail, ...more] = mailsTo('owner@example.com');
    expect(more).toEqual([]);
    expect(mail!.to).toMatchObject({ value: [{ address: 'owner@example.com' }] });
    expect(mail!.subject).toBe('Someone tried to sign up to Stoop with your address');
    expect(mail!.text).toContain('Hi Ada Owner,');
    expect(mail!.text).toContain('If it was you, log in or reset your password');
    expect(mail!.text).toContain('https://stoop.example/login');
    expect(mail!.text).toContain('https://stoop.example/forgot-password');
  });

  it('a new email gets no such mail', async () => {
    const res = await call(t.app, 'POST', '/api/signup', signupBody('fresh@example.com'), csrfHeaders(t.app));
    expect(res.statusCode).toBe(201);
    // The taken-email mail goes out before the answer's end is awaited; give it the same time to show.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo('fresh@example.com').map((mail) => mail.subject)).not.toContain(
      'Someone tried to sign up to Stoop with your address',
    );
  });

  it('a native client gets a token of the same shape, which opens nothing', async () => {
    await makeUser(t.app, { email: 'native-owner@example.com' });
    const headers = { ...csrfHeaders(t.app), [NATIVE_CLIENT_HEADER]: 'native' };
    const fresh = await call(t.app, 'POST', '/api/signup', signupBody('native-new@example.com'), headers);
    const taken = await call(t.app, 'POST', '/api/signup', signupBody('native-owner@example.com'), headers);
    expect(taken.statusCode).toBe(fresh.statusCode);
    const [a, b] = [fresh.json<{ token: string }>(), taken.json<{ token: string }>()];
    expect(Object.keys(b).sort()).toEqual(Object.keys(a).sort());
    expect(b.token).toHaveLength(a.token.length);
    const me = await call(t.app, 'GET', '/api/protected/user', undefined, {
      authorization: `Bearer ${b.token}`,
    });
    expect(me.statusCode).toBe(401);
  });

  it('takes at least the time of the password hashing a new sign-up does, so its speed tells nothing', async () => {
    await makeUser(t.app, { email: 'timed@example.com' });
    // The process's CPU time (the hashing runs on threads of this process), not the wall clock: on
    // a machine busy with other suites, waiting for a core stretched either side by chance and a
    // taken email once looked faster than the hashing. What another process does adds no CPU
    // time here; what this one does beside the call only adds to it.
    const timed = async (work: () => Promise<unknown>) => {
      const start = process.cpuUsage();
      await work();
      const used = process.cpuUsage(start);
      return (used.user + used.system) / 1000;
    };
    // Against the hashing itself, not a whole new sign-up, whose database writes cost more than
    // the hashing does. Seven interleaved rounds, medians.
    const hashing: number[] = [];
    const taken: number[] = [];
    const ROUNDS = 7;
    for (let round = 0; round < ROUNDS; round += 1) {
      hashing.push(await timed(() => hashPassword(signupBody('timed@example.com').password)));
      taken.push(
        await timed(() =>
          call(t.app, 'POST', '/api/signup', signupBody('timed@example.com'), csrfHeaders(t.app)),
        ),
      );
    }
    const median = (values: number[]) => values.sort((x, y) => x - y)[(ROUNDS - 1) / 2]!;
    // Without the hashing a taken email answered in a small fraction of the hashing's time.
    expect(median(taken)).toBeGreaterThan(median(hashing) * 0.5);
  });
});
