import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingHttpHeaders } from 'node:http';

/**
 * What the code a request runs may know of how it came, without being handed the request (decision 067): the
 * audit log records it on every entry. Set by `route()` around each handler; a job runs outside any scope.
 */
export interface RequestScope {
  /** our pages (a same-origin call of the browser) or any other client of the API */
  via: 'screen' | 'api';
  /** the route's path as the contract writes it: '/api/admin/student/update/' */
  route: string;
}

const scope = new AsyncLocalStorage<RequestScope>();

export const inRequestScope = <T>(value: RequestScope, run: () => T): T => scope.run(value, run);

/** The scope of the request being handled, or undefined (a job, a script, the seed). */
export const requestScope = (): RequestScope | undefined => scope.getStore();

/**
 * A browser marks a call from a page of the same origin `Sec-Fetch-Site: same-origin`; any other client (a
 * script, another system) does not. Informative, not a security check: a client may send the header.
 */
export const viaOf = (headers: IncomingHttpHeaders): RequestScope['via'] =>
  headers['sec-fetch-site'] === 'same-origin' ? 'screen' : 'api';
