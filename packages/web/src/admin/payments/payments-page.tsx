import { formatDateJa, todayTokyo } from '@manabi/shared/domain/dates';
import { fiscalYearOf, yenText } from '@manabi/shared/domain/fees';
import { endpoints } from '@manabi/shared/routes/endpoints';
import { BANK_LINE_STATUS, type BankLine, type BankPreview } from '@manabi/shared/schemas/payments';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { isApiError, withQuery } from '../../lib/api';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { CheckboxItem } from '../../ui/choice-fields';
import { CsvDownloadLink } from '../../ui/csv-download';
import { readAsDataUrl } from '../../ui/csv-upload';
import { PageTitle } from '../../ui/page-title';
import { SelectBox } from '../../ui/select-box';
import { previewBankFile, reportQuery, useApplyBankFile } from './api/payments';

/**
 * /admin/payments 「入金・返金」 (decision 078), authority 1: the bank's transfer file — chosen, previewed
 * (matched, ambiguous with the office's pick, like a recorded transfer with the office's answer — decision
 * 085 —, unmatched, already recorded), applied in one go — and the books of a fiscal year, with its CSV.
 */
export function Component() {
  return (
    <div className="space-y-12">
      <PageTitle>入金・返金</PageTitle>
      <BankFile />
      <Report />
    </div>
  );
}

/**
 * The bank file's state: the file chosen (read as a data URL), its preview with the office's pick for each
 * ambiguous line and its answer for each line like a recorded transfer (「別の振込なら記録する」), the refusal
 * or the outcome in words; 内容を確認する reads the preview, この内容で記録する applies it (the same file and
 * the preview's hash).
 */
function useBankFile() {
  const [file, setFile] = useState<{ name: string; dataUrl: string } | null>(null);
  const [preview, setPreview] = useState<BankPreview | null>(null);
  const [picks, setPicks] = useState<Record<number, string>>({});
  const [newTransfers, setNewTransfers] = useState<ReadonlySet<number>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const apply = useApplyBankFile();

  const choose = async (f: File | undefined) => {
    setPreview(null);
    setDone(null);
    setFile(f ? { name: f.name, dataUrl: await readAsDataUrl(f) } : null);
  };
  const check = async () => {
    setError(null);
    setDone(null);
    setPreview(null);
    if (!file) {
      setError('ファイルが選択されていません。');
      return;
    }
    setReading(true);
    try {
      setPreview(await previewBankFile(file.dataUrl));
      setPicks({});
      setNewTransfers(new Set());
    } catch (e) {
      if (!isApiError(e)) throw e;
      setError(e.errList[0]?.msg ?? e.message);
    } finally {
      setReading(false);
    }
  };
  const write = async () => {
    if (!file || !preview) return;
    setError(null);
    try {
      const r = await apply.mutateAsync({
        file: file.dataUrl,
        preview_hash: preview.preview_hash,
        // a question's pick counts only once the office has said it is another transfer
        choices: Object.entries(picks)
          .filter(([line, id]) => id !== '' && (!asked(Number(line)) || newTransfers.has(Number(line))))
          .map(([line, id]) => ({ line: Number(line), application_id: Number(id) })),
        new_transfers: [...newTransfers],
      });
      setDone(r.msg);
      setPreview(null);
      setFile(null);
    } catch (e) {
      if (!isApiError(e)) throw e;
      setError(e.errList[0]?.msg ?? e.message);
    }
  };
  const pick = (line: number, id: string) => setPicks((p) => ({ ...p, [line]: id }));
  const asked = (line: number) => preview?.lines.some((l) => l.line === line && l.status === 'question');
  const answer = (line: number, isNew: boolean) =>
    setNewTransfers((prev) => {
      const next = new Set(prev);
      if (isNew) next.add(line);
      else next.delete(line);
      return next;
    });

  return {
    preview,
    picks,
    newTransfers,
    error,
    done,
    reading,
    isWriting: apply.isPending,
    choose,
    check,
    write,
    pick,
    answer,
    discard: () => setPreview(null),
  };
}

function BankFile() {
  const inputId = useId();
  const bank = useBankFile();
  const { error, preview } = bank;

  return (
    <section aria-labelledby="bank-title" className="space-y-4">
      <h2 id="bank-title" className="text-std-24B-150">
        銀行の入金明細を取り込む
      </h2>
      <p>
        全銀協の振込入金明細ファイル、または「日付・金額・振込依頼人名」のCSVを選んでください。振込依頼人名の学生番号（8桁）で、なければカナの名前と残額で、当選した席に結びつけます。確認の画面で内容を見てから記録します。
      </p>
      <div className="space-y-2">
        <label htmlFor={inputId} className="block text-std-17B-170">
          入金明細のファイル
        </label>
        <input
          id={inputId}
          type="file"
          accept=".csv,.txt,.dat,text/csv,text/plain"
          className="block text-std-16N-170"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          onChange={(e) => bank.choose(e.currentTarget.files?.[0])}
        />
        {error && (
          <p id={`${inputId}-error`} className="text-std-16B-170 text-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <Button onPress={bank.check} isPending={bank.reading} pendingLabel="確認中...">
        内容を確認する
      </Button>
      {bank.done && (
        <Alert variant="success" title="記録しました">
          <p>{bank.done}</p>
        </Alert>
      )}
      {preview && (
        <div className="space-y-4" data-testid="bank-preview">
          <p className="text-std-18B-160">
            {`${preview.counts.lines}件のうち、一致 ${preview.counts.matched}件・候補が複数 ${preview.counts.ambiguous}件・確認が必要 ${preview.counts.question}件・該当なし ${preview.counts.unmatched}件・記録済み ${preview.counts.recorded}件`}
          </p>
          {preview.counts.question > 0 && (
            <Alert variant="warning" title="同じ振込がすでに記録されている行があります" announce={false}>
              <p>
                日付・金額・振込依頼人名が、前に取り込んだ振込と同じです。同じ振込をもう一度取り込んだのなら、そのままにしてください（記録しません）。別の人や別の日の振込なら、「別の振込なら記録する」を選んでください。
              </p>
            </Alert>
          )}
          <BankPreviewTable
            lines={preview.lines}
            picks={bank.picks}
            onPick={bank.pick}
            newTransfers={bank.newTransfers}
            onAnswer={bank.answer}
          />
          <div className="flex flex-wrap gap-4">
            <Button onPress={bank.write} isPending={bank.isWriting} pendingLabel="記録中...">
              この内容で記録する
            </Button>
            <Button variant="secondary" onPress={bank.discard}>
              やり直す
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}

/** The preview's lines: each one's result, and the seat it records (the office picks one when several fit). */
function BankPreviewTable({
  lines,
  picks,
  onPick,
  newTransfers,
  onAnswer,
}: {
  lines: readonly BankLine[];
  picks: Record<number, string>;
  onPick: (line: number, applicationId: string) => void;
  newTransfers: ReadonlySet<number>;
  onAnswer: (line: number, isNew: boolean) => void;
}) {
  return (
    <section
      aria-label="入金明細の確認（横にスクロールできます）"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be keyboard-reachable (WCAG 2.1.1, axe scrollable-region-focusable)
      tabIndex={0}
      className="overflow-x-auto"
    >
      <table className="w-full min-w-[40rem] text-left text-std-16N-170">
        <caption className="text-left text-std-17B-170">入金明細の確認</caption>
        <thead>
          <tr>
            <th scope="col">行</th>
            <th scope="col">日付</th>
            <th scope="col">金額</th>
            <th scope="col">振込依頼人名</th>
            <th scope="col">結果</th>
            <th scope="col">記録する席</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr key={l.line} data-testid={`bank-line-${l.status}`}>
              <td>{l.line}</td>
              <td>{l.paid_on ? formatDateJa(l.paid_on) : '－'}</td>
              <td>{yenText(l.amount)}</td>
              <td className="wrap-anywhere">{l.payer_name}</td>
              <td>{BANK_LINE_STATUS[l.status]}</td>
              <td>
                <BankLineSeat
                  line={l}
                  pick={picks[l.line] ?? ''}
                  onPick={(v) => onPick(l.line, v)}
                  isNew={newTransfers.has(l.line)}
                  onAnswer={(v) => onAnswer(l.line, v)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** 「R-000123・山田 花子・海と港の経済学（5月1日の入金）」: the recorded transfer a line is or looks like. */
const earlierText = (e: NonNullable<BankLine['earlier']>) =>
  `${e.receipt_no ? `${e.receipt_no}・` : ''}${e.name}・${e.course_name}（${formatDateJa(e.paid_on)}の入金）`;

const seatText = (c: BankLine['candidates'][number]) => `${c.name}（${c.login_id ?? '－'}）${c.course_name}`;

/**
 * The seat a line records: the one matched, a choice among the candidates, why none was found — or, for a
 * line like a recorded transfer, the transfer it looks like and the office's answer (and pick) before it
 * records anything.
 */
function BankLineSeat({
  line: l,
  pick,
  onPick,
  isNew,
  onAnswer,
}: {
  line: BankLine;
  pick: string;
  onPick: (v: string) => void;
  isNew: boolean;
  onAnswer: (isNew: boolean) => void;
}) {
  const choose = (
    <SelectBox
      label={`${l.line}行目の学生`}
      labelPlacement="above"
      width="md"
      value={pick}
      onChange={onPick}
      options={[
        { value: '', label: '記録しない' },
        ...l.candidates.map((c) => ({ value: String(c.application_id), label: seatText(c) })),
      ]}
    />
  );
  if (l.status === 'question')
    return (
      <div className="space-y-2">
        <p>{`${l.reason}（${l.earlier ? earlierText(l.earlier) : ''}）。`}</p>
        <CheckboxItem isSelected={isNew} onChange={onAnswer}>
          別の振込なら記録する<span className="sr-only">（{l.line}行目）</span>
        </CheckboxItem>
        {isNew && l.matched_by !== '' && l.candidates.length === 1 && l.candidates[0] && (
          <p>{`記録する席：${seatText(l.candidates[0])}`}</p>
        )}
        {isNew && l.candidates.length > 1 && choose}
      </div>
    );
  return (
    <>
      {l.status === 'matched' && l.candidates[0] && <span>{seatText(l.candidates[0])}</span>}
      {l.status === 'ambiguous' && choose}
      {l.status === 'unmatched' && (l.earlier ? `${l.reason}（${earlierText(l.earlier)}）` : l.reason)}
      {l.status === 'recorded' &&
        (l.earlier ? `記録済み：${earlierText(l.earlier)}` : 'この明細の前の行と同じです')}
    </>
  );
}

function Report() {
  const current = fiscalYearOf(todayTokyo());
  const [year, setYear] = useState(String(current));
  const report = useQuery(reportQuery(year));
  const data = report.data;
  const years = Array.from({ length: 6 }, (_, i) => String(current + 1 - i));
  return (
    <section aria-labelledby="report-title" className="space-y-4">
      <h2 id="report-title" className="text-std-24B-150">
        年度ごとの集計
      </h2>
      <div className="flex flex-wrap items-end gap-4">
        <SelectBox
          label="年度"
          value={year}
          onChange={setYear}
          options={years.map((y) => ({ value: y, label: `${y}年度` }))}
        />
        <CsvDownloadLink
          href={withQuery(endpoints.adminPayments.reportCsv.path, { fiscal_year: year })}
          isPreparing={!data}
          isDisabled={data?.rows.length === 0}
        />
      </div>
      {data && (
        <section
          aria-label={`${data.fiscal_year}年度の入金・未収・返金（横にスクロールできます）`}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be keyboard-reachable (WCAG 2.1.1, axe scrollable-region-focusable)
          tabIndex={0}
          className="overflow-x-auto"
        >
          <table className="w-full min-w-[40rem] text-left text-std-16N-170" data-testid="payment-report">
            <caption className="text-left text-std-17B-170">{`${data.fiscal_year}年度の入金・未収・返金`}</caption>
            <thead>
              <tr>
                <th scope="col">講座</th>
                <th scope="col">請求した席</th>
                <th scope="col">請求額</th>
                <th scope="col">入金額</th>
                <th scope="col">返金額</th>
                <th scope="col">未収額</th>
                <th scope="col">払いすぎ（返金が必要）</th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((r) => (
                <tr key={r.course_id}>
                  <th scope="row" className="font-normal">
                    {r.course_name}
                  </th>
                  <td>{r.seats}</td>
                  <td>{yenText(r.due)}</td>
                  <td>{yenText(r.collected)}</td>
                  <td>{yenText(r.refunded)}</td>
                  <td>{yenText(r.outstanding)}</td>
                  <td>{yenText(r.refund_owed)}</td>
                </tr>
              ))}
              <tr className="font-bold">
                <th scope="row">合計</th>
                <td>{data.totals.seats}</td>
                <td>{yenText(data.totals.due)}</td>
                <td>{yenText(data.totals.collected)}</td>
                <td>{yenText(data.totals.refunded)}</td>
                <td>{yenText(data.totals.outstanding)}</td>
                <td>{yenText(data.totals.refund_owed)}</td>
              </tr>
            </tbody>
          </table>
        </section>
      )}
    </section>
  );
}
