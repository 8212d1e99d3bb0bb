import './letters.css';
import { formatDateJa, todayTokyo } from '@manabi/shared/domain/dates';
import type { Letter } from '@manabi/shared/schemas/contact';
import { useQuery } from '@tanstack/react-query';
import { Fragment, type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { Label, RadioGroup } from 'react-aria-components';
import { useSearchParams } from 'react-router';
import { isApiError } from '../lib/api';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { CsvDownloadLink } from '../ui/csv-download';
import { FullPageSpinner } from '../ui/full-page-spinner';
import { PageTitle } from '../ui/page-title';
import { RadioItem } from '../ui/radio-item';
import { lettersCountText } from './letter';
import { type LetterOffice, LetterSheet } from './letter-sheet';
import {
  type LetterAudience,
  type LetterSource,
  letterLabelsUrl,
  lettersQuery,
  useLettersPrinted,
} from './letters-api';

/** What happened to the last 印刷する: recorded (how many), or refused by the server. */
type PrintOutcome = { kind: 'recorded'; count: number } | { kind: 'refused'; message: string };

/** Whose letters are shown: the audience, and whether only those not printed yet. */
type Choice = { who: LetterAudience; unprinted: boolean };

export interface LettersPrintProps {
  source: LetterSource;
  title: string;
  /** what the letters are: 結果通知, お知らせ */
  noun: string;
  /** the two choices of whose letters, in words */
  audiences: Record<LetterAudience, string>;
  intro: ReactNode;
  /** why there is nothing to print, for the choice made */
  emptyText: (choice: Choice) => string;
  /** the way back, below everything */
  links: ReactNode;
}

/**
 * The page's state: the choice of letters (in the URL, so a reload shows the same ones), the letters read for
 * it (the last ones stay shown while others load), and 印刷する with its outcome, focused once it is known.
 */
function useLettersPrint(source: LetterSource) {
  const [params, setParams] = useSearchParams();
  const who: LetterAudience = params.get('who') === 'all' ? 'all' : 'nomail';
  const unprinted = params.get('unprinted') === '1';
  const query = useQuery({
    ...lettersQuery(source, who, unprinted),
    // the choice stays on screen (and keeps the keyboard focus) while the other letters load
    placeholderData: (previous) => previous,
  });
  const printed = useLettersPrinted();
  const [outcome, setOutcome] = useState<PrintOutcome | null>(null);
  /** The page's choices in its URL (a reload shows the same letters). */
  const choose = (next: Choice) => {
    setOutcome(null);
    const search: Record<string, string> = {};
    if (next.who === 'all') search.who = 'all';
    if (next.unprinted) search.unprinted = '1';
    setParams(search, { replace: true });
  };
  const outcomeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);

  const print = async (shown: readonly Letter[]) => {
    setOutcome(null);
    // the browser's printing returns once the person has printed (or closed it); the letters shown are
    // then recorded, so the lists stop asking for them
    window.print();
    try {
      setOutcome({ kind: 'recorded', count: await printed.mutateAsync(shown) });
    } catch (error) {
      // other errors have gone to their page (SPEC §8)
      if (isApiError(error) && error.status === 422)
        setOutcome({ kind: 'refused', message: error.errList[0]?.msg ?? error.message });
    }
  };

  return {
    who,
    unprinted,
    data: query.data,
    isLoading: query.isPlaceholderData,
    choose,
    print,
    isPrinting: printed.isPending,
    outcome,
    outcomeRef,
  };
}

/**
 * The print page of letters (decision 065), for a course's results or a notice to many: whose letters (in the
 * URL, so a reload shows the same ones), one A4 letter each with the address placed for a 長形3号 window
 * envelope, 印刷する (the browser's printing, then the letters shown are recorded as printed — who and when)
 * and 宛名ラベル（CSV） of the same letters for 差し込み印刷. On paper only the letters: everything else is
 * data-print="hide" or the app's chrome, which the print stylesheet hides.
 */
export function LettersPrint({ source, title, noun, audiences, intro, emptyText, links }: LettersPrintProps) {
  const page = useLettersPrint(source);
  const { who, unprinted, data, isLoading } = page;
  if (!data) return <FullPageSpinner />;
  const letters = data.letters;

  return (
    <div>
      <div data-print="hide" className="space-y-6">
        <PageTitle>{title}</PageTitle>
        <p className="break-words text-std-20B-150 text-ink">{data.course_name || data.notice_title}</p>
        {intro}
        <LetterChoices who={who} unprinted={unprinted} audiences={audiences} onChoose={page.choose} />

        <div aria-live="polite" aria-atomic="true">
          {isLoading ? (
            <p>読み込み中...</p>
          ) : (
            <p className="text-std-17B-170" data-testid="letters-count">
              {noun} {lettersCountText(letters)}
              {data.total > letters.length &&
                `（全部で${data.total.toLocaleString('ja-JP')}通のうち、学生番号順に最初の${letters.length.toLocaleString('ja-JP')}通。印刷して記録したあと「まだ印刷していないものだけ」を選ぶと、続きが表示されます）`}
            </p>
          )}
        </div>

        {letters.length === 0 && !isLoading ? (
          <Alert announce={false} title={`印刷する${noun}はありません`}>
            <p>
              {unprinted
                ? `まだ印刷していない${noun}はありません。印刷したものをもう一度印刷するときは、「すべて」を選んでください。`
                : emptyText({ who, unprinted })}
            </p>
          </Alert>
        ) : (
          <PrintActions
            noun={noun}
            labelsUrl={letterLabelsUrl(source, who, unprinted)}
            isLoading={isLoading}
            isPrinting={page.isPrinting}
            onPrint={() => void page.print(letters)}
          />
        )}

        <PrintOutcomeArea outcome={page.outcome} outcomeRef={page.outcomeRef} noun={noun} />
      </div>

      {letters.length > 0 && !isLoading && (
        <LetterSheets letters={letters} office={data.office} noun={noun} />
      )}

      <ul data-print="hide" className="mt-8 flex flex-col gap-3 sm:flex-row sm:gap-8">
        {links}
      </ul>
    </div>
  );
}

/** Whose letters (the two audiences) and which of them (all, or those not printed yet). */
function LetterChoices({
  who,
  unprinted,
  audiences,
  onChoose,
}: Choice & { audiences: Record<LetterAudience, string>; onChoose: (next: Choice) => void }) {
  return (
    <>
      <RadioGroup
        value={who}
        onChange={(value) => onChoose({ who: value as LetterAudience, unprinted })}
        className="flex flex-col gap-2"
      >
        <Label elementType="span" className="text-std-17B-170 text-ink">
          印刷する方
        </Label>
        <div className="flex flex-wrap gap-x-6">
          {(Object.entries(audiences) as [LetterAudience, string][]).map(([value, label]) => (
            <RadioItem key={value} value={value}>
              {label}
            </RadioItem>
          ))}
        </div>
      </RadioGroup>
      <RadioGroup
        value={unprinted ? 'unprinted' : 'every'}
        onChange={(value) => onChoose({ who, unprinted: value === 'unprinted' })}
        className="flex flex-col gap-2"
      >
        <Label elementType="span" className="text-std-17B-170 text-ink">
          印刷の記録
        </Label>
        <div className="flex flex-wrap gap-x-6">
          <RadioItem value="every">すべて</RadioItem>
          <RadioItem value="unprinted">まだ印刷していないものだけ</RadioItem>
        </div>
      </RadioGroup>
    </>
  );
}

/** How to print, 印刷する and the address labels of the same letters. */
function PrintActions({
  noun,
  labelsUrl,
  isLoading,
  isPrinting,
  onPrint,
}: {
  noun: string;
  labelsUrl: string;
  isLoading: boolean;
  isPrinting: boolean;
  onPrint: () => void;
}) {
  return (
    <>
      <p>
        「印刷する」を押すと印刷の画面が開きます。用紙はA4、倍率は100%のままで印刷してください。印刷の画面を閉じると、表示している
        {noun}を「印刷済み」として記録します。
      </p>
      <div className="flex flex-wrap gap-4">
        <Button onPress={onPrint} isDisabled={isLoading} isPending={isPrinting} pendingLabel="記録中...">
          印刷する
        </Button>
        <CsvDownloadLink href={labelsUrl} label="宛名ラベル（CSV）" isPreparing={isLoading} />
      </div>
    </>
  );
}

/** What the last 印刷する came to, in a place that takes the focus. */
function PrintOutcomeArea({
  outcome,
  outcomeRef,
  noun,
}: {
  outcome: PrintOutcome | null;
  outcomeRef: RefObject<HTMLDivElement | null>;
  noun: string;
}) {
  return (
    <div ref={outcomeRef} tabIndex={-1} className="outline-none">
      {outcome?.kind === 'recorded' && (
        <Alert variant="success" title="印刷済みとして記録しました">
          <p>
            {outcome.count.toLocaleString('ja-JP')}通の{noun}を「印刷済み」にしました。
          </p>
        </Alert>
      )}
      {outcome?.kind === 'refused' && (
        <Alert variant="error" title="印刷済みとして記録できませんでした">
          <p>{outcome.message}</p>
        </Alert>
      )}
    </div>
  );
}

/** The letters as they print, each with its record of printing above it (not printed). */
function LetterSheets({
  letters,
  office,
  noun,
}: {
  letters: readonly Letter[];
  office: LetterOffice;
  noun: string;
}) {
  const today = formatDateJa(todayTokyo());
  return (
    // not a <section>: the print stylesheet keeps a section on one page, and this one holds every letter
    <div className="m-letters mt-8">
      <h2 data-print="hide" className="text-std-20B-150 text-ink">
        印刷される{noun}
      </h2>
      <p data-print="hide" className="m-letters-legend mt-2">
        点線の枠は封筒の窓の位置、横の点線は折り目の位置です（どちらも印刷されません）。
      </p>
      {letters.map((letter, index) => (
        <Fragment key={`${letter.notice_id}:${letter.user_id}`}>
          <p data-print="hide" className="mt-6 mb-2 text-std-16B-170 text-ink">
            {letter.printed_at ? `印刷済み（${formatDateJa(letter.printed_at)}）` : '未印刷'}
          </p>
          <LetterSheet
            letter={letter}
            office={office}
            date={today}
            isPageBreak={index < letters.length - 1}
          />
        </Fragment>
      ))}
    </div>
  );
}
