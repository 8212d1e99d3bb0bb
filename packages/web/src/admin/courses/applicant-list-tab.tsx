import { zodResolver } from '@hookform/resolvers/zod';
import type { CourseApplicantRow, CourseApplicantRowLimited } from '@manabi/shared/api';
import { todayTokyo } from '@manabi/shared/domain/dates';
import {
  APPLICANT_PAYMENT_FILTERS,
  applicantListUpdateBodySchema,
  applicantSearchFormSchema,
} from '@manabi/shared/schemas/applicant';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { listPageOf } from '../../lib/list-search';
import { paths } from '../../lib/paths';
import { useSearchState } from '../../lib/search-state';
import { Alert } from '../../ui/alert';
import { Button, ButtonLink, TextLink } from '../../ui/button';
import { CheckboxGroup, Select } from '../../ui/choice-fields';
import { CsvDownloadLink } from '../../ui/csv-download';
import { DataTable, TICKED_ROW, useTableUrlState } from '../../ui/data-table';
import { SearchPanel, SearchPanelActions } from '../../ui/search-panel';
import { TextInput } from '../../ui/text-input';
import { TableActions, TableNoticeArea } from '../attendance/table-notice';
import { useAttendanceEditor } from '../attendance/use-attendance-editor';
import {
  type ApplicantSearch,
  applicantCsvUrl,
  applicantListQuery,
  fetchAllApplicants,
  undrawnCountQuery,
  useReloadApplicants,
  useUpdateApplicantTable,
} from './api/applicant-list';
import { applicantLabelsUrl } from './api/letters';
import { fullColumns, LIMITED_COLUMNS } from './applicant-columns';
import {
  applicantEditing,
  buildTableUpdate,
  carriedRows,
  currentSessionNo,
  NO_ROWS,
  type SessionDay,
  withCarried,
} from './applicant-table';
import { LotteryModal } from './lottery-modal';
import { PromoteDialog } from './promote-dialog';
import { useOpenAtSession } from './use-open-at-session';

/**
 * The tab opens on every applicant (decision 035): no lottery status ticked, every attendance status (「すべて」).
 * SPEC §4 started the attendance condition at 1 (未受講), which hid everyone attending or done without saying so.
 */
const emptySearch = (): ApplicantSearch => ({
  login_id: '',
  name: '',
  name_kana: '',
  lottery_status: [],
  attendance_status: '',
  confirmed: [],
  payment: '',
});

/**
 * The conditions in the URL (reload and back from an applicant keep them; 募集の状況 links to a filtered
 * tab): ticked statuses repeat `lottery_status`; no attendance status is 「すべて」.
 */
const applicantUrlSchema = applicantSearchFormSchema.extend({
  attendance_status: z.enum(['', '1', '2', '3']).catch('').default(''),
  payment: z
    .enum(['', ...APPLICANT_PAYMENT_FILTERS])
    .catch('')
    .default(''),
});

/** The applicant tab of a course filtered to a search (the links of 募集の状況). */
export function applicantTabUrl(courseId: number, search: Partial<ApplicantSearch>): string {
  const params = new URLSearchParams();
  for (const status of search.lottery_status ?? []) params.append('lottery_status', status);
  if (search.attendance_status) params.set('attendance_status', search.attendance_status);
  for (const flag of search.confirmed ?? []) params.append('confirmed', flag);
  if (search.payment) params.set('payment', search.payment);
  const query = params.toString();
  return `${paths.admin.courseDetail(courseId, 2)}${query ? `?${query}` : ''}`;
}

const CONFIRMED_OPTIONS = [{ value: '1', label: '受講を確定した当選者だけ' }];

/** The payment filter (decision 086); 'overdue' is the work list's 未入金・期限切れ card. */
const PAYMENT_OPTIONS = [
  { value: 'owing', label: '未入金・一部入金の人' },
  { value: 'overdue', label: 'うち、支払いの期限を過ぎた人' },
];

const isFullRow = (row: CourseApplicantRow | CourseApplicantRowLimited): row is CourseApplicantRow =>
  'login_id' in row;

/**
 * The applicant tab of /admin/course/detail/{id}/2 (SPEC §2 / §4 / §6): search, a sortable paged table
 * with inline editing for authority 1 (lottery status, attendance status, units, 15 sessions; editing
 * ticks the row's 「更新」 box and highlights the cell; a lottery change flags the attendance update),
 * 更新 (every ticked row or none, 409 when someone else changed one), 元に戻す, CSV download, the lottery
 * modal and the add link. Authority 2 sees the name_kana column only. The table is paged and sorted on the
 * server (decision 020): edits made on one page are carried to the next and saved together; the CSV and a
 * 409's re-read take the whole search; the lottery's count of 抽選待ち is the course's, from the server.
 */
export function ApplicantListTab({
  courseId,
  isFull,
  sessionCount,
  sessions = [],
}: {
  courseId: number;
  isFull: boolean;
  /** 回数: the course's sessions, one column each */
  sessionCount: number;
  /** the class days (session n is column 第n回): the table opens at today's, else the next one */
  sessions?: readonly SessionDay[];
}) {
  const listing = useApplicantList(courseId);
  const { url, search, page, list, rows } = listing;
  const { editor, update, reload } = useApplicantEditor(courseId, search, page, rows, list.refetch);
  const pending = editor.isPending;
  const [isLotteryOpen, setIsLotteryOpen] = useState(false);
  const [promoting, setPromoting] = useState<CourseApplicantRow | null>(null);
  const [promoted, setPromoted] = useState<CourseApplicantRow | null>(null);

  return (
    <div className="space-y-6">
      {isFull && (
        <ApplicantTools courseId={courseId} pending={pending} onLottery={() => setIsLotteryOpen(true)} />
      )}
      {/* the seats' payments: both authorities read them, authority 1 records them (decision 078) */}
      <p>
        <TextLink to={paths.admin.coursePayments(courseId)}>入金の管理（入金の状態・記録・領収書）</TextLink>
      </p>

      <ApplicantSearchForm
        search={search}
        isFull={isFull}
        pending={pending}
        onSearch={(values) => {
          // a new search starts from the stored rows: unsent changes are dropped (the screen says so)
          editor.reset();
          const conditions = { ...values, lottery_status: [...values.lottery_status].sort() };
          if (!url.submit(conditions, { keep: ['size', 'sort', 'dir'] })) void list.refetch();
        }}
      />

      {promoted && <PromotedAlert row={promoted} />}

      <TableNoticeArea
        notice={editor.notice}
        noticeRef={editor.noticeRef}
        updatedText={(n) => `${n}件の申込を更新しました。`}
        nothingTitle="更新する申込がありません"
      />

      <ApplicantTable
        courseId={courseId}
        isFull={isFull}
        sessionCount={sessionCount}
        sessions={sessions}
        listing={listing}
        editor={editor}
        onPromote={pending ? undefined : setPromoting}
      />

      {isFull && (
        <TableActions
          ticked={editor.ticked}
          hasEdits={pending}
          isUpdating={update.isPending}
          onUpdate={() => void editor.save()}
          onReset={editor.reset}
        />
      )}

      {isFull && (
        <ApplicantDialogs
          courseId={courseId}
          promoting={promoting}
          onPromoteClosed={(done) => {
            setPromoting(null);
            if (done) setPromoted(done);
          }}
          isLotteryOpen={isLotteryOpen}
          onLotteryClosed={() => {
            setIsLotteryOpen(false);
            // SPEC §2: the page reloads to the applicant tab (the lottery invalidated the rows already);
            // closing without a draw reads the list again as well
            editor.reset();
            void reload();
          }}
        />
      )}
    </div>
  );
}

/**
 * The applicants' table: every column and inline editing for authority 1 (a ticked row highlighted, 繰り上げ
 * offered while nothing is unsaved), name_kana alone for authority 2; the CSV of the whole search above it.
 */
function ApplicantTable({
  courseId,
  isFull,
  sessionCount,
  sessions,
  listing,
  editor,
  onPromote,
}: {
  courseId: number;
  isFull: boolean;
  sessionCount: number;
  sessions: readonly SessionDay[];
  listing: ReturnType<typeof useApplicantList>;
  editor: ReturnType<typeof useApplicantEditor>['editor'];
  onPromote: ((row: CourseApplicantRow) => void) | undefined;
}) {
  const { search, table, list, allRows, total, rows } = listing;
  const today = todayTokyo();
  const containerRef = useRef<HTMLDivElement>(null);
  // 出席 for today's class in view without scrolling sideways (authority 2 has no session columns)
  useOpenAtSession(
    containerRef,
    courseId,
    isFull ? currentSessionNo(sessions, today, sessionCount) : null,
    rows.length > 0,
  );
  return (
    <div ref={containerRef}>
      <DataTable
        caption="申込者一覧"
        columns={
          isFull
            ? fullColumns(courseId, editor, onPromote, sessionCount, { sessions, today })
            : LIMITED_COLUMNS
        }
        rows={isFull ? rows : allRows}
        total={total}
        rowKey={(row) => row.student_id}
        isLoading={list.isFetching}
        loadingLabel="検索中..."
        emptyText="条件に該当する申込者がいません。検索条件を変えてお試しください。"
        rowClassName={(row) =>
          isFull && editor.isRowTicked(row as CourseApplicantRow) ? TICKED_ROW : undefined
        }
        {...table}
        toolbar={
          <CsvDownloadLink
            href={applicantCsvUrl(courseId, search)}
            isPreparing={list.isFetching}
            isDisabled={total === 0}
          />
        }
      />
    </div>
  );
}

/** The search in the URL and one page of its applicants from the server, with the search's total. */
function useApplicantList(courseId: number) {
  const url = useSearchState(applicantUrlSchema);
  const search: ApplicantSearch = url.values;
  const table = useTableUrlState();
  const page = listPageOf(table.state);
  // one page from the server with the search's total (decision 020): a course may have thousands
  const list = useQuery(applicantListQuery(courseId, search, page));
  const allRows = list.data?.data_list ?? [];
  const total = list.data?.total ?? 0;
  const rows = useMemo(() => allRows.filter(isFullRow), [allRows]);
  return { url, search, table, page, list, allRows, total, rows };
}

/** The dialogs of the full tab: 繰り上げ of one applicant, and the lottery with the course's count of 抽選待ち. */
function ApplicantDialogs({
  courseId,
  promoting,
  onPromoteClosed,
  isLotteryOpen,
  onLotteryClosed,
}: {
  courseId: number;
  promoting: CourseApplicantRow | null;
  onPromoteClosed: (done: CourseApplicantRow | null) => void;
  isLotteryOpen: boolean;
  onLotteryClosed: () => void;
}) {
  const undrawn = useQuery(undrawnCountQuery(courseId));
  return (
    <>
      <PromoteDialog courseId={courseId} row={promoting} onClose={onPromoteClosed} />
      <LotteryModal
        courseId={courseId}
        isOpen={isLotteryOpen}
        undrawnCount={undrawn.data ?? 0}
        onClose={onLotteryClosed}
      />
    </>
  );
}

/**
 * The inline editor of the applicant table: rows edited on another page are carried along (and saved by
 * 更新する) until saved or undone; a 409 reads every edited row again, wherever its page.
 */
function useApplicantEditor(
  courseId: number,
  search: ApplicantSearch,
  page: ReturnType<typeof listPageOf>,
  rows: CourseApplicantRow[],
  refetchPage: () => Promise<unknown>,
) {
  const reload = useReloadApplicants();
  const update = useUpdateApplicantTable();
  // rows edited on another page stay in the editor (and in 更新する) until saved or undone
  const [carried, setCarried] = useState<ReadonlyMap<number, CourseApplicantRow>>(NO_ROWS);
  const editorRows = withCarried(rows, carried);
  const editor = useAttendanceEditor({
    editing: applicantEditing,
    rows: editorRows,
    rowName: (row) => `${row.login_id} ${row.name}`,
    buildUpdate: (current, edits) => buildTableUpdate(courseId, current, edits),
    schema: applicantListUpdateBodySchema,
    save: async (body) => {
      const answer = await update.mutateAsync(body);
      await reload();
      return answer;
    },
    // someone changed a row meanwhile: every row with an edit is read again, wherever its page
    refetchRows: async () => {
      const [whole] = await Promise.all([fetchAllApplicants(courseId, search, page), refetchPage()]);
      const wholeRows: readonly (CourseApplicantRow | CourseApplicantRowLimited)[] = whole.data_list;
      const fresh = new Map(wholeRows.filter(isFullRow).map((r) => [r.student_id, r]));
      const next = new Map<number, CourseApplicantRow>();
      for (const key of carried.keys()) {
        const row = fresh.get(key);
        if (row) next.set(key, row);
      }
      setCarried(next);
      return editorRows.map((r) => fresh.get(r.student_id)).filter((r) => r !== undefined);
    },
  });
  const edits = editor.edits;
  useEffect(() => {
    setCarried((current) => carriedRows(current, rows, edits));
  }, [rows, edits]);
  return { editor, update, reload };
}

/** The search panel: login id, name and kana for authority 1, kana alone for authority 2. */
function ApplicantSearchForm({
  search,
  isFull,
  pending,
  onSearch,
}: {
  search: ApplicantSearch;
  isFull: boolean;
  pending: boolean;
  onSearch: (values: ApplicantSearch) => void;
}) {
  const form = useForm({
    resolver: zodResolver(applicantSearchFormSchema),
    defaultValues: search,
  });
  const searchKey = JSON.stringify(search);
  // biome-ignore lint/correctness/useExhaustiveDependencies: searchKey stands for `search`
  useEffect(() => {
    form.reset(search);
  }, [searchKey, form]);

  const submitSearch = form.handleSubmit(onSearch);

  return (
    <SearchPanel title="申込者の検索">
      <form noValidate onSubmit={submitSearch} className="space-y-6">
        <div className="grid gap-6 md:grid-cols-3">
          {isFull && (
            <TextInput
              control={form.control}
              name="login_id"
              label="学生番号"
              inputMode="numeric"
              maxLength={8}
            />
          )}
          {isFull && <TextInput control={form.control} name="name" label="氏名" />}
          <TextInput control={form.control} name="name_kana" label="氏名カナ" />
        </div>
        {isFull && (
          <div className="grid gap-6 md:grid-cols-2">
            <CheckboxGroup
              control={form.control}
              name="lottery_status"
              label="抽選状況"
              options="CD003"
              description="チェックがないときは、すべての抽選状況を表示します。"
            />
            <div className="flex flex-col gap-6">
              <Select
                control={form.control}
                name="attendance_status"
                label="受講状況"
                options="CD004"
                allowEmpty
                placeholder="すべて"
                width="sm"
              />
              <CheckboxGroup
                control={form.control}
                name="confirmed"
                label="受講確定"
                options={CONFIRMED_OPTIONS}
              />
            </div>
          </div>
        )}
        <Select
          control={form.control}
          name="payment"
          label="入金状況"
          options={PAYMENT_OPTIONS}
          allowEmpty
          placeholder="すべて"
          width="md"
        />
        {pending && (
          <p className="text-std-16N-170 text-ink">検索すると、まだ更新していない変更は取り消されます。</p>
        )}
        <SearchPanelActions onClear={() => form.reset(emptySearch())} />
      </form>
    </SearchPanel>
  );
}

/** What a promotion from the waiting list did (the applicant was told by notice and mail). */
function PromotedAlert({ row: promoted }: { row: CourseApplicantRow }) {
  return (
    <Alert variant="success" title="繰り上げました">
      <p>
        {promoted.name}さん（学生番号 {promoted.login_id}
        ）を補欠から繰り上げて「当選」にしました。本人にはマイページとメールでお知らせしました。
      </p>
    </Alert>
  );
}

/** 申込者を追加, 抽選 and the address labels; the draw waits while the table holds unsaved changes. */
function ApplicantTools({
  courseId,
  pending,
  onLottery,
}: {
  courseId: number;
  pending: boolean;
  onLottery: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-4">
      <ButtonLink to={paths.admin.courseApplicantAdd(courseId)} variant="secondary">
        申込者を追加
      </ButtonLink>
      <Button variant="secondary" onPress={onLottery} isDisabled={pending}>
        抽選
      </Button>
      {/* every applicant's address for 差し込み印刷 (the server's CSV; the letters page has the results') */}
      <CsvDownloadLink href={applicantLabelsUrl(courseId)} label="宛名ラベル（CSV）" />
      {pending && (
        <p className="basis-full text-std-16N-170 text-ink">
          未保存の変更があるため抽選できません。先に「更新する」か「元に戻す」を押してください。
        </p>
      )}
    </div>
  );
}
