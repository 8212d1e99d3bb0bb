import { writeFileSync } from 'node:fs';
import type {
  Browser,
  BrowserContext,
  LaunchOptions,
  PlaywrightWorkerArgs,
  TestInfo,
} from '@playwright/test';
import { expect } from '@playwright/test';
import qrcode from 'qrcode-generator';

/**
 * The office's tablet at the door for the journeys: a second Chromium whose fake camera films a
 * student's check-in QR code. The code changes every minute, so the video can only be made once the
 * student's page shows it; the browser is launched then, with the project's launch options plus the
 * fake-camera flags, and camera permission granted.
 */

const VIDEO = { width: 640, height: 480, frames: 5 } as const;
const QUIET_ZONE = 4;

/**
 * A Y4M (YUV 4:2:0) video of `text` as a QR code: a few identical frames, black modules of at least 8 px on
 * white with the 4-module quiet zone, centred; Chromium plays it in a loop as the camera.
 */
function qrVideo(text: string, file: string): void {
  const qr = qrcode(0, 'M');
  qr.addData(text, 'Byte');
  qr.make();
  const modules = qr.getModuleCount();
  const { width, height } = VIDEO;
  const scale = Math.floor((height * 0.9) / (modules + 2 * QUIET_ZONE));
  expect(scale, 'pixels per module').toBeGreaterThanOrEqual(8);
  const left = Math.floor((width - modules * scale) / 2);
  const top = Math.floor((height - modules * scale) / 2);
  // luma: white everywhere (the quiet zone included), black on the dark modules
  const luma = Buffer.alloc(width * height, 255);
  for (let row = 0; row < modules; row++) {
    for (let col = 0; col < modules; col++) {
      if (!qr.isDark(row, col)) continue;
      for (let y = 0; y < scale; y++) {
        const start = (top + row * scale + y) * width + left + col * scale;
        luma.fill(0, start, start + scale);
      }
    }
  }
  // no colour: both chroma planes at the middle value
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  writeFileSync(
    file,
    Buffer.concat([
      Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`),
      ...Array.from({ length: VIDEO.frames }, () => frame),
    ]),
  );
}

/** A browser and context at the project's base URL whose camera films `code` (close the browser after). */
export async function deskFilming(
  code: string,
  {
    playwright,
    launchOptions,
    testInfo,
    baseURL = testInfo.project.use.baseURL,
  }: {
    playwright: PlaywrightWorkerArgs['playwright'];
    launchOptions: LaunchOptions;
    testInfo: TestInfo;
    /** the app the desk works on (a spec's own `test.use({ baseURL })` is not the project's) */
    baseURL?: string;
  },
): Promise<{ browser: Browser; context: BrowserContext }> {
  const video = testInfo.outputPath('checkin-qr.y4m');
  qrVideo(code, video);
  const browser = await playwright.chromium.launch({
    ...launchOptions,
    args: [
      ...(launchOptions.args ?? []),
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  const context = await browser.newContext({
    baseURL,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    viewport: { width: 1280, height: 900 },
    permissions: ['camera'],
  });
  return { browser, context };
}
