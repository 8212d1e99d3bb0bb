import { zodResolver } from '@hookform/resolvers/zod';
import {
  CALL_NOTE_MAX,
  CALL_OUTCOMES,
  type CallForm,
  callAddBodySchema,
} from '@manabi/shared/schemas/contact';
import { useForm } from 'react-hook-form';
import { isApiError } from '../lib/api';
import { Button } from '../ui/button';
import { RadioGroup } from '../ui/choice-fields';
import { ConfirmList } from '../ui/confirm-list';
import { placeFieldErrors } from '../ui/field-errors';
import { Modal } from '../ui/modal';
import { TextArea } from '../ui/text-input';
import { useAddCall } from './contact-call-api';

type Field = 'outcome' | 'note' | 'course_id';
const FIELDS: readonly Field[] = ['outcome', 'note', 'course_id'];

const OUTCOME_OPTIONS = Object.entries(CALL_OUTCOMES).map(([value, label]) => ({ value, label }));

/** Who is called: the contact list's row or the student's page. */
export interface CalledStudent {
  user_id: number;
  login_id: string;
  name: string | null;
  name_kana: string;
  phone1: string | null;
  phone2: string | null;
}

/** A telephone number as a link a phone dials (digits and + only in the href). */
export function PhoneLink({ phone }: { phone: string }) {
  return (
    <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} className="underline underline-offset-[3px]">
      {phone}
    </a>
  );
}

/** The dialog's form and call: the server's field refusals go to their fields. */
function useCallForm(
  student: CalledStudent,
  course: { id: number; name: string } | null,
  onClose: (recorded: boolean) => void,
) {
  const add = useAddCall();
  const form = useForm<CallForm>({
    resolver: zodResolver(callAddBodySchema),
    defaultValues: {
      user_id: String(student.user_id),
      course_id: course ? String(course.id) : '',
      outcome: '1',
      note: '',
    },
  });

  const close = (recorded: boolean) => {
    if (add.isPending) return;
    add.reset();
    form.reset();
    onClose(recorded);
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      await add.mutateAsync(values);
      close(true);
    } catch (error) {
      if (!isApiError(error) || !error.isFieldError) return;
      const first = placeFieldErrors(form.setError, error.errList, FIELDS, 'note');
      if (first) form.setFocus(first);
    }
  });
  return { add, form, close, submit };
}

/**
 * 「電話連絡を記録」 (decision 065): who was called, about which course, how it went (本人と話した・不在・
 * 伝言・番号違い) and a note. The server records the admin and the time, and the audit keeps it.
 */
export function ContactCallDialog({
  student,
  course,
  courses = [],
  isOpen,
  onClose,
}: {
  student: CalledStudent;
  /** the course the call is about, when the row names one */
  course: { id: number; name: string } | null;
  /**
   * the courses the row waits on, when more than one: the call names the one talked about (本人と話した takes
   * that course's reasons off the contact list); `course` is the first chosen
   */
  courses?: readonly { id: number; name: string }[];
  isOpen: boolean;
  onClose: (recorded: boolean) => void;
}) {
  const { add, form, close, submit } = useCallForm(student, course, onClose);
  const choices = courses.length > 1;

  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => !open && close(false)}
      title="電話連絡の記録"
      isCloseDisabled={add.isPending}
      footer={
        <div className="flex flex-wrap gap-4">
          <Button type="submit" form="contact-call-form" isPending={add.isPending} pendingLabel="記録中...">
            記録する
          </Button>
          <Button variant="secondary" onPress={() => close(false)} isDisabled={add.isPending}>
            やめる
          </Button>
        </div>
      }
    >
      <form id="contact-call-form" onSubmit={submit} noValidate className="space-y-6">
        <ConfirmList
          items={[
            { label: '学生番号', value: student.login_id },
            { label: '氏名', value: student.name ?? student.name_kana },
            ...(choices ? [] : [{ label: '講座', value: course?.name ?? '（講座を指定しない）' }]),
          ]}
        />
        <StudentPhones student={student} />
        {choices && (
          <RadioGroup
            control={form.control}
            name="course_id"
            label="話した講座"
            orientation="vertical"
            description="「本人と話した」を記録すると、その講座の連絡は「連絡が必要な学生」から外れます。"
            options={courses.map((c) => ({ value: String(c.id), label: c.name }))}
          />
        )}
        <RadioGroup
          control={form.control}
          name="outcome"
          label="結果"
          isRequired
          orientation="vertical"
          options={OUTCOME_OPTIONS}
        />
        <TextArea
          control={form.control}
          name="note"
          label="メモ"
          rows={3}
          maxLength={CALL_NOTE_MAX}
          description="話した内容や、次に電話する時間など。学生の連絡の記録と操作履歴に残ります。"
        />
      </form>
    </Modal>
  );
}

/** The student's telephone numbers, each a link a phone dials. */
function StudentPhones({ student }: { student: CalledStudent }) {
  const phones = [student.phone1, student.phone2].filter((p): p is string => Boolean(p));
  return (
    <div>
      <p className="text-std-17B-170">電話番号</p>
      {phones.length === 0 ? (
        <p>電話番号の登録がありません。</p>
      ) : (
        <ul className="flex flex-wrap gap-x-6">
          {phones.map((p) => (
            <li key={p}>
              <PhoneLink phone={p} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
