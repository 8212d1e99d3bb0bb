/**
 * Japanese message catalogue (SPEC §5, §8). Every field or error message shown to a user comes from here,
 * so the browser and the server word things identically.
 */

export type LengthUnit = '文字' | '桁';

/** Limit shown in the oversize message: KB below 1024 KB, otherwise MB, both rounded down (SPEC §5). */
export function formatFileSize(bytes: number): string {
  const kb = Math.floor(bytes / 1024);
  return kb < 1024 ? `${kb}KB` : `${Math.floor(bytes / (1024 * 1024))}MB`;
}

export const MSG = {
  required: 'この項目を入力してください',
  requiredFallback: '必須項目です',
  /** SPEC §5 words the limit as N+1: "N+1 or more cannot be entered". */
  maxLen: (n: number, unit: LengthUnit = '文字') => `${n + 1}${unit}以上は入力できません`,
  minLen: (n: number) => `${n}文字以上で入力してください`,
  notMatch: (label: string) => `${label}が一致しません`,
  mustDiffer: (label: string) => `${label}は異なる内容を入力してください`,

  mail: 'メールアドレス形式で入力してください',
  asciiPrintable: '半角英数字または半角記号を入力してください',
  halfDigits: '半角数字のみで入力してください',
  digits8: '数字8桁で入力してください',
  digits4: '数字4桁で入力してください',
  digitsN: (n: number) => `数字${n}桁で入力してください`,
  loginIdGeneration: '学生番号の上4桁と期生IDは同じにしてください',
  postcode: '郵便番号を入力してください',
  phone: '電話番号を入力してください',
  phoneNoHyphen: 'ハイフンなしで電話番号を入力してください',
  positiveInt: '1以上の数値のみを入力してください',
  zeroOrPositiveInt: '0または正の整数のみを入力してください',
  dateMax: '9999年12月31日以前の日付を入力してください',
  dateInvalid: '正しい日付を入力してください',
  periodOrder: '終了日時は開始日時以降に設定してください',
  intRange: (min: number, max: number) => `${min}から${max}までの数値を入力してください`,
  url: 'http:// または https:// で始まるURLを入力してください',
  /** Not in SPEC: a value outside a code list or of the wrong JSON type (only hand-made requests hit it). */
  invalidChoice: '選択肢から選んでください',
  invalidValue: '正しい値を入力してください',
  /** A control character (NUL, escape, …) or, in a one-line field, a tab or line break. */
  controlCharacter: '入力できない文字（改行や制御文字）が含まれています',

  fileRequired: 'ファイルが選択されていません。',
  fileCsv: 'CSVファイルを選択してください。',
  fileSize: (bytes: number) => `ファイルサイズが${formatFileSize(bytes)}を超えています。`,

  loginFailed: 'IDまたはパスワードが違います',
  sessionExpired:
    '一定時間操作がなかったため、ログアウトしました。お手数ですが、もう一度ログインしてください。',
  notLoggedIn: 'ログインしていません。ログインしてから、もう一度操作してください。',
  accountLocked: (minutes: number) =>
    `ログインに続けて失敗したため、このIDは一時的にロックされています。${minutes}分ほど待ってから、もう一度お試しください。`,
  tooManyRequests: 'アクセスが集中しています。しばらく待ってから、もう一度お試しください。',
  loginIdInUse: 'この学生番号はすでに使われています',
  courseIdInUse: 'この講座IDはすでに使われています',
  selectStudent: 'いずれかの学生を選択してください',
  /** An update sent without the updated_at it read (decision 041): the client's mistake, not a conflict. */
  lockStampMissing:
    '更新日時（updated_at）が送られていません。データを読み込み直してから、もう一度操作してください。',
  stale: 'ほかの人が先に更新しました。画面を読み込み直してから、もう一度操作してください。',
  notFound: 'お探しのページは見つかりませんでした。',
  /** An /api path no route answers (a client's typo, not a missing record). */
  noSuchApi: 'このURLのAPIはありません。',
  forbidden: 'この操作を行う権限がありません。',
  internal: 'サーバーが混み合っているか、障害が発生しています。時間をおいて、もう一度お試しください。',
} as const;
