import { Navigate, Outlet } from 'react-router';
import { paths } from '../../lib/paths';
import { useSessionUser } from '../../lib/session';

/**
 * Student, admin-user and notice sections: authority 1 only. Authority 2 is sent to /admin/apierror
 * (SPEC §2/§6) with forbidden=1, as a 403 of the server is: the page says the permission is missing. The
 * authority comes from the server session; the server refuses with 403 as well.
 */
export function Component() {
  const user = useSessionUser();
  if (user.authority !== 1) return <Navigate to={paths.admin.apiError({ forbidden: true })} replace />;
  return <Outlet />;
}
