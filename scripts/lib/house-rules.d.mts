// The types of house-rules.mjs, for the server's house-rules.test.ts (TypeScript reads no .mjs there; knip.json
// names this file an entry, as nothing imports it by name).

export interface Violation {
  rule: string;
  file: string;
  /** 0 for an entry of a list that is stale */
  line: number;
  message: string;
}

/**
 * An allowlist entry: an exact file (with `name`, only that function of it and its callbacks), a folder
 * (`dir/`), or a pattern; `moving` for writes being moved away.
 */
export type AllowEntry = (
  | { file: string; name?: string; pattern?: undefined }
  | { pattern: RegExp; file?: undefined; name?: undefined }
) & {
  reason: string;
  moving?: boolean;
};

export interface SizeExceptions {
  exempt?: { file: string; reason: string }[];
  files?: { file: string; lines: number; todo?: boolean; reason: string }[];
  functions?: { file: string; name: string; lines: number; todo?: boolean; reason: string }[];
}

export const SERVER_SRC: string;
export const SIZE_FOLDERS: string[];
export const NET_PAID_PATTERNS: RegExp[];
export const PAYMENT_INSERT_PATTERNS: RegExp[];

export function applicationWritesIn(root: string, file: string): { line: number; text: string }[];
export function lineCount(root: string, file: string): number;

export function checkApplicationWriters(
  root: string,
  options: { owner: string; allow: AllowEntry[]; folders?: string[] },
): { violations: Violation[]; notes: Violation[] };

export function outboxWritesIn(root: string, file: string): { line: number; text: string }[];

export function checkOutboxWriters(
  root: string,
  options: { owner: string; allow: AllowEntry[]; folders?: string[] },
): { violations: Violation[]; notes: Violation[] };

export function checkSizes(
  root: string,
  options: {
    exceptions: SizeExceptions;
    maxFunction?: number;
    maxFile?: number;
    folders?: string[];
    failOnGrowth?: boolean;
  },
): {
  violations: Violation[];
  warnings: Violation[];
  long: {
    files: { file: string; lines: number }[];
    functions: { file: string; name: string; line: number; lines: number }[];
  };
};

export function checkUnknownCasts(
  root: string,
  options: { limit: number; exempt?: string[]; folders?: string[] },
): { violations: Violation[]; count: number; perFile: Map<string, number> };

export function checkOneWay(
  root: string,
  options: {
    name: string;
    patterns: RegExp[];
    owner: string;
    most?: number;
    allow?: AllowEntry[];
    folders?: string[];
  },
): { violations: Violation[] };

export function formatViolations(violations: Violation[]): string[];
