import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { assertUniversityAccess } from './guards';

const full = { id: 1, loginId: 'admin', name: '事務局', authority: 1, universityId: null } as const;
const univ = { id: 2, loginId: 'univ01', name: '大学', authority: 2, universityId: 'U01' } as const;

describe('assertUniversityAccess', () => {
  it('lets authority 1 reach every course, including one without a university', () => {
    expect(() => assertUniversityAccess(full, 'U02')).not.toThrow();
    expect(() => assertUniversityAccess(full, null)).not.toThrow();
  });

  it('lets authority 2 reach only its own university, with 403 otherwise', () => {
    expect(() => assertUniversityAccess(univ, 'U01')).not.toThrow();
    for (const other of ['U02', null, '']) {
      try {
        assertUniversityAccess(univ, other);
        expect.unreachable();
      } catch (err) {
        expect(err).toBeInstanceOf(AppError);
        expect((err as AppError).status).toBe(403);
      }
    }
  });

  it('an authority-2 admin without a university reaches nothing', () => {
    expect(() => assertUniversityAccess({ ...univ, universityId: null }, null)).toThrow(AppError);
  });
});
