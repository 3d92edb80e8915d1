import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { openDatabase, type DatabaseHandle } from './client'
import { drainPgliteReplies, ThreadedPglite } from './threaded-pglite'

// The embedded PGlite on its own thread (docs/decisions.md "Issue 16 — PGlite on its own thread"),
// held to what PGlite in this thread answers. PGlite only: on PostgreSQL there is no thread.
describe.skipIf(Boolean(process.env.DATABASE_URL))('PGlite on its own thread', () => {
  let own: DatabaseHandle
  let main: DatabaseHandle
  const client = () => own.db.$client as unknown as ThreadedPglite
  beforeAll(async () => {
    ;[own, main] = await Promise.all([openDatabase({ dataDir: 'memory://' }), openDatabase({ dataDir: 'memory://', thread: 'main' })])
    for (const handle of [own, main]) {
      await handle.db.execute(sql`create table probe (id int primary key, name text not null, at timestamptz, tags text[], doc jsonb, blob bytea, amount numeric(10, 2))`)
      await handle.db.execute(sql`create table deferred_probe (id int primary key, parent int references probe (id) deferrable initially deferred)`)
    }
  })
  afterAll(async () => {
    await own.close()
    await main.close()
  })

  it('runs on a worker thread by default', () => {
    expect(own.db.$client).toBeInstanceOf(ThreadedPglite)
    expect(main.db.$client).not.toBeInstanceOf(ThreadedPglite)
  })

  it('answers the same rows, fields and types as PGlite in this thread, as objects and as arrays', async () => {
    const insert = `insert into probe values ($1, $2, $3, $4, $5, $6, $7) returning *`
    const params = [1, "O'Brien — ₹", '2026-01-02T03:04:05.000Z', ['a', 'b'], JSON.stringify({ a: [1, 2] }), new Uint8Array([0, 255, 7]), '12.50']
    const read = 'select id, name, at, tags, doc, blob, amount, now() > at as later, 2::int8 as big from probe where id = $1'
    const answers = []
    for (const handle of [own, main]) {
      const pglite = handle.db.$client as unknown as ThreadedPglite
      const inserted = await pglite.query(insert, params)
      const rows = await pglite.query(read, [1])
      const arrays = await pglite.query(read, [1], { rowMode: 'array' })
      const drizzled = await handle.db.execute(sql`select name, at from probe where id = ${1}`)
      answers.push({ inserted: inserted.rows, affected: inserted.affectedRows, rows: rows.rows, fields: rows.fields, arrays: arrays.rows, drizzled: (drizzled as unknown as { rows: unknown[] }).rows })
    }
    expect(answers[0]).toEqual(answers[1])
    expect(answers[0]!.rows[0]).toMatchObject({ name: "O'Brien — ₹", tags: ['a', 'b'], doc: { a: [1, 2] }, blob: new Uint8Array([0, 255, 7]), amount: '12.50', later: true })
  })

  it("gives back PostgreSQL's error with its code, constraint, detail and statement, and drizzle wraps it as usual", async () => {
    const duplicate = 'insert into probe (id, name) values ($1, $2)'
    await client().query(duplicate, [2, 'two'])
    const error = await client().query(duplicate, [2, 'again']).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(Error)
    expect(error).toMatchObject({ code: '23505', constraint: 'probe_pkey', detail: 'Key (id)=(2) already exists.', query: duplicate, params: [2, 'again'], table: 'probe' })
    const wrapped = await own.db.execute(sql`insert into probe (id, name) values (${2}, ${'once more'})`).catch((caught: unknown) => caught)
    expect((wrapped as { cause?: unknown }).cause).toMatchObject({ code: '23505', constraint: 'probe_pkey' })
  })

  it('commits a transaction, rolls back one that throws or rolls back, and refuses its queries once it ended', async () => {
    await own.db.transaction(async (tx) => {
      await tx.execute(sql`insert into probe (id, name) values (10, 'kept')`)
    })
    const thrown = new Error('changed my mind')
    await expect(
      own.db.transaction(async (tx) => {
        await tx.execute(sql`insert into probe (id, name) values (11, 'dropped')`)
        throw thrown
      }),
    ).rejects.toBe(thrown)
    let ended: { query: (text: string) => Promise<unknown> } | undefined
    await client().transaction(async (tx) => {
      await tx.query(`insert into probe (id, name) values (12, 'rolled back')`)
      await tx.rollback()
      ended = tx
    })
    await expect(ended!.query('select 1')).rejects.toThrow('Transaction is closed')
    const { rows } = await client().query<{ id: number }>('select id from probe where id between 10 and 12 order by id')
    expect(rows).toEqual([{ id: 10 }])
  })

  it('fails the transaction whose COMMIT fails (a deferred foreign key), with nothing written', async () => {
    const failure = await own.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into deferred_probe values (1, 999)`)
      })
      .catch((caught: unknown) => caught)
    expect(failure).toMatchObject({ code: '23503', constraint: 'deferred_probe_parent_fkey' })
    expect((await client().query('select * from deferred_probe')).rows).toEqual([])
  })

  it('lets one transaction run at a time, as PGlite does: a query from outside waits for it', async () => {
    const order: string[] = []
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const transaction = client().transaction(async (tx) => {
      await tx.query(`insert into probe (id, name) values (20, 'inside')`)
      order.push('inside wrote')
      await held
      order.push('inside ends')
    })
    await new Promise((resolve) => setTimeout(resolve, 20))
    const outside = client()
      .query<{ n: number }>('select count(*)::int as n from probe where id = 20')
      .then(({ rows }) => order.push(`outside read ${rows[0]!.n}`))
    await new Promise((resolve) => setTimeout(resolve, 50))
    release()
    await Promise.all([transaction, outside])
    expect(order).toEqual(['inside wrote', 'inside ends', 'outside read 1'])
  })

  it("sends a transaction's statements behind its BEGIN, without waiting for its reply; each still waits its turn for the lock", async () => {
    const order: string[] = []
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const first = client().transaction(async (tx) => {
      await tx.query(`insert into probe (id, name) values (30, 'first')`)
      order.push('first wrote')
      await held
    })
    await new Promise((resolve) => setTimeout(resolve, 20))
    // The second body starts at once (its BEGIN is not waited for), while the first holds the lock…
    const second = client().transaction(async (tx) => {
      order.push('second started')
      const { rows } = await tx.query<{ n: number }>('select count(*)::int as n from probe where id = 30')
      order.push(`second read ${rows[0]!.n}`)
      await tx.query(`insert into probe (id, name) values (31, 'second')`)
    })
    await new Promise((resolve) => setTimeout(resolve, 50))
    order.push('first released')
    release()
    await Promise.all([first, second])
    // …and its statements run only once the first has committed.
    expect(order).toEqual(['first wrote', 'second started', 'first released', 'second read 1'])
    const { rows } = await client().query<{ id: number }>('select id from probe where id in (30, 31) order by id')
    expect(rows).toEqual([{ id: 30 }, { id: 31 }])
    await client().query('delete from probe where id in (30, 31)')
  })

  it('hears a NOTIFY before the statement that committed it returns, and not after unlistening', async () => {
    const heard: string[] = []
    const unlisten = await own.listen('tf_thread_probe', (payload) => heard.push(payload))
    await own.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify('tf_thread_probe', 'first')`)
    })
    expect(heard).toEqual(['first'])
    await own.db.execute(sql`select pg_notify('tf_thread_probe', 'second')`)
    expect(heard).toEqual(['first', 'second'])
    await unlisten()
    await own.db.execute(sql`select pg_notify('tf_thread_probe', 'third')`)
    expect(heard).toEqual(['first', 'second'])
  })

  it('takes a reply at once when a request starts (drainPgliteReplies), not in the event loop’s turn', async () => {
    let answered = false
    const query = client()
      .query('select 1')
      .then(() => (answered = true))
    // This thread stays busy, as with a request's work, while the thread answers.
    for (const until = performance.now() + 300; performance.now() < until; );
    await null
    expect(answered).toBe(false)
    drainPgliteReplies()
    for (let tick = 0; tick < 3; tick++) await null
    expect(answered).toBe(true)
    await query
  })

  it("leaves this thread free while the database works: the server's timers run during a slow statement", async () => {
    let ticks = 0
    const timer = setInterval(() => ticks++, 20)
    const started = performance.now()
    await client().query('select pg_sleep(0.4)')
    clearInterval(timer)
    expect(performance.now() - started).toBeGreaterThanOrEqual(390)
    // PGlite in this thread would hold it for the whole statement: no tick at all.
    expect(ticks).toBeGreaterThanOrEqual(10)
  })

  it("dumps its data directory, which a new thread opens with the same rows; closed, it answers 'PGlite is closed'", async () => {
    const dump = await client().dumpDataDir()
    const copy = await openDatabase({ dataDir: 'memory://', loadDataDir: dump })
    const { rows } = await (copy.db.$client as unknown as ThreadedPglite).query<{ id: number }>('select id from probe order by id')
    expect(rows.map((row) => row.id)).toEqual([1, 2, 10, 20])
    await copy.close()
    await expect(copy.db.execute(sql`select 1`)).rejects.toMatchObject({ cause: { message: 'PGlite is closed' } })
    expect(await copy.ping()).toBe(false)
  })

  it("refuses parsers of a query's own: functions cannot cross to the thread", async () => {
    await expect(client().query('select 1', [], { parsers: { 23: (value: string) => value } })).rejects.toThrow('only drizzle’s text parsers')
  })
})
