import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_DATABASES } from '../../test/support/test-databases';
import type { Database } from './database';
import { postgresLeadership, soleLeadership } from './leadership';

const postgres = TEST_DATABASES.find((backend) => backend.name === 'postgres');
const log = pino({ level: 'silent' });

/** A role's record: which processes started it and which stopped it, in order. */
function role() {
  const events: string[] = [];
  const playedBy = (name: string) => () => {
    events.push(`${name} started`);
    return Promise.resolve(() => void events.push(`${name} stopped`));
  };
  return { events, playedBy };
}

describe.runIf(postgres)('a role one process plays, on PostgreSQL', () => {
  let db: Database;
  let url: string;
  beforeAll(async () => {
    db = await postgres!.open();
    url = postgres!.connectionString!(db);
  });
  afterAll(() => postgres!.dispose(db));

  it('is played by one of three processes, and taken over by another when that one stops', async () => {
    const { events, playedBy } = role();
    const give = ['one', 'two', 'three'].map((name) => postgresLeadership(url, 'test-role', log, 50).lead(playedBy(name)));
    await vi.waitFor(() => expect(events).toHaveLength(1));
    // Given time to try again, nobody else starts it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(events).toHaveLength(1);
    const first = events[0]!.split(' ')[0]!;
    const index = ['one', 'two', 'three'].indexOf(first);
    await give[index]!();
    await vi.waitFor(() => expect(events).toHaveLength(3));
    expect(events[1]).toBe(`${first} stopped`);
    expect(events[2]).toMatch(/started$/);
    expect(events[2]).not.toContain(first);
    await Promise.all(give.map((stop) => stop()));
    expect(events.filter((e) => e.endsWith('started'))).toHaveLength(2);
    expect(events.filter((e) => e.endsWith('stopped'))).toHaveLength(2);
  });

  it('is stopped in a process whose lock connection is cut, and another process takes it', async () => {
    const { events, playedBy } = role();
    const stopA = postgresLeadership(url, 'cut-role', log, 50).lead(playedBy('a'));
    await vi.waitFor(() => expect(events).toEqual(['a started']));
    const stopB = postgresLeadership(url, 'cut-role', log, 50).lead(playedBy('b'));
    // The holder's connection is ended from the server's side, as when its network goes.
    await db.query(
      `SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND granted AND objid = (hashtext('cut-role')::bigint & 4294967295)::oid
          AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    );
    await vi.waitFor(() => expect(events.slice(0, 3)).toEqual(['a started', 'a stopped', expect.stringMatching(/started$/)]));
    await Promise.all([stopA(), stopB()]);
  });
});

describe('a role on PGlite', () => {
  it('is played by the one process at once, and stopped when it gives it up', async () => {
    const { events, playedBy } = role();
    const give = soleLeadership().lead(playedBy('only'));
    await vi.waitFor(() => expect(events).toEqual(['only started']));
    await give();
    expect(events).toEqual(['only started', 'only stopped']);
  });
});
