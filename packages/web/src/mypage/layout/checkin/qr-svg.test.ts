import { BinaryBitmap, HybridBinarizer, QRCodeReader, RGBLuminanceSource } from '@zxing/library';
import { describe, expect, it } from 'vitest';
import { qrPath } from './qr-svg';

const SCALE = 4;

/** The SVG path drawn as a greyscale picture (`SCALE` pixels a module): white, and black where it paints. */
function rasterize(text: string) {
  const { size, path } = qrPath(text);
  const side = size * SCALE;
  const pixels = new Uint8ClampedArray(side * side).fill(255);
  for (const [, x, y, w] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let dy = 0; dy < SCALE; dy++)
      for (let dx = 0; dx < Number(w) * SCALE; dx++)
        pixels[(Number(y) * SCALE + dy) * side + Number(x) * SCALE + dx] = 0;
  }
  return { side, pixels, size };
}

/** What the scanner page's decoder (the same library) reads from the picture. */
function decode(text: string): string {
  const { side, pixels } = rasterize(text);
  const source = new RGBLuminanceSource(pixels, side, side);
  return new QRCodeReader().decode(new BinaryBitmap(new HybridBinarizer(source))).getText();
}

describe('the student ID’s QR code', () => {
  it('is read back by the scanner’s decoder, whole', () => {
    for (const code of [
      'MC1.1.29605730.AAAAAAAAAAAAAAAAAAAAAA',
      'MC1.2147483647.29605730.abcdefghijklmnopqrstu-',
      'MC1.42.29605731.Zz09_-Zz09_-Zz09_-Zz09_',
    ]) {
      expect(decode(code)).toBe(code);
    }
  });

  it('has a quiet zone of four modules on every side', () => {
    const { path, size } = qrPath('MC1.42.29605731.Zz09_-Zz09_-Zz09_-Zz09_');
    const cells = [...path.matchAll(/M(\d+) (\d+)h(\d+)/g)].map(([, x, y, w]) => [
      Number(x),
      Number(y),
      Number(w),
    ]);
    expect(Math.min(...cells.map(([x]) => x!))).toBe(4);
    expect(Math.min(...cells.map(([, y]) => y!))).toBe(4);
    expect(Math.max(...cells.map(([x, , w]) => x! + w!))).toBe(size - 4);
    expect(Math.max(...cells.map(([, y]) => y!))).toBe(size - 5);
  });
});
