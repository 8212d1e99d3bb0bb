import { useMemo } from 'react';
import { qrModules } from '../../../lib/qr-modules';

/** The quiet zone around a QR code, in modules (ISO/IEC 18004 asks for 4): scanners find the code by it. */
const QUIET_ZONE = 4;

/** The dark modules of `text` as a QR code ({@link qrModules}) as one SVG path, in module units, with the quiet zone. */
export function qrPath(text: string): { size: number; path: string } {
  const qr = qrModules(text);
  const n = qr.count;
  let path = '';
  for (let row = 0; row < n; row++) {
    // a run of dark modules in a row is one rectangle
    for (let col = 0; col < n; ) {
      if (!qr.isDark(row, col)) {
        col++;
        continue;
      }
      let end = col;
      while (end < n && qr.isDark(row, end)) end++;
      path += `M${col + QUIET_ZONE} ${row + QUIET_ZONE}h${end - col}v1h${col - end}z`;
      col = end;
    }
  }
  return { size: n + 2 * QUIET_ZONE, path };
}

/**
 * A QR code drawn by the browser as an inline SVG of React elements (no markup strings, nothing for the
 * CSP to refuse). Black on white whatever the page's colours: a scanner needs that contrast, and the white
 * square is the quiet zone.
 */
export function QrSvg({ text, label, px = 240 }: { text: string; label: string; px?: number }) {
  const { size, path } = useMemo(() => qrPath(text), [text]);
  return (
    <svg
      role="img"
      aria-label={label}
      width={px}
      height={px}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className="block max-w-full h-auto"
    >
      <rect width={size} height={size} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
