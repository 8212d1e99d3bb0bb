import { formatDateJa, formatDateTimeJa } from '@manabi/shared/domain/dates';
import { yenText } from '@manabi/shared/domain/fees';
import type { Disclosure } from '@manabi/shared/schemas/student-disclosure';
import { DISCLOSURE_TITLE } from '@manabi/shared/schemas/student-disclosure';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { Navigate, useParams } from 'react-router';
import { paths } from '../../lib/paths';
import { Button, buttonClass, TextLink } from '../../ui/button';
import { FullPageSpinner } from '../../ui/full-page-spinner';
import { PageTitle } from '../../ui/page-title';
import { disclosureFileUrl, disclosureQuery } from './api/student-disclosure';

/**
 * /admin/student/disclosure/{userId} (decision 076), authority 1: everything held about one student, to print
 * and hand over (「印刷する」: the admin header, menu, footer and buttons are not printed, styles.css) or to
 * give as the JSON file. Each section under the heading the document itself carries; dates as Japanese
 * writes them. Opening the page is recorded in the audit log (the server does it), so it reads once.
 */
export function Component() {
  const raw = useParams().userId ?? '';
  const id = /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : null;
  if (id === null) return <Navigate to={paths.admin.notFound()} replace />;
  return <DisclosurePage userId={id} />;
}

const when = (v: string | null) => (v ? formatDateTimeJa(v) : '');
const day = (v: string | null) => (v ? formatDateJa(v) : '');
const or = (v: string, none = '—') => v || none;

const cell = 'border-b border-line-subtle px-3 py-2 align-top text-left';
const head = 'border-b-2 border-line px-3 py-2 text-left align-bottom text-std-16B-170 whitespace-nowrap';

function DisclosurePage({ userId }: { userId: number }) {
  const query = useQuery(disclosureQuery(userId));
  const d = query.data;
  if (!d) return <FullPageSpinner />;
  return (
    <div className="space-y-10 print:space-y-6">
      <DisclosureHead d={d} userId={userId} />
      <DisclosureContents d={d} />
      <RecordSection d={d} />
      <ApplicationsSection d={d} />
      <PaymentsSection d={d} />
      <NoticesSection d={d} />
      <NoticeRecordsSection d={d} />
      <MailsSection d={d} />
      <CallsSection d={d} />
      <AddressRequestsSection d={d} />
      <InquiriesSection d={d} />
      <CalendarFeedSection d={d} />
      <DuplicatesSection d={d} />
      <AuditSection d={d} />
      <p data-print="hide">
        <TextLink to={paths.admin.studentDetail(userId)}>学生詳細へ戻る</TextLink>
      </p>
    </div>
  );
}

/** How many records a section holds, in words. */
const countText = (n: number) => (n === 0 ? 'なし' : `${n}件`);

/**
 * The table of contents, on the first page with the person: every section of the document and how many
 * records it holds, so a reader sees at once what is there and what is not.
 */
function DisclosureContents({ d }: { d: Disclosure }) {
  const rows = (s: { title: string; rows: unknown[] }) => [s.title, countText(s.rows.length)] as const;
  const entries = [
    [d.record.title, `${d.record.items.length}項目`],
    rows(d.applications),
    rows(d.payments),
    rows(d.notices),
    rows(d.notice_records),
    rows(d.mails),
    rows(d.calls),
    rows(d.address_requests),
    rows(d.inquiries),
    [d.calendar_feed.title, d.calendar_feed.feed.exists ? 'あり' : 'なし'],
    rows(d.duplicates),
    rows(d.audit),
  ] as const;
  return (
    // a section, not a nav: the print hides every nav (the menus), and the contents belong on the first page
    <section aria-labelledby="disclosure-contents" className="space-y-2">
      <h2 id="disclosure-contents" className="text-std-20B-150">
        目次
      </h2>
      <ol className="list-decimal space-y-1 pl-8">
        {entries.map(([title, count]) => (
          <li key={title}>{`${title}（${count}）`}</li>
        ))}
      </ol>
    </section>
  );
}

/** The document's title, whose it is and when it was made; on screen, 印刷する and the JSON file. */
function DisclosureHead({ d, userId }: { d: Disclosure; userId: number }) {
  const who = `${d.student.name}（学生番号 ${d.student.login_id ?? '未発行'}）`;
  return (
    <div className="space-y-3">
      <PageTitle>{DISCLOSURE_TITLE}</PageTitle>
      <p className="text-std-20B-150 text-ink">{who}</p>
      <p>{`作成日：${formatDateJa(d.prepared_at)}`}</p>
      <p data-print="hide">
        まなび市民大学の事務局がこの方について保有している情報のすべてです。この画面を開いたことは操作の記録に残ります。
      </p>
      <div data-print="hide" className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:gap-4">
        <Button onPress={() => window.print()}>印刷する</Button>
        <a href={disclosureFileUrl(userId)} download className={buttonClass('secondary', 'md')}>
          JSONファイルをダウンロード
        </a>
      </div>
    </div>
  );
}

function NoticesSection({ d }: { d: Disclosure }) {
  return (
    <TableSection
      title={d.notices.title}
      columns={['日付', 'タイトル', '本文', '講座', '読んだ日時']}
      rows={d.notices.rows.map((n) => [
        when(n.created_at),
        n.title,
        <Text key="c" value={n.content} />,
        or(n.course_name),
        or(when(n.read_at), '未読'),
      ])}
    />
  );
}

function NoticeRecordsSection({ d }: { d: Disclosure }) {
  return (
    <TableSection
      title={d.notice_records.title}
      columns={['日時', 'お知らせ', '記録', '担当']}
      rows={d.notice_records.rows.map((r) => [when(r.at), r.title, r.kind_text, or(r.by)])}
    />
  );
}

function MailsSection({ d }: { d: Disclosure }) {
  return (
    <TableSection
      title={d.mails.title}
      columns={['作成日時', '宛先', '件名', '本文', '状態', '送信日時']}
      rows={d.mails.rows.map((m) => [
        when(m.created_at),
        m.to,
        m.subject,
        <Text key="b" value={m.body} />,
        m.failure_text ? `${m.status_text}（${m.failure_text}）` : m.status_text,
        or(when(m.sent_at)),
      ])}
    />
  );
}

function PaymentsSection({ d }: { d: Disclosure }) {
  return (
    <TableSection
      title={d.payments.title}
      columns={[
        '日付',
        '講座',
        '種類',
        '金額',
        '方法',
        '領収書番号',
        'メモ',
        '振込依頼人',
        '記録した職員',
        '取り消し',
      ]}
      rows={d.payments.rows.map((p) => [
        day(p.paid_on),
        p.course_name,
        p.kind_text,
        yenText(p.amount),
        p.method_text,
        or(p.receipt_no),
        or(p.note),
        or(p.payer_name),
        or(p.recorded_by),
        p.voided_at ? `${when(p.voided_at)}（${p.void_reason}）` : 'なし',
      ])}
    />
  );
}

function CallsSection({ d }: { d: Disclosure }) {
  return (
    <TableSection
      title={d.calls.title}
      columns={['日時', '担当', '講座', '結果', 'メモ']}
      rows={d.calls.rows.map((c) => [
        when(c.called_at),
        or(c.admin_name),
        or(c.course_name),
        c.outcome_text,
        or(c.note),
      ])}
    />
  );
}

function AddressRequestsSection({ d }: { d: Disclosure }) {
  return (
    <TableSection
      title={d.address_requests.title}
      columns={['届出日時', '郵便番号', '新しい住所', '状態', '差し戻しの理由', '処理']}
      rows={d.address_requests.rows.map((r) => [
        when(r.requested_at),
        r.postcode,
        r.address,
        r.status_text,
        or(r.return_reason),
        r.decided_at ? `${when(r.decided_at)}（${or(r.decided_by, '事務局')}）` : '—',
      ])}
    />
  );
}

function InquiriesSection({ d }: { d: Disclosure }) {
  return (
    <TableSection
      title={d.inquiries.title}
      columns={['日時', '内容', 'お問い合わせの詳細', '回答の希望', 'お名前・連絡先']}
      rows={d.inquiries.rows.map((q) => [
        when(q.created_at),
        q.content_text,
        <Text key="d" value={q.detail} />,
        q.is_required_answer ? 'あり' : 'なし',
        [
          q.name,
          q.name_kana,
          q.age_band_text,
          q.mail,
          q.phone,
          [q.postcode, q.pref, q.address].join(' ').trim(),
        ]
          .filter(Boolean)
          .join('／'),
      ])}
    />
  );
}

function CalendarFeedSection({ d }: { d: Disclosure }) {
  return (
    <Section title={d.calendar_feed.title}>
      {d.calendar_feed.feed.exists ? (
        <dl className={dlClass}>
          <Item label="状態" value="連携しています（カレンダーの読み取り用アドレスを発行済み）" />
          <Item label="発行日時" value={when(d.calendar_feed.feed.created_at)} />
          <Item
            label="最後に読み取られた日時"
            value={or(when(d.calendar_feed.feed.last_used_at), 'まだありません')}
          />
        </dl>
      ) : (
        <p>連携していません。</p>
      )}
    </Section>
  );
}

function DuplicatesSection({ d }: { d: Disclosure }) {
  return (
    <TableSection
      title={d.duplicates.title}
      columns={['日時', '内容', 'もう一つの登録', '詳しい内容', '担当', '取り消し']}
      rows={d.duplicates.rows.map((r) => [
        when(r.at),
        r.kind_text,
        r.other_user_id !== null ? (
          <OtherRecord key="o" userId={r.other_user_id} name={r.other_name} loginId={r.other_login_id} />
        ) : (
          '（別の方の情報のため表示しません）'
        ),
        or(r.text),
        or(r.by, '自動処理'),
        r.undone_at ? `${when(r.undone_at)}に取り消し` : '—',
      ])}
    />
  );
}

function AuditSection({ d }: { d: Disclosure }) {
  return (
    <TableSection
      title={d.audit.title}
      columns={['日時', '操作した人', '操作', '講座', '内容', '方法']}
      rows={d.audit.rows.map((e) => [
        when(e.at),
        e.actor,
        e.action_text,
        or(e.course_name),
        e.detail_lines.length ? <Lines key="l" lines={e.detail_lines} /> : '—',
        e.via_text,
      ])}
    />
  );
}

const dlClass =
  'grid gap-x-6 gap-y-2 sm:grid-cols-[minmax(10rem,auto)_1fr] print:grid-cols-[minmax(10rem,auto)_1fr]';

function Item({ label, value }: { label: string; value: string }) {
  return (
    <div className="contents">
      <dt className="text-std-16B-170">{label}</dt>
      <dd className="break-words">{or(value)}</dd>
    </div>
  );
}

/** A section of the document under its own heading. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    // on paper a long section runs on to the next page rather than start on a new one (styles.css keeps a
    // section whole, which suits the short ones of other pages)
    <section aria-labelledby={id} data-print="split" className="space-y-4">
      <h2 id={id} className="text-std-24B-150 text-ink max-sm:text-std-20B-150">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A merge's other record: the same person's, whose own row and entries are disclosed on its own page. */
function OtherRecord({ userId, name, loginId }: { userId: number; name: string; loginId: string }) {
  return (
    <span className="space-y-1">
      <span className="block">{`${name}（学生番号 ${loginId || '未発行'}）`}</span>
      <span data-print="hide" className="block">
        <TextLink to={paths.admin.studentDisclosure(userId)}>この登録の開示を開く</TextLink>
      </span>
    </span>
  );
}

/** Text as it was written, its line breaks kept. */
const Text = ({ value }: { value: string }) => (
  <span className="whitespace-pre-wrap break-words">{value}</span>
);
const Lines = ({ lines }: { lines: string[] }) => (
  <ul className="space-y-1">
    {lines.map((l, i) => (
      // the same words may come twice in one entry: the place keeps them apart
      // biome-ignore lint/suspicious/noArrayIndexKey: the list is never reordered
      <li key={i}>{l}</li>
    ))}
  </ul>
);

function RecordSection({ d }: { d: Disclosure }) {
  return (
    <Section title={d.record.title}>
      <dl className={dlClass}>
        {d.record.items.map((i) => (
          <Item key={i.key} label={i.label} value={i.value_text} />
        ))}
      </dl>
      <h3 className="text-std-20B-150">記載していない情報と理由</h3>
      <dl className={dlClass}>
        {d.record.left_out.map((l) => (
          <Item key={l.label} label={l.label} value={l.reason} />
        ))}
      </dl>
    </Section>
  );
}

function ApplicationsSection({ d }: { d: Disclosure }) {
  const rows = d.applications.rows;
  return (
    <Section title={d.applications.title}>
      {rows.length === 0 ? (
        <p>記録はありません。</p>
      ) : (
        <ul className="space-y-6">
          {rows.map((a) => (
            <li key={a.application_id} className="space-y-3 rounded-8 border-2 border-line-subtle p-4">
              <h3 className="text-std-20B-150">{a.course_name}</h3>
              <dl className={dlClass}>
                <Item
                  label="開催"
                  value={[a.course_period, day(a.course_start_date)].filter(Boolean).join('　')}
                />
                <Item
                  label="申込日時"
                  value={`${when(a.applied_at)}（${a.how_apply_text}${a.entered_by ? `、${a.entered_by}が入力` : ''}）`}
                />
                <Item label="抽選の結果" value={a.lottery_status_text} />
                {a.decline_reason_text && <Item label="辞退の理由" value={a.decline_reason_text} />}
                {a.confirm_by && <Item label="確定の期限" value={when(a.confirm_by)} />}
                {a.confirmed_at && <Item label="受講の確定" value={when(a.confirmed_at)} />}
                {a.promoted_at && <Item label="繰り上げ当選" value={when(a.promoted_at)} />}
                {a.decided_at && (
                  <Item
                    label="事務局の手続き"
                    value={`${when(a.decided_at)}（${[a.decided_channel_text, a.decided_by, a.decision_note].filter(Boolean).join('、')}）`}
                  />
                )}
                <Item label="受講状況" value={a.attendance_status_text} />
                <Item label="取得単位" value={`${a.acquisition_unit}単位`} />
                <Item label="受講料の補助" value={a.aid_tuition_fee ? 'あり' : 'なし'} />
                {a.cancelled_at && <Item label="キャンセル" value={when(a.cancelled_at)} />}
                {a.remarks && <Item label="備考" value={a.remarks} />}
              </dl>
              {a.attendance.length > 0 && (
                <Table
                  caption={`${a.course_name}の出欠`}
                  columns={['回', '日付', '出欠']}
                  rows={a.attendance.map((s) => [`第${s.no}回`, or(day(s.day)), s.status_text])}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function TableSection({ title, columns, rows }: { title: string; columns: string[]; rows: ReactNode[][] }) {
  return (
    <Section title={title}>
      {rows.length === 0 ? (
        <p>記録はありません。</p>
      ) : (
        <Table caption={title} columns={columns} rows={rows} />
      )}
    </Section>
  );
}

/** A captioned table; on a narrow screen it scrolls sideways (reachable by keyboard), on paper it wraps. */
function Table({ caption, columns, rows }: { caption: string; columns: string[]; rows: ReactNode[][] }) {
  return (
    <section
      aria-label={`${caption}（横にスクロールできます）`}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be keyboard-reachable (WCAG 2.1.1, axe scrollable-region-focusable)
      tabIndex={0}
      data-print="split"
      className="overflow-x-auto rounded-8 border-2 border-line-subtle print:overflow-visible print:border-0"
    >
      <table className="w-full border-collapse text-std-16N-170 text-ink">
        <caption className="px-3 pt-2 text-left text-std-16B-170">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col" className={head}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are the document's, never reordered
            <tr key={i}>
              {r.map((c, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed
                <td key={j} className={`${cell} min-w-[8rem] print:min-w-0`}>
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
