import {
  adminApplicants,
  adminCheckin,
  adminCourseFee,
  adminCourses,
  adminIntake,
} from './routes/admin-courses';
import { adminRetention } from './routes/admin-lifecycle';
import {
  adminAudit,
  adminContact,
  adminNotices,
  adminStatistics,
  adminStudents,
  adminUsers,
  adminWorklist,
} from './routes/admin-office';
import { adminPayments } from './routes/admin-payments';
import type { Endpoint, RouteDef } from './routes/define';
import type { endpoints } from './routes/endpoints';
import { mypage } from './routes/mypage';
import { auth, common, publicForms } from './routes/public';

export type { ApiInput, Endpoint, Guard, RouteAnswer, RouteDef, RouteInput } from './routes/define';
export { endpoints } from './routes/endpoints';

/**
 * Every API call, declared once (SPEC §7 and ours): the server registers its routes from these objects and
 * generates its OpenAPI document from them; the web calls them with `call(route, input)`.
 */
export const api = {
  auth,
  common,
  publicForms,
  mypage,
  adminCourses,
  adminApplicants,
  adminIntake,
  adminCourseFee,
  adminCheckin,
  adminStudents,
  adminWorklist,
  adminContact,
  adminAudit,
  adminStatistics,
  adminUsers,
  adminNotices,
  adminRetention,
  adminPayments,
} as const satisfies { [A in keyof typeof endpoints]: { [K in keyof (typeof endpoints)[A]]: RouteDef } };

type Api = typeof api;
/** Every route of the contract, as one union. */
export type AnyRoute = { [A in keyof Api]: Api[A][keyof Api[A]] }[keyof Api];
/** The contract of an endpoint, found by its method and path (each pair is declared once). */
export type ContractOf<E extends Endpoint> = Extract<AnyRoute, { method: E['method']; path: E['path'] }>;

/** The registry flattened: every route once (tests walk it against what the server registers). */
export const allRoutes: readonly RouteDef[] = Object.values(api).flatMap((area) =>
  Object.values(area as Record<string, RouteDef>),
);
