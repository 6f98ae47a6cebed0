import { PGlite, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PreparedPglite } from './pglite-statements.ts';

let pg: PGlite;

beforeAll(async () => {
  pg = await PGlite.create('memory://');
  await pg.exec(
    `create table notes (id int primary key, body text not null, at timestamptz not null default now())`,
  );
});
afterAll(async () => pg.close());

describe('PreparedPglite (embedded database statements)', () => {
  it('answers exactly as PGlite’s own query does, in object and array row modes, with custom parsers', async () => {
    const client = new PreparedPglite(pg);
    await client.query('insert into notes (id, body) values ($1, $2)', [1, 'bins out Thursday']);
    const text = 'select id, body, at from notes where id = $1';
    expect(await client.query(text, [1])).toEqual(await pg.query(text, [1]));
    const asArrays = { rowMode: 'array' as const, parsers: { [types.TIMESTAMPTZ]: (v: string) => v } };
    expect(await client.query(text, [1], asArrays)).toEqual(await pg.query(text, [1], asArrays));
    const [row] = (await client.query<unknown[]>(text, [1], asArrays)).rows;
    expect(typeof row?.[2]).toBe('string');
  });

  it('prepares a text once and reuses it; beyond the cache size the least recently used one is closed', async () => {
    const client = new PreparedPglite(pg, 2);
    await client.query('select 1 as a');
    await client.query('select 2 as b');
    await client.query('select 1 as a');
    expect(client.preparedCount).toBe(2);
    await client.query('select 3 as c'); // evicts "select 2"
    expect(client.preparedCount).toBe(2);
    const names = await pg.query<{ name: string; statement: string }>(
      `select name, statement from pg_prepared_statements where statement like 'select _ as _'`,
    );
    expect(names.rows.map((r) => r.statement).sort()).toEqual(['select 1 as a', 'select 3 as c']);
    expect((await client.query<{ b: number }>('select 2 as b')).rows).toEqual([{ b: 2 }]);
  });

  it('a failing statement throws the database error and leaves the engine usable', async () => {
    const client = new PreparedPglite(pg);
    const insert = 'insert into notes (id, body) values ($1, $2)';
    await client.query(insert, [2, 'first']);
    await expect(client.query(insert, [2, 'again'])).rejects.toMatchObject({ code: '23505' });
    await expect(client.query('select nope from notes')).rejects.toMatchObject({ code: '42703' });
    // The first insert stands, the duplicate left nothing (counted by id: other tests add notes too).
    const count = 'select count(*)::int as n from notes where id = 2';
    expect((await client.query<{ n: number }>(count)).rows[0]?.n).toBe(1);
  });

  it('a query issued while a transaction runs waits for it instead of joining it', async () => {
    const client = new PreparedPglite(pg);
    const order: string[] = [];
    let queued: Promise<unknown> = Promise.resolve();
    await client.transaction(async (tx) => {
      await tx.query(`insert into notes (id, body) values (10, 'in the transaction')`);
      queued = client.query('select count(*)::int as n from notes where id = 10').then((r) => {
        order.push(`outside saw ${(r.rows[0] as { n: number }).n}`);
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
      order.push('transaction done');
      await tx.rollback();
    });
    await queued;
    expect(order).toEqual(['transaction done', 'outside saw 0']);
  });
});
