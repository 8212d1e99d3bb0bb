import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { Button } from '../../../ui/button';
import { checkinCodeQuery } from './api/checkin-code';
import { QrSvg } from './qr-svg';

/** A new code each minute: the one shown is never older than this, so it is good for another minute. */
const REFRESH_MS = 60_000;
/**
 * How long the card renews its code by itself after it was opened (or brought back to the screen, or
 * renewed by hand). Each renewal is a request that keeps the session alive; a phone left on a table with
 * the card open must still be logged out by the idle timeout, so the renewals stop after a while.
 */
const AUTO_REFRESH_MS = 10 * 60_000;
const PX = 240;

/** True from `expiresAt` (ISO) on; re-renders at that moment. */
function useIsPast(expiresAt: string | undefined): boolean {
  const at = expiresAt ? Date.parse(expiresAt) : Number.NaN;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (Number.isNaN(at)) return;
    const wait = at - Date.now();
    if (wait <= 0) return;
    const timer = window.setTimeout(() => setNow(Date.now()), wait + 50);
    return () => window.clearTimeout(timer);
  }, [at]);
  return !Number.isNaN(at) && Math.max(now, Date.now()) >= at;
}

/**
 * The student ID's check-in QR code: the code of GET /api/mypage/checkin-code/, renewed every
 * minute and whenever the page comes back to the screen. Staff scan it at the venue's reception. The code
 * itself is in `data-checkin-code` (the browser journey reads it there); a screen reader hears what the
 * picture is for, not the characters.
 */
export function CheckinQr() {
  const [renewedAt, setRenewedAt] = useState(() => Date.now());
  const [isAuto, setIsAuto] = useState(true);
  const code = useQuery({
    ...checkinCodeQuery(),
    refetchInterval: isAuto ? REFRESH_MS : false,
    refetchIntervalInBackground: false,
  });
  const { refetch } = code;
  const isExpired = useIsPast(code.data?.expires_at);

  useEffect(() => {
    setIsAuto(true);
    const timer = window.setTimeout(() => setIsAuto(false), renewedAt + AUTO_REFRESH_MS - Date.now());
    return () => window.clearTimeout(timer);
  }, [renewedAt]);

  const renew = useCallback(() => {
    setRenewedAt(Date.now());
    void refetch();
  }, [refetch]);

  // the phone was put away and taken out again: the code shown may be old
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') renew();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [renew]);

  // the QR code's place keeps its size whatever it shows, so the card does not jump
  const box = 'flex min-h-60 w-60 max-w-full items-center justify-center text-center';
  if (code.data && !isExpired) {
    return (
      <div className="flex flex-col items-center gap-2" data-checkin-code={code.data.code}>
        <QrSvg text={code.data.code} label="出席受付用のQRコード（1分ごとに変わります）" px={PX} />
        {!isAuto && (
          <Button variant="secondary" onPress={renew}>
            QRコードを新しくする
          </Button>
        )}
      </div>
    );
  }
  if (code.isError || isExpired) {
    return (
      <div className={`${box} flex-col gap-3`}>
        <p className="text-std-16B-170">
          {code.isError
            ? 'QRコードを表示できませんでした。通信の状態を確かめてから、もう一度お試しください。'
            : 'QRコードの有効期限が切れました。'}
        </p>
        <Button
          variant="secondary"
          onPress={renew}
          isPending={code.isFetching}
          pendingLabel="表示しています..."
        >
          QRコードを表示する
        </Button>
      </div>
    );
  }
  return (
    <div className={box}>
      <p className="text-std-16N-170">QRコードを準備しています...</p>
    </div>
  );
}
