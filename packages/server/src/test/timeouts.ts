/**
 * The time limit of the few tests that do hundreds of database round trips (property tests, a hundred
 * concurrent calls). A safety limit against a hung test, never a speed check (speed is the benchmark's): on a
 * loaded 2-core CI machine they outran the default 30 s.
 */
export const HEAVY_TEST_MS = 180_000;
