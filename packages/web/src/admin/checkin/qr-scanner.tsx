import { BrowserCodeReader, type IScannerControls } from '@zxing/browser';
import { useEffect, useRef, useState } from 'react';
import type { CameraProblem } from './camera-problems';
import { DeskQrCodeReader } from './qr-reader';

const SLOW_START_MS = 10_000;

function problemOf(error: unknown): CameraProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'missing';
  return 'failed';
}

/**
 * The camera view that reads QR codes continuously (@zxing/browser's camera loop, with zxing's QR reader as
 * qr-reader.ts amends it: every code the my-page draws is read). Every decoded text goes to `onCode` (the
 * page drops repeats). The camera is released when the view goes (leaving the page, choosing another
 * course), even if it was still starting.
 */
export function QrScanner({
  onCode,
  onProblem,
}: {
  onCode: (text: string) => void;
  onProblem: (problem: CameraProblem) => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [isRunning, setIsRunning] = useState(false);
  const [isSlow, setIsSlow] = useState(false);
  // the latest callbacks, without restarting the camera when the page re-renders
  const handlers = useRef({ onCode, onProblem });
  handlers.current = { onCode, onProblem };

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    if (!navigator.mediaDevices?.getUserMedia) {
      handlers.current.onProblem('unsupported');
      return;
    }
    let controls: IScannerControls | undefined;
    let isGone = false;
    const reader = new BrowserCodeReader(new DeskQrCodeReader(), undefined, {
      delayBetweenScanAttempts: 150,
      delayBetweenScanSuccess: 300,
    });
    reader
      .decodeFromVideoDevice(undefined, element, (result) => {
        // no QR code in this frame is the usual case, not an error
        if (result && !isGone) handlers.current.onCode(result.getText());
      })
      .then((started) => {
        if (isGone) {
          started.stop();
          return;
        }
        controls = started;
        setIsRunning(true);
      })
      .catch((error: unknown) => {
        if (!isGone) handlers.current.onProblem(problemOf(error));
      });
    // a permission question nobody has answered yet, or a camera that hangs: say what else there is
    const slow = window.setTimeout(() => setIsSlow(true), SLOW_START_MS);
    return () => {
      isGone = true;
      window.clearTimeout(slow);
      controls?.stop();
    };
  }, []);

  return (
    <div className="space-y-2">
      {/* the picture only helps to aim; what was read is announced by the result panel */}
      <video
        ref={video}
        muted
        playsInline
        aria-label="カメラの映像（QRコードをこの枠に写してください）"
        className="aspect-[4/3] w-full max-w-[40rem] rounded-8 border-2 border-line bg-surface object-cover"
      />
      <p className="text-std-16N-170" aria-live="polite">
        {isRunning
          ? 'カメラで読み取っています。学生証のQRコードを枠の中に写してください。'
          : isSlow
            ? 'カメラが起動しません。ブラウザーがカメラの使用を確認しているときは「許可」を選んでください。カメラなしでも、「学生番号で記録」から出席を記録できます。'
            : 'カメラを起動しています...'}
      </p>
    </div>
  );
}
