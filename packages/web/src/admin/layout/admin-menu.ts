import type { SessionUser } from '@manabi/shared/api';
import { paths } from '../../lib/paths';

/** One entry of the admin menu (sidebar and top page). */
export interface AdminMenuEntry {
  label: string;
  to: string;
  /** One line for the top page's big buttons. */
  description: string;
  /**
   * The line authority 2 reads instead, when it may do less here than authority 1 (the server's guards
   * decide: it reads its university's courses and applicants and records attendance, nothing more).
   */
  limitedDescription?: string;
  /** Authority 1 only (SPEC §2/§6: authority 2 sees course management only). */
  fullOnly: boolean;
}

export const ADMIN_MENU: readonly AdminMenuEntry[] = [
  {
    // both authorities; the server gives authority 2 its university's deadline rows, 氏名カナ only
    label: '連絡が必要な学生',
    to: paths.admin.contactList(),
    description: '結果を見ていない当選者、メールが届かない学生、郵送が必要な学生に電話や郵送で連絡します。',
    limitedDescription: '自分の大学の講座で、確定の期限が近いのに結果を見ていない当選者を確認します。',
    fullOnly: false,
  },
  {
    label: '学生管理',
    to: paths.admin.studentList(),
    description: '学生の承認・情報の変更・受講状況の更新を行います。',
    fullOnly: true,
  },
  {
    label: '講座管理',
    to: paths.admin.courseList(),
    description: '講座の登録・申込者の管理・抽選を行います。',
    limitedDescription:
      '自分の大学の講座と申込者を確認し、一覧をダウンロードします。登録・抽選は事務局が行います。',
    fullOnly: false,
  },
  {
    // class days (both authorities; authority 2 sees its university's courses)
    label: '受付（出席の記録）',
    to: paths.admin.checkin(),
    description: '会場の受付で学生証のQRコードを読み取り、今日の授業の出席を記録します。',
    limitedDescription: '会場の受付で学生証のQRコードを読み取り、自分の大学の講座の今日の出席を記録します。',
    fullOnly: false,
  },
  {
    // both authorities; the server counts authority 2's university's courses only
    label: '統計・年次報告',
    to: paths.admin.statistics(),
    description: '申込み・受講・出席と受講者の内訳を年度ごとの数字で見て、年次報告を印刷します。',
    limitedDescription: '自分の大学の講座の申込み・受講・出席を年度ごとの数字で見て、印刷します。',
    fullOnly: false,
  },
  {
    label: '入金・返金',
    to: paths.admin.payments(),
    description: '銀行の入金明細を取り込み、年度ごとの入金・未収・返金を集計します。',
    fullOnly: true,
  },
  {
    label: '操作の記録',
    to: paths.admin.audit(),
    description: 'いつ、だれが、どの学生や講座に何をしたかを確かめます。',
    fullOnly: true,
  },
  {
    label: '個人情報の保存期間',
    to: paths.admin.retention(),
    description: '活動を終えた学生の個人情報を何年保存するかを決め、過ぎたものを消去します。',
    fullOnly: true,
  },
  {
    label: '管理者管理',
    to: paths.admin.adminList(),
    description: '管理画面を使う職員のアカウントを管理します。',
    fullOnly: true,
  },
  {
    label: 'お知らせ管理',
    to: paths.admin.noticeList(),
    description: '学生へのお知らせとカテゴリを管理します。',
    fullOnly: true,
  },
];

/**
 * The entries the user may see (authority from the server session, never from storage), each described
 * by what this user may do there.
 */
export function adminMenuFor(user: Pick<SessionUser, 'authority'>): AdminMenuEntry[] {
  if (user.authority === 1) return [...ADMIN_MENU];
  return ADMIN_MENU.filter((entry) => !entry.fullOnly).map((entry) => ({
    ...entry,
    description: entry.limitedDescription ?? entry.description,
  }));
}
