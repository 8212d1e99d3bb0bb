import { APPROVAL } from '@manabi/shared/codes';
import { formatDateJa } from '@manabi/shared/domain/dates';
import type { Candidate, MatchStudent } from '@manabi/shared/schemas/duplicates';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { Alert } from '../../ui/alert';
import { Button, TextLink } from '../../ui/button';
import { type Column, DataTable } from '../../ui/data-table';
import { candidatesQuery, useDismissPair } from './api/student-match';

/** Shown for a blank field. */
const BLANK = '未登録';

/** Approved and merged students open their detail; the others (no student number yet) their approval screen. */
export const matchStudentLink = (s: Pick<MatchStudent, 'user_id' | 'approval_status'>) =>
  s.approval_status === APPROVAL.APPROVED ||
  s.approval_status === APPROVAL.MERGED ||
  s.approval_status === APPROVAL.WITHDRAWN
    ? paths.admin.studentDetail(s.user_id)
    : paths.admin.studentApproval(s.user_id);

/** 学生番号, or what a record without one is. */
export const loginIdText = (s: Pick<MatchStudent, 'login_id'>) => s.login_id ?? '承認前';

/** 「登録 2026年4月2日」: the day the record was made, in Tokyo (the instant is UTC; its first ten characters are not the day). */
export const registeredText = (s: Pick<MatchStudent, 'created_at'>) => `登録 ${formatDateJa(s.created_at)}`;

/**
 * Which of two records stays when they are merged: the approved one (it has the 学生番号 and the history),
 * else the older one. The merge page lets the office choose otherwise.
 */
export function keptFirst<S extends Pick<MatchStudent, 'user_id' | 'approval_status'>>(a: S, b: S): [S, S] {
  const approvedA = a.approval_status === APPROVAL.APPROVED;
  const approvedB = b.approval_status === APPROVAL.APPROVED;
  if (approvedA !== approvedB) return approvedA ? [a, b] : [b, a];
  return a.user_id < b.user_id ? [a, b] : [b, a];
}

/** The score in words a screen reader reads the same: 「85点」. */
const scoreText = (score: number) => `${score}点`;

function CandidateActions({ me, row }: { me: MatchStudent; row: Candidate }) {
  const dismiss = useDismissPair();
  const [keep, other] = keptFirst(me, row);
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <TextLink to={paths.admin.studentMerge(keep.user_id, other.user_id)}>比べて統合する</TextLink>
      {row.dismissed ? (
        <span className="text-std-16N-170">別人と記録済み</span>
      ) : (
        <Button
          variant="tertiary"
          isPending={dismiss.isPending}
          onPress={() => dismiss.mutate({ user_id: me.user_id, other_id: row.user_id })}
        >
          別人です
        </Button>
      )}
    </div>
  );
}

const columns = (me: MatchStudent): Column<Candidate>[] => [
  { key: 'score', header: '点数', className: 'whitespace-nowrap', render: (r) => scoreText(r.score) },
  { key: 'reason_text', header: '似ている点', render: (r) => r.reason_text },
  {
    key: 'login_id',
    header: '学生番号',
    className: 'whitespace-nowrap',
    render: (r) => <Link to={matchStudentLink(r)}>{loginIdText(r)}</Link>,
  },
  {
    key: 'name',
    header: '氏名（フリガナ）',
    isRowHeader: true,
    render: (r) => `${r.name || BLANK}（${r.name_kana || BLANK}）`,
  },
  {
    key: 'birthday',
    header: '生年月日',
    className: 'whitespace-nowrap',
    render: (r) => (r.birthday ? formatDateJa(r.birthday) : BLANK),
  },
  { key: 'street_name1', header: '町名', render: (r) => r.street_name1 || BLANK },
  { key: 'actions', header: '操作', render: (r) => <CandidateActions me={me} row={r} /> },
];

/**
 * A student's likely duplicates, best first, each with its score and why (氏名の異体字, かな, 生年月日の入れ替わり,
 * 電話, メール, 住所), a way to merge them and 「別人です」 for a pair the office has found to be two people.
 */
export function CandidatesSection({ userId }: { userId: number }) {
  const { data } = useQuery(candidatesQuery(userId));
  // none found: the exact groups below say so, once
  if (!data || data.candidates.length === 0) return null;
  return (
    <section aria-labelledby="candidates-heading" className="space-y-4">
      <h2 id="candidates-heading" className="text-std-20B-150">
        同じ人の可能性が高い登録（点数の高い順）
      </h2>
      <p className="text-std-16N-170 text-ink">
        氏名は異体字（髙と高、齋と斉など）やフリガナのひらがな・カタカナの違いを同じとみなし、生年月日は月と日の入れ替わりや数字1つの違いも拾います。電話・メール・住所が同じかも比べています。
      </p>
      <DataTable
        caption="同じ人の可能性が高い登録"
        hideCaption
        columns={columns(data.user_data)}
        rows={data.candidates}
        rowKey={(r) => r.user_id}
      />
    </section>
  );
}

/**
 * On the approval page, before the office approves, and on a student's page: the best match not set aside
 * as 「別人」, if there is one, with its score and reasons and the ways to look closer. Says nothing when
 * there is none.
 */
export function BestMatchNotice({ userId }: { userId: number }) {
  const { data } = useQuery(candidatesQuery(userId));
  const best = data?.candidates.find((c) => !c.dismissed);
  if (!data || !best) return null;
  const [keep, other] = keptFirst(data.user_data, best);
  return (
    <Alert variant="warning" title="同じ人がすでに登録されているかもしれません" announce={false}>
      <p>
        {`${best.name}（学生番号 ${loginIdText(best)}、${best.birthday ? formatDateJa(best.birthday) : '生年月日未登録'}生まれ）：${scoreText(best.score)}`}
      </p>
      <p>{`似ている点：${best.reason_text}`}</p>
      <p className="flex flex-wrap gap-x-6 gap-y-2">
        <TextLink to={paths.admin.studentMerge(keep.user_id, other.user_id)}>
          2つの登録を比べる・統合する
        </TextLink>
        {data.user_data.approval_status === APPROVAL.APPROVED ? (
          <TextLink to={paths.admin.duplicatePairs()}>重複の疑いがある学生の一覧</TextLink>
        ) : (
          <TextLink to={paths.admin.studentDuplicate(userId)} newWindow>
            ほかの候補も見る（新しいタブ）
          </TextLink>
        )}
      </p>
    </Alert>
  );
}
