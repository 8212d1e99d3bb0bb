/** `%value%` for ILIKE with the user's % _ \ taken literally. */
export const likeContains = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
