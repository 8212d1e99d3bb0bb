import { join, resolve } from 'node:path';
import { serverRoot } from '../base/server-root';

export const migrationsDir = (override?: string) => override ?? join(serverRoot(), 'drizzle');
export const webDistDir = (override?: string) => override ?? resolve(serverRoot(), '..', 'web', 'dist');
