import type { z } from 'zod';

/**
 * Who may call a route (SPEC §6): anyone, a my-page session, any admin session (authority 2 only on its
 * own university's records, checked where the record is loaded), or authority 1 alone.
 */
export type Guard = 'public' | 'student' | 'admin' | 'authority1';

/**
 * One API call as both sides see it: the method, the path exactly as SPEC §7 spells it (with or without
 * the final slash; `:name` marks a path parameter), the schemas of what it reads and answers, and who may
 * call it. The server registers its route from this object and the web calls it through the same one, so
 * neither can name a URL, a body or an answer the other does not.
 */
export interface RouteDef {
  method: 'GET' | 'POST';
  path: `/api/${string}`;
  guard: Guard;
  query?: z.ZodType;
  body?: z.ZodType;
  params?: z.ZodType;
  /** the 200 answer; a route that streams a file or a list still names the shape it sends */
  response: z.ZodType;
}

/** A call's method, path and guard alone: what a client needs at run time (routes/endpoints.ts). */
export type Endpoint = Pick<RouteDef, 'method' | 'path' | 'guard'>;

/** The schemas of a call, bound to its endpoint; the literal types are kept for both sides to read. */
export const defineRoute = <const E extends Endpoint, const S extends Omit<RouteDef, keyof Endpoint>>(
  endpoint: E,
  schemas: S,
): E & S => ({ ...endpoint, ...schemas });

/**
 * A text field as JSON may carry it: the server reads a JSON number as its digits and a boolean as the flag
 * 1/0 (validation/json-input.ts), so a client may send back the `id: 1` or `is_read: true` it was given.
 */
type JsonText<V> = V extends string
  ? V | number | (string extends V ? never : '1' extends V ? boolean : never)
  : V;
/** What a call accepts: the input of its body or query schema, each text field as JSON may carry it. */
export type ApiInput<S extends z.ZodType> = { [K in keyof z.input<S>]: JsonText<z.input<S>[K]> };

type InputOf<S> = S extends z.ZodType ? ApiInput<S> : unknown;
type Part<D, K extends string> = D extends { [P in K]: infer S } ? S : undefined;
/** What a client sends to a route: its query (GET) or body (POST), and its path parameters. */
export type RouteInput<D extends RouteDef> = (D['method'] extends 'GET'
  ? InputOf<Part<D, 'query'>>
  : InputOf<Part<D, 'body'>>) &
  InputOf<Part<D, 'params'>>;
/** What a route answers with 200. */
export type RouteAnswer<D extends RouteDef> = z.output<D['response']>;
