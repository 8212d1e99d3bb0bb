import { paths } from '../../lib/paths';
import { LoginForm } from '../../ui/login-form';

/** The login rules (zod) load when the form is first used: the page shows without them. */
const loadAdminSchema = () => import('@manabi/shared/schemas/auth').then((m) => m.adminLoginBodySchema);

/** /admin/login (SPEC §2, §4, §8): an admin already logged in goes to the top. */
export function Component() {
  return (
    <LoginForm
      area="admin"
      title="管理画面ログイン"
      loadSchema={loadAdminSchema}
      idField={{ label: 'ログインID', width: 'md' }}
      isOwnUser={(user) => user.is_admin}
      destination={() => paths.admin.top()}
    />
  );
}
