import type { SessionUser } from '@manabi/shared/api';
import { formatDateJa, formatDateTimeJa, todayTokyo } from '@manabi/shared/domain/dates';
import { isStudentCardExpired } from '@manabi/shared/domain/student-card';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';

/** The check-in QR code and its QR library come with the open card, not with the my-page. */
const CheckinQr = lazy(() => import('./checkin/checkin-qr').then((m) => ({ default: m.CheckinQr })));

/** Current time, refreshed at each minute boundary while mounted. */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    let interval: number | undefined;
    const timeout = window.setTimeout(
      () => {
        setNow(new Date());
        interval = window.setInterval(() => setNow(new Date()), 60_000);
      },
      60_000 - (Date.now() % 60_000) + 50,
    );
    return () => {
      window.clearTimeout(timeout);
      if (interval !== undefined) window.clearInterval(interval);
    };
  }, []);
  return now;
}

/**
 * The digital student ID card (SPEC §2 "Student ID card overlay"): student number, name, birthday,
 * issue and expiry dates, the certification sentence, the signing official, and the current date-time
 * (updated every minute, so staff can see the card is live). Above the card, the check-in QR code.
 */
export function StudentIdCard({
  user,
  officePhone,
  isOpen,
  onOpenChange,
}: {
  user: SessionUser;
  /** where an expired card sends the student (OFFICE_PHONE, from the session answer) */
  officePhone: string;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  const now = useMinuteClock();
  // the same minute clock as the time shown, so a card open at midnight turns expired with it
  const isExpired = isStudentCardExpired(user.expiration_date, todayTokyo(now));
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title="学生証"
      size="sm"
      isDismissable
      footer={
        // the open card prints alone (styles.css): some students carry it on paper
        <Button variant="secondary" onPress={() => window.print()}>
          印刷する
        </Button>
      }
    >
      <div className="space-y-4">
        {/* first, so the student reads it before showing the card at the desk */}
        {isExpired && <ExpiredNotice expiry={formatDateJa(user.expiration_date)} officePhone={officePhone} />}
        <CheckinSection />
        <StudentIdCardBody user={user} now={now} isExpired={isExpired} />
      </div>
    </Modal>
  );
}

/**
 * The QR code staff scan at the venue to record 出席. First in the dialog, so it is on a phone's
 * first screen; not printed (decision 016's print of the card): a printed code is useless two minutes on.
 */
function CheckinSection() {
  return (
    <section
      aria-labelledby="checkin-qr-title"
      data-print="hide"
      className="flex flex-col items-center gap-3 rounded-12 border-2 border-line-subtle p-4 text-center"
    >
      <h3 id="checkin-qr-title" className="text-std-18B-160">
        出席受付のQRコード
      </h3>
      <p className="text-std-16N-170">会場の受付でこの画面を見せてください。コードは1分ごとに変わります。</p>
      <Suspense
        fallback={
          <div className="flex min-h-60 w-60 max-w-full items-center justify-center">
            <p className="text-std-16N-170">QRコードを準備しています...</p>
          </div>
        }
      >
        <CheckinQr />
      </Suspense>
    </section>
  );
}

function StudentIdCardBody({ user, now, isExpired }: { user: SessionUser; now: Date; isExpired: boolean }) {
  const expiry = formatDateJa(user.expiration_date);
  const rows: [string, string][] = [
    ['学生番号', user.login_id],
    ['氏名', user.name],
    ['生年月日', formatDateJa(user.birthday)],
    ['発行日', formatDateJa(user.date_issue_num)],
    ['有効期限', expiry && isExpired ? `${expiry}（期限切れ）` : expiry],
  ];
  return (
    <div className="space-y-4 rounded-12 border-4 border-primary bg-surface p-4 sm:p-6">
      <p className="text-center text-std-20B-150">まなび市民大学 学生証</p>
      <dl className="space-y-2">
        {rows.map(([label, value]) => (
          // large font: a value that does not fit beside its label goes under it whole (no 2404/0001 split)
          <div
            key={label}
            className="grid grid-cols-[7rem_1fr] gap-2 large:flex large:flex-wrap large:gap-x-4 large:gap-y-0"
          >
            <dt className="text-std-16B-170 large:w-[5em] large:flex-none">{label}</dt>
            <dd className="text-std-17N-170 large:flex-auto">{value || '－'}</dd>
          </div>
        ))}
      </dl>
      <p className="text-std-16N-170">上記の者は、本学の学生であることを証明します。</p>
      <p className="text-right text-std-17B-170">まなび市民大学 学長</p>
      <p className="border-t-2 border-line-subtle pt-3 text-center text-std-20B-150" aria-live="off">
        <span className="sr-only">表示日時 </span>
        <time dateTime={now.toISOString()}>{formatDateTimeJa(now)}</time>
      </p>
    </div>
  );
}

/**
 * An expired card says so in words (not by colour alone) before anything else on it, and what to do: the
 * office renews it, so the office's phone is given as a number to call.
 */
function ExpiredNotice({ expiry, officePhone }: { expiry: string; officePhone: string }) {
  return (
    <Alert variant="warning" title="この学生証は有効期限が切れています" announce={false}>
      <p className="text-std-17N-170">
        有効期限は{expiry}まででした。新しい学生証について、事務局にお問い合わせください。
      </p>
      <p className="text-std-17B-170">
        電話：
        <a href={`tel:${officePhone.replace(/-/g, '')}`} className="whitespace-nowrap">
          {officePhone}
        </a>
      </p>
    </Alert>
  );
}
