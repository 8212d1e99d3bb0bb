// The types of log-scan.mjs, for the server's log-scan.test.ts (knip.json names this file an entry).
export function demoValues(seed: string): Set<string>;
export function decodedLine(line: string): string;
export function valuesIn(line: string, values: Iterable<string>): string[];
