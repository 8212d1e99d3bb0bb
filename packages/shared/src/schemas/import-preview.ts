/**
 * What a student or course CSV would do, shown before it is done (decision 070): the preview calls'
 * answers and the `preview_hash` the upload calls take back. A preview reads; only the upload writes, and
 * only the outcome the preview showed.
 */
import { z } from 'zod';

/** Entries each list of a preview answers at most; its count is always exact. */
export const PREVIEW_LIST_LIMIT = 200;

export const IMPORT_PREVIEW_MSG = {
  /** the upload's recomputed hash differs from the one the preview answered */
  changed: '確認した後に登録内容が変わりました。もう一度「内容を確認する」からやり直してください。',
  badHash: '確認の結果が正しく送られませんでした。もう一度「内容を確認する」からやり直してください。',
  /** a registered 学生番号 whose stored values differ from the row: SPEC §2 neither registers nor updates it */
  registeredDiffers: '登録済み・内容が異なります（この取り込みでは更新しません）',
} as const;

/** sha256 in lower-case hex, as the preview answers it. */
export const previewHashSchema = z
  .string()
  .regex(/^[0-9a-f]{64}$/, { error: IMPORT_PREVIEW_MSG.badHash })
  .describe(
    'The preview_hash the preview call answered for this very file. When sent, the upload works the outcome ' +
      'out again inside its transaction and answers 409 (msg on the file field, nothing written) if it differs: ' +
      'a row, a registered record or the options changed since the preview. Without it the call is as SPEC §7 says.',
  );
