import { formatDateJa, formatDateTimeJa } from '@manabi/shared/domain/dates';
import { MATCH_REASONS } from '@manabi/shared/domain/person-match';
import type { DuplicatePair, MatchStudent } from '@manabi/shared/schemas/duplicates';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { listPageOf } from '../../lib/list-search';
import { paths } from '../../lib/paths';
import { Button, TextLink } from '../../ui/button';
import { type Column, DataTable, useTableUrlState } from '../../ui/data-table';
import { PageTitle } from '../../ui/page-title';
import { pairsQuery, useDismissPair, useRequestScan } from './api/student-match';
import { keptFirst, loginIdText, matchStudentLink, registeredText } from './student-candidates';

const BLANK = '未登録';

/** One side of a pair: 学生番号 (a link), name and reading, birthday, town — enough to tell two apart. */
function Person({ s }: { s: MatchStudent }) {
  return (
    <div className="space-y-1">
      <p>
        <Link to={matchStudentLink(s)} className="text-std-16B-170">
          {`${s.name || BLANK}（${loginIdText(s)}）`}
        </Link>
      </p>
      <p className="text-std-16N-170">{s.name_kana || BLANK}</p>
      <p className="text-std-16N-170">
        {`${s.birthday ? formatDateJa(s.birthday) : '生年月日未登録'}・${s.street_name1 || '町名未登録'}`}
      </p>
      <p className="text-std-16N-170">{registeredText(s)}</p>
    </div>
  );
}

function PairActions({ pair }: { pair: DuplicatePair }) {
  const dismiss = useDismissPair();
  const [keep, other] = keptFirst(pair.a, pair.b);
  return (
    <div className="flex flex-col items-start gap-2">
      <TextLink to={paths.admin.studentMerge(keep.user_id, other.user_id)}>比べて統合する</TextLink>
      <Button
        variant="tertiary"
        isPending={dismiss.isPending}
        onPress={() => dismiss.mutate({ user_id: pair.a.user_id, other_id: pair.b.user_id })}
      >
        別人です
      </Button>
    </div>
  );
}

const columns: Column<DuplicatePair>[] = [
  {
    key: 'score',
    header: '点数と似ている点',
    className: 'min-w-[10rem]',
    render: (p) => (
      <>
        <span className="block text-std-16B-170">{`${p.score}点`}</span>
        <ul className="text-std-16N-170">
          {p.reasons.map((r) => (
            <li key={r}>{MATCH_REASONS[r].words}</li>
          ))}
        </ul>
      </>
    ),
  },
  { key: 'b', header: '新しい登録', isRowHeader: true, render: (p) => <Person s={p.b} /> },
  { key: 'a', header: '前からの登録', render: (p) => <Person s={p.a} /> },
  { key: 'actions', header: '操作', render: (p) => <PairActions pair={p} /> },
];

/**
 * /admin/student/duplicates 「重複の疑いがある学生」 (decision 069), authority 1: the roster's pairs that look
 * like one person entered twice, the newest record's first, with their score and why; each opens the
 * side-by-side merge or is set aside as 「別人です」. The roster is scanned once a day; the office can ask
 * for a scan now.
 */
export function Component() {
  const table = useTableUrlState({ defaultPageSize: 50 });
  const list = useQuery(pairsQuery(listPageOf(table.state)));
  const scan = useRequestScan();
  const state = list.data?.scan;

  return (
    <div className="space-y-8">
      <PageTitle>重複の疑いがある学生</PageTitle>
      <p className="text-std-17N-170">
        同じ人が2回登録されているかもしれない組を、新しい登録から順に表示します。氏名の異体字（髙と高、齋と斉など）、フリガナ、生年月日（月と日の入れ替わり・数字1つの違い）、電話、メール、住所を比べて点数にしています。
      </p>
      <div className="flex flex-wrap items-center gap-4">
        <p className="text-std-16N-170" role="status">
          {state?.pending
            ? '全学生の確認中です。終わると一覧が新しくなります。'
            : state?.finished_at
              ? `最後に全学生を確認した日時：${formatDateTimeJa(state.finished_at)}（毎日1回確認します）`
              : 'まだ全学生の確認をしていません。'}
        </p>
        <Button
          variant="secondary"
          isPending={scan.isPending}
          isDisabled={state?.pending}
          onPress={() => scan.mutate()}
        >
          今すぐ確認し直す
        </Button>
      </div>
      <DataTable
        caption="重複の疑いがある学生の組"
        columns={columns}
        rows={list.data?.data_list ?? []}
        total={list.data?.total ?? 0}
        rowKey={(p) => `${p.a.user_id}-${p.b.user_id}`}
        isLoading={list.isFetching}
        loadingLabel="読み込み中..."
        emptyText="重複の疑いがある学生はいません。"
        {...table}
      />
      <p>
        <TextLink to={paths.admin.studentList()}>学生一覧へ戻る</TextLink>
      </p>
    </div>
  );
}
