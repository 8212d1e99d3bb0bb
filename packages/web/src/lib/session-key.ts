import type { Area } from './api';

/**
 * TanStack Query key of the session answer of an area. Its own module so the error routing can forget a
 * session without importing lib/session.ts (which starts the idle tracker on import).
 */
export const sessionQueryKey = (area: Area) => ['session', area] as const;
