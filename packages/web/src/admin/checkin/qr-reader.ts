import {
  BarcodeFormat,
  type BinaryBitmap,
  DecodeHintType,
  NotFoundException,
  QRCodeReader,
  Result,
  type ResultPoint,
  type ResultPointCallback,
} from '@zxing/library';
import QRCodeDecoderMetaData from '@zxing/library/esm/core/qrcode/decoder/QRCodeDecoderMetaData';
import Detector from '@zxing/library/esm/core/qrcode/detector/Detector';
import type FinderPattern from '@zxing/library/esm/core/qrcode/detector/FinderPattern';
import FinderPatternFinder from '@zxing/library/esm/core/qrcode/detector/FinderPatternFinder';
import type FinderPatternInfo from '@zxing/library/esm/core/qrcode/detector/FinderPatternInfo';

/**
 * The desk's QR reader: @zxing/library's, with one change in how it picks the code's three corner squares
 * (finder patterns). Issue 17's journey found the gap: about 1 student-ID code in 16 could not be read at all,
 * at any size. The data of those codes holds a square that looks like a corner square. zxing scans from the
 * top, stops at the first three corner squares it confirms, and keeps the false one; the bottom-left square
 * is never looked at. Java zxing has had the same reports (zxing/zxing issue 1763).
 *
 * What changes (decision 033):
 * - The scan stops early only when three confirmed squares lie on a right isosceles triangle, as a QR code's
 *   corners do. Otherwise it reads on to the bottom of the frame. A frame without a code costs what it
 *   always did, since zxing scans those to the end anyway.
 * - Of every square found, the three that come closest to that triangle are chosen (their sizes within 40 %
 *   of each other). zxing kept the three seen most often.
 *
 * `haveMultiplyConfirmedCenters` and `selectBestPatterns` are private in the library's typings, so a
 * subclass cannot declare them. They are set on this subclass's own prototype: zxing's base class, which
 * other readers use, is left as it is.
 */

/** How far from a right isosceles triangle (a share of the longest side, squared) still stops the scan early. */
const EARLY_STOP_DISTORTION = 0.2;
/** Module sizes of the three chosen squares: the largest at most this times the smallest. */
const MODULE_SIZE_SPREAD = 1.4;
/** zxing's CENTER_QUORUM: a square seen on at least this many rows is confirmed. */
const CONFIRMED = 2;

const squared = (a: ResultPoint, b: ResultPoint) => (a.getX() - b.getX()) ** 2 + (a.getY() - b.getY()) ** 2;

/**
 * Of `candidates`, the three whose centres come closest to a right isosceles triangle, and how far they are
 * from it: 0 for an exact one, as a share of the longest side squared. `null` when no three are alike in size.
 */
function closestToCorners(
  candidates: readonly FinderPattern[],
): { corners: [FinderPattern, FinderPattern, FinderPattern]; distortion: number } | null {
  const bySize = [...candidates].sort((a, b) => a.getEstimatedModuleSize() - b.getEstimatedModuleSize());
  let best: { corners: [FinderPattern, FinderPattern, FinderPattern]; distortion: number } | null = null;
  for (let i = 0; i < bySize.length - 2; i++) {
    const a = bySize[i] as FinderPattern;
    for (let j = i + 1; j < bySize.length - 1; j++) {
      const b = bySize[j] as FinderPattern;
      for (let k = j + 1; k < bySize.length; k++) {
        const c = bySize[k] as FinderPattern;
        if (c.getEstimatedModuleSize() > a.getEstimatedModuleSize() * MODULE_SIZE_SPREAD) break;
        const [short1, short2, long] = [squared(a, b), squared(b, c), squared(a, c)].sort(
          (x, y) => x - y,
        ) as [number, number, number];
        if (long === 0) continue;
        // a right isosceles triangle: each short side squared is half the long one
        const distortion = (Math.abs(long - 2 * short1) + Math.abs(long - 2 * short2)) / long;
        if (!best || distortion < best.distortion) best = { corners: [a, b, c], distortion };
      }
    }
  }
  return best;
}

/** What the subclass reaches of the base class (private in the typings). */
interface FinderInternals {
  getPossibleCenters(): FinderPattern[];
}
const baseHaveConfirmed = (
  FinderPatternFinder.prototype as unknown as { haveMultiplyConfirmedCenters(this: unknown): boolean }
).haveMultiplyConfirmedCenters;

class CornerFinder extends FinderPatternFinder {}
Object.assign(CornerFinder.prototype, {
  haveMultiplyConfirmedCenters(this: FinderInternals): boolean {
    if (!baseHaveConfirmed.call(this)) return false;
    const confirmed = this.getPossibleCenters().filter((p) => p.getCount() >= CONFIRMED);
    const found = closestToCorners(confirmed);
    return found !== null && found.distortion < EARLY_STOP_DISTORTION;
  },
  selectBestPatterns(this: FinderInternals): FinderPattern[] {
    const found = closestToCorners(this.getPossibleCenters());
    if (!found) throw new NotFoundException();
    return found.corners;
  },
});

class CornerDetector extends Detector {
  override detect(hints: Map<DecodeHintType, unknown>) {
    // as zxing's detect: the caller may ask to hear of each square found
    const callback = hints.get(DecodeHintType.NEED_RESULT_POINT_CALLBACK) as ResultPointCallback;
    const finder = new CornerFinder(this.getImage(), callback);
    const info: FinderPatternInfo = finder.find(hints);
    return this.processFinderPatternInfo(info);
  }
}

/** zxing's QRCodeReader with {@link CornerDetector}; otherwise its `decode`, step for step (no pure-barcode mode). */
export class DeskQrCodeReader extends QRCodeReader {
  override decode(image: BinaryBitmap, hints?: Map<DecodeHintType, unknown>): Result {
    const detected = new CornerDetector(image.getBlackMatrix()).detect(hints ?? new Map());
    const decoded = this.getDecoder().decodeBitMatrix(detected.getBits(), hints);
    const points = detected.getPoints();
    // a mirrored code: swap the bottom-left and the top-right points, as zxing does
    const other = decoded.getOther();
    if (other instanceof QRCodeDecoderMetaData) other.applyMirroredCorrection(points);
    const raw = decoded.getRawBytes();
    // zxing's Result counts 8 bits a raw byte when given none
    return new Result(
      decoded.getText(),
      raw,
      raw == null ? 0 : 8 * raw.length,
      points,
      BarcodeFormat.QR_CODE,
    );
  }
}
