import { CODE_LISTS } from '@manabi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, get, type TestApp } from '../../test/app';
import { syncCodeMaster } from './common.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the code lists at start', () => {
  it('several processes starting at once each rewrite them, one after the other', async () => {
    // on PostgreSQL (as CI runs them) these run on separate connections, as two app processes would
    await Promise.all(Array.from({ length: 4 }, () => syncCodeMaster(t.db)));
    const res = await get(t.app, '/api/common/codemasterlist/?code=CD003');
    expect(res.json()).toEqual(CODE_LISTS.CD003);
  });
});
