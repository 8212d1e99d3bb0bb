/** Why the camera could not be used, said plainly on the page (the 学生番号 form still works). */
export type CameraProblem = 'denied' | 'missing' | 'unsupported' | 'failed';

export const CAMERA_PROBLEM_TEXT: Record<CameraProblem, string> = {
  denied:
    'カメラの使用が許可されていません。ブラウザーの設定でこのサイトのカメラを許可してから、画面を読み込み直してください。',
  missing: 'この機器にはカメラが見つかりません。',
  unsupported:
    'このブラウザーではカメラを使えません（https でないページや、古いブラウザーではカメラを使えません）。',
  failed: 'カメラを起動できませんでした。ほかのアプリがカメラを使っていないか確かめてください。',
};
