import { useSearchParams } from 'react-router';
import type { ApiError } from '../../lib/api';
import { paths, safeNext } from '../../lib/paths';
import { TextLink } from '../../ui/button';
import { LoginForm } from '../../ui/login-form';

/** The login rules (zod) load when the form is first used: the page shows without them. */
const loadMypageSchema = () => import('@manabi/shared/schemas/auth').then((m) => m.mypageLoginBodySchema);

/**
 * Under a refusal after the right password: when the server names the office's phone (a withdrawn student,
 * decision 090), the number as a link a phone can call.
 */
function officePhoneLink(error: ApiError) {
  const body = error.body as { office_phone?: unknown } | null;
  const phone = typeof body?.office_phone === 'string' ? body.office_phone : '';
  if (phone === '') return null;
  return (
    <p>
      事務局の電話番号：<a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>
    </p>
  );
}

/**
 * /mypage/login (SPEC §2, §4, §8): student number and password. After login: `next` when it is a safe
 * /mypage path, else /mypage/top; a student already logged in goes to the top. A withdrawn student with the
 * right password is told the registration has ended, with the office's phone (only then: a wrong password
 * hears 「IDまたはパスワードが違います」 as anyone does).
 */
export function Component() {
  // a plain read of the one redirect target (?next=), not a list's search: lib/search-state.ts is for lists
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  return (
    <LoginForm
      area="mypage"
      title="マイページ ログイン"
      loadSchema={loadMypageSchema}
      idField={{
        label: '学生番号',
        description: '半角数字8桁（例：24040001）',
        inputMode: 'numeric',
        width: 'sm',
      }}
      isOwnUser={(user) => !user.is_admin}
      destination={() => next ?? paths.mypage.top()}
      submitSize="lg"
      refusalDetail={officePhoneLink}
      intro={<p>学生番号とパスワードを入力して、「ログイン」ボタンを押してください。</p>}
      footer={
        <ul className="space-y-3 border-t-2 border-line-subtle pt-6">
          <li>
            <TextLink to={paths.mypage.password()}>パスワードを忘れた方</TextLink>
          </li>
          <li>
            <TextLink to={paths.mypage.admission()}>入学申込み</TextLink>
          </li>
        </ul>
      }
    />
  );
}
