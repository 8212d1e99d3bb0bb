import type { Student } from '@manabi/shared/api';
import { formatDateTimeJa } from '@manabi/shared/domain/dates';
import { CALL_OUTCOMES } from '@manabi/shared/schemas/contact';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { ContactCallDialog } from '../contact-call-dialog';
import { deliveryLines } from '../contact-words';
import { studentContactQuery } from './api/student-contact';

/**
 * 「連絡の記録」 on the student's page (decision 065): whether mail reaches them, each result and how it
 * reached them (mail, my-page, letter), and the telephone calls, with 「電話連絡を記録」.
 */
export function StudentContactSection({ student }: { student: Student }) {
  const contact = useQuery(studentContactQuery(student.user_id));
  const [isCalling, setIsCalling] = useState(false);
  const [recorded, setRecorded] = useState(false);
  const c = contact.data;
  return (
    <section aria-labelledby="student-contact-heading" className="space-y-4">
      <h2 id="student-contact-heading" className="text-std-24B-150">
        連絡の記録
      </h2>
      {!c ? (
        <Spinner label="連絡の記録を読み込んでいます" />
      ) : (
        <>
          {c.mail_undeliverable && (
            <Alert variant="error" title="メールが届きません">
              <p>
                {formatDateTimeJa(c.mail_undeliverable.at)}に、メールアドレス1（{c.mail1}
                ）宛てのメールを受け取れないと相手のメールサーバーから返されました。理由：
                {c.mail_undeliverable.reason || '（記録がありません）'}
              </p>
              <p>学生にメールアドレスを確かめ、変更してください。変更すると、この表示は消えます。</p>
            </Alert>
          )}
          {!c.is_email && (
            <p>この学生はメールを受け取りません（メール配信：配信しない）。結果は郵送でお知らせします。</p>
          )}
          {recorded && <Alert variant="success">電話連絡を記録しました。</Alert>}
          <p>
            <Button
              variant="secondary"
              onPress={() => {
                setRecorded(false);
                setIsCalling(true);
              }}
            >
              電話連絡を記録
            </Button>
          </p>
          <h3 className="text-std-20B-150">電話連絡</h3>
          {c.calls.length === 0 ? (
            <p>電話連絡の記録はありません。</p>
          ) : (
            <ul className="space-y-3">
              {c.calls.map((call) => (
                <li key={call.id} className="wrap-anywhere rounded-8 border border-line p-3">
                  <p className="text-std-17B-170">
                    {formatDateTimeJa(call.called_at)}　{CALL_OUTCOMES[call.outcome]}（{call.admin_name}）
                  </p>
                  {call.course_name && <p>講座：{call.course_name}</p>}
                  {call.note && <p className="whitespace-pre-wrap">{call.note}</p>}
                </li>
              ))}
            </ul>
          )}
          <h3 className="text-std-20B-150">結果のお知らせ</h3>
          {c.notices.length === 0 ? (
            <p>講座の結果のお知らせはまだありません。</p>
          ) : (
            <ul className="space-y-3">
              {c.notices.map((n) => (
                <li key={n.notice_id} className="wrap-anywhere rounded-8 border border-line p-3">
                  <p className="text-std-17B-170">{n.title}</p>
                  <p>{[formatDateTimeJa(n.created_at), ...deliveryLines(n)].join('　')}</p>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {isCalling && (
        <ContactCallDialog
          student={{
            user_id: student.user_id,
            login_id: student.login_id ?? '',
            name: student.name,
            name_kana: student.name_kana,
            phone1: student.phone_1 || null,
            phone2: student.phone_2 || null,
          }}
          course={null}
          isOpen
          onClose={(done) => {
            setRecorded(done);
            setIsCalling(false);
          }}
        />
      )}
    </section>
  );
}
