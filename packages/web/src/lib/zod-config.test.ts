import { describe, expect, it } from 'vitest';

describe('[web][lib] zod runs jitless under the CSP', () => {
  it('the flag set by zod-config.ts is the one zod reads, whichever is loaded first', async () => {
    await import('./zod-config');
    const { config, z } = await import('zod');
    expect(config().jitless).toBe(true);
    // and an object schema still parses
    expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' });
  });
});
