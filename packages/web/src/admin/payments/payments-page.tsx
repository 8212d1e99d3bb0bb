import { formatDateJa, todayTokyo } from '@manabi/shared/domain/dates';
import { fiscalYearOf, yenText } from '@manabi/shared/domain/fees';
import { endpoints } from '@manabi/shared/routes/endpoints';
import { BANK_LINE_STATUS, type BankLine, type BankPreview } from '@manabi/shared/schemas/payments';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { isApiError, withQuery } from '../../lib/api';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { CsvDownloadLink } from '../../ui/csv-download';
import { readAsDataUrl } from '../../ui/csv-upload';
import { PageTitle } from '../../ui/page-title';
import { SelectBox } from '../../ui/select-box';
import { previewBankFile, reportQuery, useApplyBankFile } from './api/payments';

/**
 * /admin/payments 「入金・返金」 (decision 078), authority 1: the bank's transfer file — chosen, previewed
 * (matched, ambiguous with the office's pick, unmatched, already recorded), applied in one go — and the
 * books of a fiscal year, with its CSV.
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
 * ambiguous line, the refusal or the outcome in words; 内容を確認する reads the preview, この内容で記録する
 * applies it (the same file and the preview's hash).
 */
function useBankFile() {
  const [file, setFile] = useState<{ name: string; dataUrl: string } | null>(null);
  const [preview, setPreview] = useState<BankPreview | null>(null);
  const [picks, setPicks] = useState<Record<number, string>>({});
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
        choices: Object.entries(picks)
          .filter(([, id]) => id !== '')
          .map(([line, id]) => ({ line: Number(line), application_id: Number(id) })),
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

  return {
    preview,
    picks,
    error,
    done,
    reading,
    isWriting: apply.isPending,
    choose,
    check,
    write,
    pick,
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
            {`${preview.counts.lines}件のうち、一致 ${preview.counts.matched}件・候補が複数 ${preview.counts.ambiguous}件・該当なし ${preview.counts.unmatched}件・記録済み ${preview.counts.recorded}件`}
          </p>
          <BankPreviewTable lines={preview.lines} picks={bank.picks} onPick={bank.pick} />
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
}: {
  lines: readonly BankLine[];
  picks: Record<number, string>;
  onPick: (line: number, applicationId: string) => void;
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
                <BankLineSeat line={l} pick={picks[l.line] ?? ''} onPick={(v) => onPick(l.line, v)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The seat a line records: the one matched, a choice among the candidates, or why none was found. */
function BankLineSeat({
  line: l,
  pick,
  onPick,
}: {
  line: BankLine;
  pick: string;
  onPick: (v: string) => void;
}) {
  return (
    <>
      {l.status === 'matched' && l.candidates[0] && (
        <span>{`${l.candidates[0].name}（${l.candidates[0].login_id ?? '－'}）${l.candidates[0].course_name}`}</span>
      )}
      {l.status === 'ambiguous' && (
        <SelectBox
          label={`${l.line}行目の学生`}
          labelPlacement="above"
          width="md"
          value={pick}
          onChange={onPick}
          options={[
            { value: '', label: '記録しない' },
            ...l.candidates.map((c) => ({
              value: String(c.application_id),
              label: `${c.name}（${c.login_id ?? '－'}）${c.course_name}`,
            })),
          ]}
        />
      )}
      {l.status === 'unmatched' && l.reason}
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
                </tr>
              ))}
              <tr className="font-bold">
                <th scope="row">合計</th>
                <td>{data.totals.seats}</td>
                <td>{yenText(data.totals.due)}</td>
                <td>{yenText(data.totals.collected)}</td>
                <td>{yenText(data.totals.refunded)}</td>
                <td>{yenText(data.totals.outstanding)}</td>
              </tr>
            </tbody>
          </table>
        </section>
      )}
    </section>
  );
}
