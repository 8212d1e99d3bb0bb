import type { CourseUploadPreview, StudentUploadPreview } from '@manabi/shared/api';
import { IMPORT_PREVIEW_MSG, PREVIEW_LIST_LIMIT } from '@manabi/shared/schemas/import-preview';
import { type ReactNode, type Ref, useId } from 'react';
import { Alert } from './alert';

/** What a preview call answers (decision 070), whichever upload it is. */
export type ImportPreview = StudentUploadPreview | CourseUploadPreview;

/** The words of the file's key column and of its name column: 学生番号・氏名, 講座ID・講座名. */
export interface PreviewWords {
  key: string;
  name: string;
}

const keyOf = (row: { login_id: string } | { course_id: string }) =>
  'login_id' in row ? row.login_id : row.course_id;

const cell = 'border-t border-line px-3 py-2 align-top';
const head = 'px-3 py-2 text-left text-std-16B-170';

/**
 * A table of the preview that may be wider than a phone: scrolled sideways inside a region the keyboard
 * can reach and a screen reader names, with its caption as its heading.
 */
function PreviewTable({
  caption,
  note,
  columns,
  children,
}: {
  caption: string;
  note?: ReactNode;
  columns: string[];
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-2">
      <h4 id={id} className="text-std-18B-160 text-ink">
        {caption}
      </h4>
      {note && <p className="text-std-16N-170 text-ink">{note}</p>}
      <section
        aria-label={`${caption}（スクロールできます）`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be keyboard-reachable (WCAG 2.1.1, axe scrollable-region-focusable)
        tabIndex={0}
        className="max-h-[24rem] overflow-auto rounded-8 border-2 border-line"
      >
        <table className="w-full border-collapse text-std-16N-170 text-ink">
          <caption className="sr-only">{caption}</caption>
          <thead className="sticky top-0 bg-surface">
            <tr>
              {columns.map((c) => (
                <th key={c} scope="col" className={head}>
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      </section>
    </section>
  );
}

/** 「最初の200件を表示しています（全345件）」 when a list was cut. */
function shownOf(isCut: boolean, total: number) {
  return isCut
    ? `最初の${PREVIEW_LIST_LIMIT}件を表示しています（全${total.toLocaleString('ja-JP')}件）。`
    : null;
}

/** A count of rows in words: 「345件」. */
const countText = (x: number) => `${x.toLocaleString('ja-JP')}件`;

/**
 * The preview of an upload (decision 070): what the file would do in words, then the tables — the rows that
 * cannot be registered (row, column, message), the registered records whose stored values differ (field:
 * before → after; not updated), the likely duplicates of new students, and the new rows. With a row in error
 * it says what to fix; nothing is registered until 「この内容で登録する」.
 */
export function ImportPreviewPanel({
  preview,
  words,
  headingRef,
}: {
  preview: ImportPreview;
  words: PreviewWords;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const { counts } = preview;
  return (
    <div className="space-y-6">
      <h3 ref={headingRef} tabIndex={-1} className="text-std-20B-150 text-ink outline-none">
        確認の結果（まだ登録していません）
      </h3>
      <PreviewCounts counts={counts} />
      <PreviewVerdict counts={counts} />
      {preview.errors.length > 0 && <ErrorTable preview={preview} />}
      {preview.changes.length > 0 && <ChangeTable preview={preview} words={words} />}
      {'duplicates' in preview && preview.duplicates.length > 0 && (
        <DuplicateTable preview={preview} words={words} />
      )}
      {preview.new_rows.length > 0 && <NewRowTable preview={preview} words={words} />}
    </div>
  );
}

type Counts = ImportPreview['counts'];

/** The file's rows counted: all, new, registered alike, registered but different, in error. */
function PreviewCounts({ counts }: { counts: Counts }) {
  return (
    <dl className="divide-y divide-line-subtle border-y border-line-subtle text-std-17N-170">
      {[
        ['ファイルの行数', countText(counts.rows)],
        ['新しく登録する行', countText(counts.new)],
        ['登録済みで内容が同じ行（登録しません）', countText(counts.unchanged)],
        ['登録済みで内容が異なる行（更新しません）', countText(counts.changed)],
        ['誤りのある行', countText(counts.errors)],
      ].map(([label, value]) => (
        <div key={label} className="flex flex-wrap justify-between gap-x-4 py-2">
          <dt className="text-std-17B-170">{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** What the file would do: nothing while a row is in error, else register the new rows (or there are none). */
function PreviewVerdict({ counts }: { counts: Counts }) {
  if (counts.errors > 0)
    return (
      <Alert variant="error" title={`誤りのある行が${countText(counts.errors)}あります`} size="lg">
        <p>
          このままでは1件も登録できません。下の表の行と項目を直してファイルを保存し、「やり直す」を押して、直したファイルでもう一度確認してください。
        </p>
      </Alert>
    );
  if (counts.new > 0)
    return (
      <Alert variant="info" title="この内容で登録できます" size="lg">
        <p>「この内容で登録する」を押すと、新しい{countText(counts.new)}を登録します。</p>
      </Alert>
    );
  return (
    <Alert variant="warning" title="新しく登録する行がありません" size="lg">
      <p>登録する行がないため、このファイルでは何も変わりません。</p>
    </Alert>
  );
}

function ErrorTable({ preview }: { preview: ImportPreview }) {
  return (
    <PreviewTable
      caption="誤りのある行"
      note={shownOf(preview.errors_truncated, preview.counts.errors)}
      columns={['行', '項目', '内容']}
    >
      {preview.errors.map((e) => (
        <tr key={`${e.line}\t${e.column}\t${e.message}`}>
          <td className={cell}>{e.line}行目</td>
          <td className={cell}>{e.column || '（行全体）'}</td>
          <td className={cell}>{e.message}</td>
        </tr>
      ))}
    </PreviewTable>
  );
}

function ChangeTable({ preview, words }: { preview: ImportPreview; words: PreviewWords }) {
  return (
    <PreviewTable
      caption={IMPORT_PREVIEW_MSG.registeredDiffers}
      note={shownOf(preview.changes_truncated, preview.counts.changed)}
      columns={['行', words.key, words.name, '違う項目（登録済み → ファイル）']}
    >
      {preview.changes.map((c) => (
        <tr key={c.line}>
          <td className={cell}>{c.line}行目</td>
          <td className={cell}>{keyOf(c)}</td>
          <td className={cell}>{c.name}</td>
          <td className={cell}>
            <ul className="space-y-1">
              {c.fields.map((f) => (
                <li key={f.field}>
                  {f.label}：{f.before || '（空欄）'} → {f.after || '（空欄）'}
                </li>
              ))}
            </ul>
          </td>
        </tr>
      ))}
    </PreviewTable>
  );
}

/** The new students who may be registered already (a student upload's preview only). */
function DuplicateTable({ preview, words }: { preview: StudentUploadPreview; words: PreviewWords }) {
  const duplicates = preview.duplicates;
  return (
    <PreviewTable
      caption="重複の疑い"
      note={`登録済みの学生と同じ人かもしれない行です。登録はできますが、同じ人でないか確かめてください。${
        shownOf(preview.duplicates_truncated, duplicates.length) ?? ''
      }`}
      columns={['行', words.key, words.name, '似ている登録済みの学生', '理由']}
    >
      {duplicates.map((d) => (
        <tr key={`${d.line}-${d.match_user_id}`}>
          <td className={cell}>{d.line}行目</td>
          <td className={cell}>{d.login_id}</td>
          <td className={cell}>{d.name}</td>
          <td className={cell}>
            {d.match_login_id} {d.match_name}
          </td>
          <td className={cell}>{d.reasons.join('、')}</td>
        </tr>
      ))}
    </PreviewTable>
  );
}

function NewRowTable({ preview, words }: { preview: ImportPreview; words: PreviewWords }) {
  return (
    <PreviewTable
      caption="新しく登録する行"
      note={shownOf(preview.new_rows_truncated, preview.counts.new)}
      columns={['行', words.key, words.name]}
    >
      {preview.new_rows.map((r) => (
        <tr key={r.line}>
          <td className={cell}>{r.line}行目</td>
          <td className={cell}>{keyOf(r)}</td>
          <td className={cell}>{r.name}</td>
        </tr>
      ))}
    </PreviewTable>
  );
}
