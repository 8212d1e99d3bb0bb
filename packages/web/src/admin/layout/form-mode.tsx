import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import { paths } from '../../lib/paths';

/**
 * The route of an admin form, …/{mode}/{id} (SPEC §2): mode `new` makes a record, mode `update` changes
 * the one whose id (a positive whole number) is in the route parameter `idParam`; anything else is
 * /admin/404.
 */
export function FormModeRoute({
  idParam,
  create,
  update,
}: {
  idParam: string;
  create: () => ReactNode;
  update: (id: number) => ReactNode;
}) {
  const params = useParams();
  if (params.mode === 'new') return create();
  const id = Number(params[idParam]);
  if (params.mode !== 'update' || !Number.isSafeInteger(id) || id <= 0) {
    return <Navigate to={paths.admin.notFound()} replace />;
  }
  return update(id);
}
