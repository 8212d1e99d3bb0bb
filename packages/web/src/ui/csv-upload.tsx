import type { UploadResult } from '@manabi/shared/api';
import { csvTemplate } from '@manabi/shared/domain/csv';
import { csvFile } from '@manabi/shared/validation/rules';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useRouteApiError } from '../lib/area';
import { Alert } from './alert';
import { Button, LARGE_TARGET } from './button';
import { RequiredBadge } from './field-parts';
import { type ImportPreview, ImportPreviewPanel, type PreviewWords } from './import-preview';
import { Modal } from './modal';
import { Spinner } from './spinner';

/** The upload call's answer (SPEC §7), or a refused file's `{ result: false, msg }`. */
export type CsvUploadResult = UploadResult;

export interface CsvUploadProps {
  isOpen: boolean;
  /** Closes the modal (also after success; reload the list there). */
  onClose: () => void;
  /** Modal title, e.g. 「講座申込情報CSVアップロード」. */
  title: string;
  /** Note shown above the field (SPEC §2: e.g. unregistered students' applications are not registered). */
  note?: ReactNode;
  /**
   * Sends the file. `dataUrl` is `data:text/csv;base64,…` (FileReader.readAsDataURL), the body SPEC §7
   * expects. Resolve `{ result: false, msg }` to show msg on the file field.
   */
  onUpload: (dataUrl: string, file: File, previewHash?: string) => Promise<CsvUploadResult>;
  /**
   * When given, the file is looked at first (decision 070): 「内容を確認する」 sends it to `run`, its answer is
   * shown (ImportPreviewPanel), and 「この内容で登録する」 sends the very same data URL to onUpload with the
   * preview's hash — or 「やり直す」 goes back to the file. A `{ result: false }` answer is the file's message.
   */
  preview?: {
    run: (dataUrl: string, file: File) => Promise<ImportPreview | { result: false; msg: string }>;
    words: PreviewWords;
  };
  /** More inputs inside the form (e.g. the student type choice); disabled while uploading. */
  extraFields?: ReactNode;
  /** Button text; default 「アップロード」. */
  uploadLabel?: string;
  /**
   * The 「ひな形」 the modal offers: the columns the upload is parsed with (header → field, the shared object
   * the server reads the file by), saved as `fileName` with only their header row.
   */
  template: { columns: Readonly<Record<string, string>>; fileName: string };
}

/** Reads a file as a data URL. */
export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('file read failed'));
    reader.readAsDataURL(file);
  });
}

/**
 * The template as a plain download link: BOM and the header row, UTF-8, as a data URL (a few hundred bytes),
 * so it is saved by the browser like any link and works by keyboard.
 */
function TemplateLink({ columns, fileName }: CsvUploadProps['template']) {
  const href = `data:text/csv;charset=utf-8,${encodeURIComponent(csvTemplate(columns))}`;
  return (
    <p className="text-std-16N-170 text-ink">
      <a
        href={href}
        download={fileName}
        className={`text-link underline underline-offset-4 hover:text-link-hover ${LARGE_TARGET}`}
      >
        ひな形（見出しだけのCSV）をダウンロード
      </a>
      <span className="block text-ink-muted">1行目の見出しはそのままにして、2行目から入力してください。</span>
    </p>
  );
}

/**
 * CSV upload modal (SPEC §2 course list / student list): the template link, the file field checked with
 * shared `csvFile` (CSV only, 20 MB, message on the field), 「アップロード」; while running 「登録中...」 with
 * a spinner and the close button disabled; `result: false` shows msg on the field and the form is usable
 * again; success shows 「アップロードが完了しました」 and a close button. With `preview`, 「内容を確認する」
 * comes first and the upload is offered only for a file without errors.
 */
export function CsvUpload({
  isOpen,
  onClose,
  title,
  note,
  onUpload,
  preview,
  extraFields,
  uploadLabel = 'アップロード',
  template,
}: CsvUploadProps) {
  const id = useId();
  const upload = useCsvUpload(onUpload, onClose, preview?.run);
  const noteId = `${id}-note`;
  const shown = upload.previewed?.preview;
  const canApply = shown !== undefined && shown.counts.errors === 0 && shown.counts.new > 0;

  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => !open && upload.close()}
      title={title}
      size={preview ? 'lg' : 'md'}
      isCloseDisabled={upload.isUploading}
      // Distinct keys: React would otherwise reuse the one <button> and its colour transition would fade
      // from the primary to the secondary colours, failing contrast for a moment (an axe scan caught it).
      footer={
        upload.isDone ? (
          <Button key="close" variant="secondary" onPress={upload.close} autoFocus>
            閉じる
          </Button>
        ) : shown ? (
          <>
            <Button key="again" variant="secondary" onPress={upload.restart} isDisabled={upload.isUploading}>
              やり直す
            </Button>
            {canApply && (
              <Button
                key="apply"
                onPress={() => void upload.apply()}
                isPending={upload.isUploading}
                pendingLabel="登録中..."
              >
                この内容で登録する
              </Button>
            )}
          </>
        ) : (
          <Button
            key="upload"
            onPress={() => void upload.start()}
            isPending={upload.isUploading}
            pendingLabel={preview ? '確認中...' : '登録中...'}
          >
            {preview ? '内容を確認する' : uploadLabel}
          </Button>
        )
      }
    >
      {upload.isDone ? (
        <Alert variant="success" title="アップロードが完了しました">
          {upload.doneMsg && <p>{upload.doneMsg}</p>}
        </Alert>
      ) : shown && preview ? (
        <div className="space-y-4">
          <ImportPreviewPanel preview={shown} words={preview.words} headingRef={upload.headingRef} />
          {upload.isUploading && <Spinner label="登録中..." />}
        </div>
      ) : (
        <fieldset disabled={upload.isUploading} className="mx-0 min-w-0 space-y-4 border-0 p-0">
          {note && (
            <div id={noteId} className="text-std-16N-170 text-ink">
              {note}
            </div>
          )}
          <TemplateLink {...template} />
          {extraFields}
          <CsvFileField id={id} noteId={note ? noteId : null} upload={upload} />
          {upload.isUploading && <Spinner label={preview ? '確認中...' : '登録中...'} />}
        </fieldset>
      )}
    </Modal>
  );
}

/** A file looked at: its data URL (sent again as it is, so the upload is the file the preview read) and the answer. */
interface Previewed {
  dataUrl: string;
  file: File;
  preview: ImportPreview;
}

/**
 * The file field's state: the picked file and its error. After an error, or when the field is emptied to
 * choose the fixed file again, the field is focused once it is enabled (WCAG 3.3.1).
 */
function useFileField(isUploading: boolean) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Focus the file field once it is enabled again after an error (WCAG 3.3.1): the error and the end of the
  // call may render apart, so the wish is kept until the field can take focus.
  const wantsFocus = useRef(false);
  useEffect(() => {
    if (!wantsFocus.current || isUploading || !inputRef.current) return;
    wantsFocus.current = false;
    inputRef.current.focus();
  });

  const fail = (message: string) => {
    setError(message);
    wantsFocus.current = true;
  };
  const pick = (picked: File | null) => {
    setFile(picked);
    setError(null);
  };
  /** Emptied, the focus wished back to it: the fixed file is chosen again. */
  const again = () => {
    wantsFocus.current = true;
    setFile(null);
  };
  const clear = () => {
    setFile(null);
    setError(null);
  };
  return { inputRef, file, error, clearError: () => setError(null), fail, pick, again, clear };
}

/** A preview that arrives is read from its heading (a screen reader hears where it is). */
function usePreviewHeading(previewed: Previewed | null) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (previewed) headingRef.current?.focus();
  }, [previewed]);
  return headingRef;
}

/**
 * The upload's state: the file field (useFileField), running, the preview shown (its heading focused), done
 * with the server's completion message. Closing is refused while it runs.
 */
function useCsvUpload(
  onUpload: CsvUploadProps['onUpload'],
  onClose: () => void,
  runPreview?: NonNullable<CsvUploadProps['preview']>['run'],
) {
  const [isUploading, setIsUploading] = useState(false);
  const [isDone, setIsDone] = useState(false);
  const [previewed, setPreviewed] = useState<Previewed | null>(null);
  // the server's completion message (counts of registered and skipped rows), shown under the title
  const [doneMsg, setDoneMsg] = useState('');
  const routeError = useRouteApiError();
  const field = useFileField(isUploading);
  const { fail } = field;
  const headingRef = usePreviewHeading(previewed);

  const close = () => {
    if (isUploading) return;
    field.clear();
    setIsUploading(false);
    setIsDone(false);
    setPreviewed(null);
    setDoneMsg('');
    onClose();
  };

  /** Sends, and on an unexpected failure closes and routes the error (SPEC §8). */
  const running = async (work: () => Promise<void>) => {
    field.clearError();
    setIsUploading(true);
    try {
      await work();
    } catch (caught) {
      setIsUploading(false);
      setPreviewed(null);
      onClose();
      routeError(caught);
      return;
    }
    setIsUploading(false);
  };

  const uploaded = (answer: CsvUploadResult) => {
    if (answer.result) {
      setDoneMsg(answer.msg);
      setIsDone(true);
    } else {
      setPreviewed(null);
      fail(answer.msg || 'アップロードできませんでした。');
    }
  };

  const start = async () => {
    const checked = csvFile<File>().safeParse(field.file);
    if (!checked.success) {
      fail(checked.error.issues[0]?.message ?? 'ファイルを確認してください。');
      return;
    }
    const picked = checked.data;
    await running(async () => {
      const dataUrl = await readAsDataUrl(picked);
      if (!runPreview) {
        uploaded(await onUpload(dataUrl, picked));
        return;
      }
      const answer = await runPreview(dataUrl, picked);
      if ('preview_hash' in answer) setPreviewed({ dataUrl, file: picked, preview: answer });
      else fail(answer.msg || 'ファイルを確認できませんでした。');
    });
  };

  const apply = async () => {
    if (!previewed) return;
    await running(async () =>
      uploaded(await onUpload(previewed.dataUrl, previewed.file, previewed.preview.preview_hash)),
    );
  };

  /** Back to the file field, emptied: the fixed file is chosen again. */
  const restart = () => {
    field.again();
    setPreviewed(null);
  };

  const { inputRef, error, pick } = field;
  return {
    inputRef,
    headingRef,
    error,
    isUploading,
    isDone,
    previewed,
    doneMsg,
    close,
    start,
    apply,
    restart,
    pick,
  };
}

/** The required file field: its label, the format hint, the note and the error as its description. */
function CsvFileField({
  id,
  noteId,
  upload,
}: {
  id: string;
  noteId: string | null;
  upload: Pick<ReturnType<typeof useCsvUpload>, 'inputRef' | 'error' | 'pick'>;
}) {
  const { error } = upload;
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={`${id}-file`} className="text-std-17B-170 text-ink">
        CSVファイル
        <RequiredBadge />
      </label>
      <p id={`${id}-hint`} className="text-std-16N-170 text-ink-muted">
        CSV形式（20MBまで）のファイルを選んでください。
      </p>
      <input
        ref={upload.inputRef}
        id={`${id}-file`}
        type="file"
        accept=".csv,text/csv"
        required
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={[`${id}-hint`, noteId, error ? errorId : null].filter(Boolean).join(' ')}
        onChange={(event) => upload.pick(event.currentTarget.files?.[0] ?? null)}
        className="w-full rounded-8 border-2 border-field-line bg-field p-2 text-std-16N-170 text-on-field file:mr-4 file:min-h-10 file:cursor-pointer file:rounded-6 file:border-2 file:border-key-900 file:bg-white file:px-4 file:text-std-16B-170 file:text-key-900 aria-[invalid=true]:border-[3px] aria-[invalid=true]:border-error"
      />
      {error && (
        <p id={errorId} className="text-std-16B-170 text-error">
          {error}
        </p>
      )}
    </div>
  );
}
