import { formatDateTimeJa } from '@manabi/shared/domain/dates';
import type { CalendarFeedIssued, MypageSchedule } from '@manabi/shared/schemas/responses';
import { useId, useRef, useState } from 'react';
import { Label, TextArea, TextField } from 'react-aria-components';
import { Button, buttonClass } from '../../ui/button';
import { controlClass } from '../../ui/field-parts';
import { LazyModal, loadModal } from '../../ui/lazy-modal';
import { useIssueFeed, useRevokeFeed } from './api/schedule';

type Asking = 'reissue' | 'revoke' | null;

/**
 * 「スマートフォンのカレンダーに登録する」: what the calendar feed does, in plain words; a button that
 * makes the secret address; then the address (read-only, with コピー and a webcal:// link that opens the
 * phone's calendar) and 「登録をやめる」. The server answers the address only when it is made, so it is shown
 * on this visit only; later visits say a feed exists and offer a new address instead.
 */
export function CalendarFeedSection({ feed }: { feed: MypageSchedule['feed'] }) {
  const issue = useIssueFeed();
  const revoke = useRevokeFeed();
  const [issued, setIssued] = useState<CalendarFeedIssued | null>(null);
  const [asking, setAsking] = useState<Asking>(null);
  const [done, setDone] = useState('');
  const busy = issue.isPending || revoke.isPending;
  const headingId = useId();

  // a refusal is routed by the query client (SPEC §8: an ended session to the login, and so on)
  const makeAddress = () => {
    setDone('');
    issue.mutate(undefined, {
      onSuccess: (answer) => {
        setIssued(answer);
        setDone('登録用のアドレスを発行しました。下のアドレスをカレンダーに登録してください。');
      },
    });
  };
  const stop = () => {
    setDone('');
    revoke.mutate(undefined, {
      onSuccess: () => {
        setIssued(null);
        setDone('カレンダーへの登録をやめました。これまでのアドレスは使えなくなりました。');
      },
    });
  };

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="text-std-22B-150 text-ink">
        スマートフォンのカレンダーに登録する
      </h2>
      <FeedExplanation />

      <p role="status" className="text-std-17B-170 text-ink empty:hidden">
        {done}
      </p>
      {issued ? <FeedAddress issued={issued} /> : feed.issued ? <IssuedFeedNote feed={feed} /> : null}

      <div className="flex flex-wrap gap-4">
        {!feed.issued && !issued && (
          <Button onPress={makeAddress} isPending={issue.isPending} pendingLabel="発行しています...">
            登録用のアドレスを発行する
          </Button>
        )}
        {(feed.issued || issued) && (
          <>
            <AskButton onPress={() => setAsking('reissue')} isDisabled={busy}>
              新しいアドレスを発行する
            </AskButton>
            <AskButton onPress={() => setAsking('revoke')} isDisabled={busy}>
              登録をやめる
            </AskButton>
          </>
        )}
      </div>

      <ConfirmFeedChange
        asking={asking}
        onCancel={() => setAsking(null)}
        onConfirm={(action) => (action === 'revoke' ? stop() : makeAddress())}
      />
    </section>
  );
}

/** What the calendar feed does and why its address is kept secret, in plain words. */
function FeedExplanation() {
  return (
    <div className="space-y-2 text-std-17N-170 text-ink">
      <p>
        登録用のアドレスを、スマートフォンやパソコンのカレンダー（iPhoneのカレンダー、Googleカレンダーなど）に登録すると、受講が決まった講座の授業日がカレンダーに表示されます。授業日が変わったときも、カレンダーの予定が自動で新しくなります（反映まで数時間かかることがあります）。
      </p>
      <p>
        このアドレスは、<strong>あなた専用の秘密のアドレス</strong>
        です。アドレスを知っている人は誰でもあなたの授業の予定を見ることができますので、ほかの人には教えないでください。
      </p>
      <p>
        新しいアドレスを発行すると、前のアドレスは使えなくなります。アドレスを人に知られてしまったときや、登録をやり直したいときは、新しいアドレスを発行してください。
      </p>
    </div>
  );
}

/** A feed made on an earlier visit: when it was made and last read (its address is not shown again). */
function IssuedFeedNote({ feed }: { feed: MypageSchedule['feed'] }) {
  return (
    <div className="space-y-2 rounded-8 border-2 border-line p-4 text-std-17N-170 text-ink">
      <p>
        登録用のアドレスは発行済みです（{formatDateTimeJa(feed.created_at)}に発行）。
        {feed.last_used_at
          ? `カレンダーが最後に予定を読み込んだのは${formatDateTimeJa(feed.last_used_at)}ごろです。`
          : 'まだカレンダーから読み込まれていません。'}
      </p>
      <p>
        アドレスは安全のため、発行したときにしか表示しません。もう一度登録するときは、新しいアドレスを発行してください。
      </p>
    </div>
  );
}

/** A button that asks first: the dialog's code starts loading when it is pointed at or focused. */
function AskButton({
  onPress,
  isDisabled,
  children,
}: {
  onPress: () => void;
  isDisabled: boolean;
  children: string;
}) {
  return (
    <Button
      variant="secondary"
      onHoverStart={() => void loadModal()}
      onFocus={() => void loadModal()}
      onPress={onPress}
      isDisabled={isDisabled}
    >
      {children}
    </Button>
  );
}

/** The question before a new address or the end of the feed: each says the old address stops working. */
function ConfirmFeedChange({
  asking,
  onCancel,
  onConfirm,
}: {
  asking: Asking;
  onCancel: () => void;
  onConfirm: (action: Exclude<Asking, null>) => void;
}) {
  return (
    <LazyModal
      isOpen={asking !== null}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      title={asking === 'revoke' ? 'カレンダーへの登録をやめますか' : '新しいアドレスを発行しますか'}
      size="sm"
      footer={(close) => (
        <div className="flex flex-wrap justify-end gap-4">
          <Button variant="secondary" onPress={close}>
            やめる
          </Button>
          <Button
            onPress={() => {
              const action = asking;
              close();
              onConfirm(action === 'revoke' ? 'revoke' : 'reissue');
            }}
          >
            {asking === 'revoke' ? '登録をやめる' : '発行する'}
          </Button>
        </div>
      )}
    >
      <p className="text-std-17N-170">
        {asking === 'revoke'
          ? 'いまのアドレスは使えなくなり、カレンダーに授業の予定が届かなくなります。カレンダーのアプリに残った登録は、アプリの設定から削除してください。'
          : 'いまのアドレスは使えなくなり、そのアドレスを登録したカレンダーには授業の予定が届かなくなります。新しいアドレスで登録し直してください。'}
      </p>
    </LazyModal>
  );
}

/**
 * The address just made: a read-only field with 「コピー」 (the clipboard when the browser allows it, else the
 * text is selected for the student to copy) and 「カレンダーに登録」, the webcal:// address a phone opens in its
 * calendar.
 */
function FeedAddress({ issued }: { issued: CalendarFeedIssued }) {
  const input = useRef<HTMLTextAreaElement>(null);
  const [copied, setCopied] = useState('');

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(issued.url);
      setCopied('アドレスをコピーしました。カレンダーのアプリに貼り付けてください。');
    } catch {
      // an http:// page or a browser that refuses: select it, so a long press or Ctrl+C copies it
      input.current?.focus();
      input.current?.select();
      setCopied('アドレスを選択しました。長押しして「コピー」を選ぶか、Ctrl+C でコピーしてください。');
    }
  };

  return (
    <div className="space-y-4 rounded-8 border-2 border-line p-4">
      <TextField value={issued.url} isReadOnly className="space-y-2">
        <Label className="block text-std-17B-170 text-ink">登録用のアドレス（あなた専用）</Label>
        {/* a text area, so the whole address shows on a phone too (it has no spaces to wrap at) */}
        <TextArea
          ref={input}
          rows={3}
          onFocus={(e) => e.currentTarget.select()}
          className={controlClass('full', 'field-sizing-content resize-none break-all font-mono')}
        />
      </TextField>
      <div className="flex flex-wrap gap-4">
        <Button onPress={() => void copy()}>コピー</Button>
        <a href={issued.webcal_url} className={buttonClass('secondary')}>
          カレンダーに登録
        </a>
      </div>
      <p role="status" className="text-std-17B-170 text-ink empty:hidden">
        {copied}
      </p>
      <p className="text-std-16N-170 text-ink">
        「カレンダーに登録」を押すと、スマートフォンのカレンダーが開いて登録を確かめる画面になります。開かないときや、パソコンのGoogleカレンダーでは、「他のカレンダー」の「URLで追加」にコピーしたアドレスを貼り付けてください。
      </p>
    </div>
  );
}
