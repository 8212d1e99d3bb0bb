import { type Ref, useEffect, useRef } from 'react';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';

/** What the last 更新する of an attendance table came to. */
export type TableNotice =
  | { kind: 'updated'; count: number }
  | { kind: 'nothing' }
  | { kind: 'stale' }
  | { kind: 'invalid'; lines: string[] }
  | null;

/** Focuses the notice area whenever a notice appears (it is announced and scrolled to). */
export function useNoticeFocus(notice: TableNotice) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (notice) ref.current?.focus();
  }, [notice]);
  return ref;
}

/**
 * The messages of an attendance table (decision 005): 更新完了 with the count, nothing ticked, a 409 (the
 * admin's changes are laid over the fresh rows), or the cells to fix.
 */
export function TableNoticeArea({
  notice,
  noticeRef,
  updatedText,
  nothingTitle,
}: {
  notice: TableNotice;
  noticeRef: Ref<HTMLDivElement>;
  /** e.g. (n) => `${n}件の申込を更新しました。` */
  updatedText: (count: number) => string;
  /** e.g. 「更新する申込がありません」 */
  nothingTitle: string;
}) {
  return (
    <div ref={noticeRef} tabIndex={-1} aria-live="polite" className="outline-none">
      {notice?.kind === 'updated' && (
        <Alert variant="success" title="更新完了">
          <p>{updatedText(notice.count)}</p>
        </Alert>
      )}
      {notice?.kind === 'nothing' && (
        <Alert variant="warning" title={nothingTitle}>
          <p>変更した行の「更新」にチェックを入れてから、「更新する」を押してください。</p>
        </Alert>
      )}
      {notice?.kind === 'stale' && (
        <Alert variant="error" title="ほかの管理者が先に更新したため、更新しませんでした">
          <p>
            最新の内容を読み込み、あなたの変更を重ねて表示しています（色の付いた欄）。内容を確かめて、もう一度「更新する」を押してください。
          </p>
        </Alert>
      )}
      {notice?.kind === 'invalid' && (
        <Alert variant="error" title="入力内容を確認してください。更新していません。">
          <ul className="list-disc pl-6">
            {notice.lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </Alert>
      )}
    </div>
  );
}

/** 更新する / 元に戻す under an attendance table, with how many rows will be sent. */
export function TableActions({
  ticked,
  hasEdits,
  isUpdating,
  onUpdate,
  onReset,
}: {
  ticked: number;
  hasEdits: boolean;
  isUpdating: boolean;
  onUpdate: () => void;
  onReset: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-4">
      <Button onPress={onUpdate} isPending={isUpdating} pendingLabel="更新中...">
        更新する
      </Button>
      <Button variant="secondary" onPress={onReset} isDisabled={!hasEdits || isUpdating}>
        元に戻す
      </Button>
      <p className="text-std-16N-170 text-ink" aria-live="polite">
        {ticked > 0 ? `更新する行：${ticked}件` : '変更した行は自動で「更新」にチェックが入ります。'}
      </p>
    </div>
  );
}
