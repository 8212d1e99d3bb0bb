import { Navigate } from 'react-router';
import { paths } from '../../lib/paths';

/** /mypage/news — the notice index opens the notices to everyone (the sidebar's お知らせ). */
export function Component() {
  return <Navigate to={paths.mypage.newsList(1)} replace />;
}
