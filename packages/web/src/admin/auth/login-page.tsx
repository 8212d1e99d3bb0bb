import { adminLoginBodySchema } from '@manabi/shared/schemas/auth';
import { paths } from '../../lib/paths';
import { LoginForm } from '../../ui/login-form';

/** /admin/login (SPEC §2, §4, §8): an admin already logged in goes to the top. */
export function Component() {
  return (
    <LoginForm
      area="admin"
      title="管理画面ログイン"
      schema={adminLoginBodySchema}
      idField={{ label: 'ログインID', width: 'md' }}
      isOwnUser={(user) => user.is_admin}
      destination={() => paths.admin.top()}
    />
  );
}
