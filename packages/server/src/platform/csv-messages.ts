import { MSG } from '@manabi/shared';

/**
 * What a CSV upload says when it cannot read a file (SPEC §2: Japanese, shown on the file field), and the
 * error that carries it ({@link CsvUploadError}). platform/csv-upload.ts re-exports both.
 */

export const CSV_UPLOAD_MSG = {
  notDataUrl: 'ファイルを読み取れませんでした。CSVファイルを選び直してください。',
  tooLarge: MSG.fileSize,
  notCsv: 'CSVファイルとして読み取れませんでした。ファイルの形式を確認してください。',
  parseError: (line: number) =>
    `CSVファイルとして読み取れませんでした（${line}行目付近）。ダブルクォーテーション（"）の対応を確認してください。`,
  empty: 'CSVファイルにデータがありません。',
  noHeader: '1行目に見出し（項目名）がありません。',
  missingHeaders: (headers: string[]) =>
    `必要な見出し（項目名）がありません：${headers.map((h) => `「${h}」`).join('、')}`,
  duplicateHeader: (header: string) => `見出し「${header}」が複数の列にあります。`,
  noRows: 'CSVファイルに登録するデータの行がありません。',
  rowErrors: '登録できない行があるため、1件も登録しませんでした。',
  badBytes: (line: number) =>
    `${line}行目に文字として読めないデータがあります。UTF-8またはShift_JIS（Excelの「CSV」形式）で保存し直してください。`,
  userDefined: (line: number) =>
    `${line}行目に外字（パソコンごとに独自に登録した文字）があります。ほかの文字に置き換えて保存し直してください。`,
  mixedEncoding: (line: number) =>
    `文字コードの違う行が混ざっています（${line}行目）。1つのファイルはUTF-8かShift_JISのどちらか一方で保存してください。`,
  moreErrors: (n: number) => `ほか${n}件`,
} as const;

/** What the upload caller shows: the file could not be read (or had no usable rows). */
export class CsvUploadError extends Error {
  override readonly name = 'CsvUploadError';
}
