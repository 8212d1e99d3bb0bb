import type { NoticeAudience } from '@manabi/shared/api';
import type { NoticeForm } from '@manabi/shared/schemas/notice';
import { useQuery } from '@tanstack/react-query';
import { noticeAudienceQuery } from './api/notices';

/** 「対象：N人（うちメール M人）」: N students reached, M of them mailed. */
export function audienceCountText({ target_count, mail_count }: NoticeAudience): string {
  const n = (value: number) => value.toLocaleString('ja-JP');
  return `対象：${n(target_count)}人（うちメール ${n(mail_count)}人）`;
}

/**
 * The confirm step's count of whom registering reaches, asked of the server with the form's target, publish
 * state, mail choice and period end (and, for an update, the notice: whom it mailed before is not mailed
 * again). While it counts, and if it cannot, the step says so in words.
 */
export function AudienceCount({ values, noticeId }: { values: NoticeForm; noticeId?: number }) {
  const counted = useQuery(
    noticeAudienceQuery({
      id: noticeId === undefined ? '' : String(noticeId),
      is_control: values.is_control,
      published_to: values.published_to,
      generation_id: values.generation_id,
      course_id: values.course_id,
      lottery_status: values.lottery_status,
      is_email: values.is_email,
      period_to: values.period_to,
    }),
  );
  return (
    <p className="text-std-20B-150" aria-live="polite" aria-busy={counted.isPending}>
      {counted.data
        ? audienceCountText(counted.data)
        : counted.isError
          ? '対象の人数を数えられませんでした。入力画面に戻って、配信先をお確かめください。'
          : '対象の人数を数えています...'}
    </p>
  );
}
