// The types of decision-index.mjs, for the server's decision-index.test.ts (knip.json names this file an entry).
export function decisionIndexProblems(dir: string): string[];
