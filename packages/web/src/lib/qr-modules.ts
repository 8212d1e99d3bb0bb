import qrcode from 'qrcode-generator';

/**
 * `text` as a QR code's modules (error correction M: a scratched or glaring screen still reads; the smallest
 * version that holds the text): their count a side, and whether the module at a row and column is dark. The
 * my-page draws the student ID's check-in code from it; the desk's reader is tested on what it gives.
 */
export function qrModules(text: string): { count: number; isDark: (row: number, col: number) => boolean } {
  const qr = qrcode(0, 'M');
  qr.addData(text, 'Byte');
  qr.make();
  return { count: qr.getModuleCount(), isDark: (row, col) => qr.isDark(row, col) };
}
