import { paths } from '../../lib/paths';
import type { NavItem } from '../../ui/side-nav';

/** The my-page side menu (SPEC §2 shared my-page chrome). */
export const MYPAGE_NAV: NavItem[] = [
  { label: 'トップ', to: paths.mypage.top() },
  { label: '利用者情報', to: paths.mypage.user(), matchPrefixes: ['/mypage/user'] },
  { label: 'お知らせ', to: paths.mypage.newsList(1), matchPrefixes: ['/mypage/news'] },
  {
    label: '講座を探す',
    to: paths.mypage.courseSearch('accepting'),
    matchPrefixes: ['/mypage/course/search', '/mypage/course/detail', '/mypage/course/applicant'],
  },
  {
    label: '申込状況・受講履歴',
    to: paths.mypage.courseApplied(),
    // the certificate and the record of units are printed from the history
    matchPrefixes: [
      '/mypage/course/applied',
      '/mypage/course/attended',
      '/mypage/course/cancel',
      '/mypage/certificate',
      '/mypage/transcript',
    ],
  },
  { label: '今後の予定', to: paths.mypage.schedule() },
  { label: '参加の手引き', href: paths.guidePdf(), newWindow: true },
];
