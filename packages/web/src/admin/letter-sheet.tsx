import { deadlineText } from '@manabi/shared/domain/intake';
import type { Letter } from '@manabi/shared/schemas/contact';
import { useId } from 'react';
import { cx } from '../ui/cx';
import { addressee, addressLines } from './letter';

export interface LetterOffice {
  name: string;
  address: string;
  phone: string;
  /** when the phone is answered (OFFICE_HOURS) */
  hours: string;
}

/**
 * One letter (decision 065): a result, or a notice to many. The sheet's geometry is letters.css's: on paper an A4 portrait page whose
 * address block shows through the window of a 長形3号 envelope once the page is folded in three; on a
 * screen as wide as the page the same sheet; on a narrower one a card in the flow. The notice's title and
 * body are the my-page's own words, rendered as text (never HTML), their line breaks kept.
 */
export function LetterSheet({
  letter,
  office,
  date,
  isPageBreak,
}: {
  letter: Letter;
  office: LetterOffice;
  /** the day it is printed, as the app writes dates */
  date: string;
  /** start a new paper page after this letter (every letter but the last) */
  isPageBreak: boolean;
}) {
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      data-testid="letter"
      className={cx(
        'm-letter flex flex-col gap-4 rounded-8 border-2 border-line bg-canvas p-4 text-ink sm:p-6',
        isPageBreak && 'm-letter-break',
        letter.reply && 'm-letter-with-reply',
      )}
    >
      {/* the sender: outside the window, at the top right of the first panel */}
      <div className="m-letter-sender text-std-16N-170">
        <p className="m-letter-office text-std-17B-170">{office.name}</p>
        <p>{date}</p>
        <p className="m-letter-id">学生番号 {letter.login_id}</p>
      </div>
      {/* what the post office reads through the window */}
      <div className="m-letter-address text-std-17N-170" data-testid="letter-address">
        {/* 〒, address 1, address 2: one line each, empty ones left out */}
        <p className="whitespace-pre-line wrap-anywhere">{addressLines(letter).join('\n')}</p>
        <p className="m-letter-name wrap-anywhere text-std-20B-150">{addressee(letter.name)}</p>
      </div>
      <h3 id={titleId} className="m-letter-title wrap-anywhere text-std-20B-150">
        {letter.title}
        <span className="sr-only">（{addressee(letter.name)}）</span>
      </h3>
      <p className="m-letter-body wrap-anywhere whitespace-pre-wrap text-std-17N-170">{letter.body}</p>
      <div className="m-letter-foot text-std-16N-170">
        <p>お問い合わせ先：{office.name}</p>
        <p>{office.address}</p>
        <p>
          電話 {office.phone}
          {office.hours && `（受付 ${office.hours}）`}
        </p>
      </div>
      {letter.reply && <ReplySlip letter={letter} reply={letter.reply} office={office} />}
      {/* where the envelope's window and the folds fall: dashed on a wide screen, fold marks on paper */}
      <span aria-hidden="true" className="m-letter-window" />
      <span aria-hidden="true" className="m-letter-fold m-letter-fold-1" />
      <span aria-hidden="true" className="m-letter-fold m-letter-fold-2" />
    </article>
  );
}

/**
 * 返信票 (decision 087): the bottom third of the sheet, below the second fold, for the student to cut off
 * and post or bring back — 受講します or 受講しません, the date, and who she is (学生番号 and 氏名 printed, so
 * the office finds her seat at once). The office records it with 「代理で確定・辞退」 (郵送・FAX).
 */
function ReplySlip({
  letter,
  reply,
  office,
}: {
  letter: Letter;
  reply: NonNullable<Letter['reply']>;
  office: LetterOffice;
}) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="m-letter-reply text-std-16N-170" data-testid="letter-reply">
      <p className="m-letter-cut text-std-16N-170">
        <span aria-hidden="true">✂ </span>
        きりとり線（ここで切り取って、事務局へ郵送するか、窓口にお持ちください）
      </p>
      <h4 id={titleId} className="m-letter-reply-title text-std-18B-160">
        返信票（受講の確定・辞退）
      </h4>
      <p>
        送り先：{office.name}　{office.address}
      </p>
      <p className="wrap-anywhere">講座：{reply.course_name}</p>
      <p>確定の期限：{deadlineText(reply.confirm_by)}（期限までに届くようにお送りください）</p>
      <p>どちらかの□に✓をつけてください。</p>
      <ul className="m-letter-reply-choices flex flex-wrap gap-x-8">
        <li>
          <span aria-hidden="true" className="m-letter-box" />
          受講します（確定します）
        </li>
        <li>
          <span aria-hidden="true" className="m-letter-box" />
          受講しません（辞退します）
        </li>
      </ul>
      <dl className="m-letter-reply-who">
        <div>
          <dt>学生番号</dt>
          <dd>{letter.login_id}</dd>
        </div>
        <div>
          <dt>氏名</dt>
          <dd className="wrap-anywhere">{letter.name}</dd>
        </div>
        <div>
          <dt>記入日</dt>
          <dd>
            <span className="m-letter-blank">年</span>
            <span className="m-letter-blank">月</span>
            <span className="m-letter-blank">日</span>
          </dd>
        </div>
        <div>
          <dt>日中の電話番号</dt>
          <dd>
            <span className="m-letter-blank m-letter-blank-wide" />
          </dd>
        </div>
      </dl>
    </section>
  );
}
