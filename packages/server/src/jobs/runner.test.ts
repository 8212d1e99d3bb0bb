import type { Worklist } from '@manabi/shared/schemas/worklist';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cast, createTestApp, get, makeCast, type TestApp } from '../test/app';
import { type Job, runJobRound } from './runner';

let t: TestApp;
let cast: Cast;
beforeAll(async () => {
  t = await createTestApp();
  cast = await makeCast(t);
});
afterAll(() => t.close());

const logged: object[] = [];
const log = { error: (obj: object) => void logged.push(obj) };

const jobsCard = async (who: string) =>
  ((await get(t.app, '/api/admin/worklist/', who)).json() as Worklist).jobs;

/** An error as Drizzle raises it: the statement's parameters (personal data) after the message. */
function failingWith(message: string): Job['run'] {
  return async () => {
    throw new Error(`${message}\nparams: 山田 花子,hanako@example.jp`);
  };
}

describe('the background jobs: each round recorded, a stopped job on the work list', () => {
  it('a failing job does not keep the next one from running, and the card says which one stopped and why', async () => {
    let reminded = 0;
    const jobs: Job[] = [
      { name: 'deadlines', run: failingWith('connection to hanako@example.jp refused') },
      {
        name: 'reminders',
        run: async () => {
          reminded += 1;
        },
      },
    ];
    await runJobRound(t.db, jobs, log);
    await runJobRound(t.db, jobs, log);
    expect(reminded).toBe(2);
    expect(logged).toHaveLength(2);
    const card = await jobsCard(cast.admin);
    expect(card).toHaveLength(1);
    expect(card?.[0]).toMatchObject({ job: 'deadlines', failures: 2, last_success_at: null });
    // the reason holds neither the statement's values nor the mail address
    expect(card?.[0]?.reason).toBe('connection to ***@*** refused');
  });

  it('is authority 1 only: authority 2 gets null', async () => {
    expect(await jobsCard(cast.univ)).toBeNull();
  });

  it('a round that goes well takes the job off the card; a later failure counts from one again', async () => {
    await runJobRound(t.db, [{ name: 'deadlines', run: async () => 0 }], log);
    expect(await jobsCard(cast.admin)).toEqual([]);
    await runJobRound(t.db, [{ name: 'deadlines', run: failingWith('timeout') }], log);
    const card = await jobsCard(cast.admin);
    expect(card?.[0]).toMatchObject({ job: 'deadlines', failures: 1, reason: 'timeout' });
    expect(card?.[0]?.last_success_at).not.toBeNull();
  });
});
