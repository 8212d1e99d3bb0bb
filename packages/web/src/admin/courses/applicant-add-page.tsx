import type { AddApplicantResult, AddApplicantStudentRow } from '@manabi/shared/api';
import { codeText, LOTTERY } from '@manabi/shared/codes';
import { streetText } from '@manabi/shared/domain/address';
import { formatDateJa } from '@manabi/shared/domain/dates';
import {
  addApplicantFormSchema,
  addApplicantStudentQuerySchema,
  OVER_CAPACITY_REASON_MAX,
  STUDENT_SEARCH_LIMIT,
} from '@manabi/shared/schemas/applicant';
import { useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { paths } from '../../lib/paths';
import { useSessionUser } from '../../lib/session';
import { Alert } from '../../ui/alert';
import { ButtonLink } from '../../ui/button';
import { Checkbox, RadioGroup } from '../../ui/choice-fields';
import { codeOptions } from '../../ui/code-options';
import { ConfirmList } from '../../ui/confirm-list';
import type { Column } from '../../ui/data-table';
import { FullPageSpinner } from '../../ui/full-page-spinner';
import { PickerField, SearchPickerModal } from '../../ui/search-picker';
import { type FormSchema, StepForm, type StepFormApi } from '../../ui/step-form';
import { DateInput, TextArea, TextInput } from '../../ui/text-input';
import {
  emptyStudentSearch,
  isStudentSearchCapped,
  type StudentSearch,
  useAddApplicant,
  useStudentSearch,
} from './api/add-applicant';
import { type AdminCourseView, useCourseDetail } from './api/courses';
import { ApplicantFormComplete, ApplicantFormHead, ApplicantRemarksField } from './applicant-form-parts';

/**
 * The form's values: user_id is the chosen student's id ('' for none); over_capacity the desk's override of a
 * full first-come course (decision 086), with its reason.
 */
type AddValues = {
  user_id: string;
  how_apply: string;
  remarks: string;
  over_capacity: boolean;
  over_capacity_reason: string;
};
const formSchema = addApplicantFormSchema as unknown as FormSchema<AddValues, AddValues>;

/** The search form's schema: the shared query schema without the course id the screen supplies. */
const searchSchema = addApplicantStudentQuerySchema.omit({ id: true });

/**
 * 申込方法 choices: CD005 without 「一括登録（CSV）」, which only the CSV upload records (SPEC §2 is silent;
 * a hand-entered application is never a CSV one).
 */
const HOW_APPLY_OPTIONS = codeOptions('CD005').filter((option) => option.value !== '5');

const STUDENT_LABEL = '申込む学生';

/** A first-come course with a capacity: the desk takes a seat by the my-page's rule, or none (decision 086). */
const seatsOf = (course: AdminCourseView): number | null =>
  'is_lottery' in course && !course.is_lottery && course.capacity !== null ? course.capacity : null;

/** What 登録する did, in words: the status the application took. */
function completeMessage(result: AddApplicantResult): string {
  if (result.lottery_status === LOTTERY.WON)
    return result.over_capacity
      ? '定員を超えて、「当選」として登録しました。'
      : '先着順の講座のため、席を確保して「当選」として登録しました。';
  if (result.lottery_status === LOTTERY.WAITLISTED)
    return '定員に達していたため、「補欠」として登録しました。席が空くと順に繰り上がります。';
  return '申込者を登録しました。抽選までは「抽選待ち」です。';
}

/**
 * /admin/course/detail/add/{id} (SPEC §2): new application — pick a student in the search modal, 申込方法
 * and 備考 → confirm → register → completion linking to the applicant tab. Authority 2 is sent to
 * /admin/404 (the server refuses with 403 as well); an unknown course goes to /admin/404.
 */
export function Component() {
  const user = useSessionUser();
  const { id } = useParams();
  const courseId = Number(id);
  if (user.authority !== 1 || !Number.isSafeInteger(courseId) || courseId <= 0) {
    return <Navigate to={paths.admin.notFound()} replace />;
  }
  return <ApplicantAdd courseId={courseId} />;
}

function ApplicantAdd({ courseId }: { courseId: number }) {
  const detail = useCourseDetail(courseId);
  const add = useAddApplicant();
  // the chosen student's row, for the form and the confirm step (the form itself holds only user_id)
  const [chosen, setChosen] = useState<AddApplicantStudentRow | null>(null);
  const course = detail.data;
  if (!course) return <FullPageSpinner />;
  const listPath = paths.admin.courseDetail(course.id, 2);
  const capacity = seatsOf(course);

  return (
    <div className="space-y-8">
      <ApplicantFormHead title="申込者の追加" courseName={course.course_name} />
      <StepForm<AddValues, AddApplicantResult, AddValues>
        schema={formSchema}
        defaultValues={{
          user_id: '',
          how_apply: '',
          remarks: '',
          over_capacity: false,
          over_capacity_reason: '',
        }}
        onSubmit={(values) =>
          add.mutateAsync({
            course_id: course.id,
            user_id: values.user_id,
            how_apply: values.how_apply,
            remarks: values.remarks,
            over_capacity: values.over_capacity ? '1' : '0',
            over_capacity_reason: values.over_capacity ? values.over_capacity_reason : '',
          })
        }
        errorLabels={{ over_capacity: '定員を超えて受け付ける' }}
        renderInput={(form) => (
          <>
            {capacity !== null && <SeatRule capacity={capacity} />}
            <StudentField form={form} courseId={course.id} chosen={chosen} onChoose={setChosen} />
            <RadioGroup
              control={form.control}
              name="how_apply"
              label="申込方法"
              isRequired
              options={HOW_APPLY_OPTIONS}
            />
            <ApplicantRemarksField control={form.control} />
            {capacity !== null && <OverCapacityFields form={form} />}
          </>
        )}
        inputActions={
          <ButtonLink to={listPath} variant="tertiary">
            申込者一覧へ戻る
          </ButtonLink>
        }
        renderConfirm={(values) => (
          <ConfirmList
            items={[
              { label: '講座名', value: course.course_name },
              { label: '学生番号', value: chosen?.login_id },
              { label: '氏名', value: chosen?.name },
              { label: '申込方法', value: codeText('CD005', values.how_apply) },
              { label: '備考', value: values.remarks },
              ...(capacity === null
                ? []
                : [
                    {
                      label: '受付の扱い',
                      value: values.over_capacity
                        ? `定員（${capacity}人）を超えて受け付け、「当選」として登録します`
                        : '先着順：席が空いていれば「当選」として登録します',
                    },
                    ...(values.over_capacity
                      ? [{ label: '定員を超えて受け付ける理由', value: values.over_capacity_reason }]
                      : []),
                  ]),
            ]}
          />
        )}
        renderComplete={(result) => (
          <ApplicantFormComplete
            title="登録完了"
            message={completeMessage(result)}
            links={[{ to: listPath, label: '申込者一覧へ戻る' }]}
          />
        )}
      />
    </div>
  );
}

/** How a first-come course takes a desk application: the my-page's rule (decision 086). */
function SeatRule({ capacity }: { capacity: number }) {
  return (
    <Alert variant="info" title="先着順の講座です">
      <p>
        定員は{capacity}
        人です。席が空いていれば「当選」として登録します。定員に達しているときは登録できません（補欠を受け付ける講座では「補欠」になります）。
      </p>
    </Alert>
  );
}

/**
 * The desk's override of a full first-come course: explicit, with its reason (kept in the 操作の記録). The
 * server's 「定員に達しています」 lands on the checkbox.
 */
function OverCapacityFields({ form }: { form: StepFormApi<AddValues, AddValues> }) {
  const ticked = form.watch('over_capacity');
  return (
    <div className="space-y-4">
      <Checkbox
        control={form.control}
        name="over_capacity"
        label="定員を超えて受け付ける"
        description="定員に達していても受け付けるときだけチェックを入れ、理由を書いてください。操作の記録に残ります。"
      />
      {ticked && (
        <TextArea
          control={form.control}
          name="over_capacity_reason"
          label="定員を超えて受け付ける理由"
          isRequired
          rows={3}
          maxLength={OVER_CAPACITY_REASON_MAX}
          description={`${OVER_CAPACITY_REASON_MAX}文字まで入力できます。`}
        />
      )}
    </div>
  );
}

interface StudentFieldProps {
  form: StepFormApi<AddValues, AddValues>;
  courseId: number;
  chosen: AddApplicantStudentRow | null;
  onChoose: (student: AddApplicantStudentRow) => void;
}

const STUDENT_COLUMNS: Column<AddApplicantStudentRow>[] = [
  { key: 'login_id', header: '学生番号', sortable: true, className: 'whitespace-nowrap' },
  { key: 'name', header: '氏名', sortable: true, isRowHeader: true, className: 'whitespace-nowrap' },
  { key: 'name_kana', header: '氏名カナ', sortable: true, className: 'whitespace-nowrap' },
  {
    key: 'birthday',
    header: '生年月日',
    sortable: true,
    className: 'whitespace-nowrap',
    render: (row) => formatDateJa(row.birthday),
  },
  {
    key: 'address',
    header: '住所（町名・丁目）',
    sortable: true,
    sortValue: (row) => `${row.street_name1} ${row.street_name2}`,
    render: (row) =>
      streetText({ pref: '', street_name1: row.street_name1, street_name2: row.street_name2, address: '' }),
  },
];

/**
 * The required student of the form (user_id): what is chosen, and the button that opens the student search
 * of SPEC §2 (students who already applied to the course are left out). The search stays while the field
 * is shown, so reopening to change the choice starts from the last one.
 */
function StudentField({ form, courseId, chosen, onChoose }: StudentFieldProps) {
  const [search, setSearch] = useState<StudentSearch | null>(null);
  const result = useStudentSearch(courseId, search);
  return (
    <PickerField
      form={form}
      name="user_id"
      label={STUDENT_LABEL}
      chooseLabel="学生を検索して選択"
      changeLabel="選択した学生を変更"
      renderChosen={(value) =>
        chosen && value === String(chosen.user_id) ? (
          <>
            学生番号：<span className="text-std-16B-170">{chosen.login_id}</span>
            <span aria-hidden="true">　</span>
            <span className="sr-only">、</span>
            氏名：<span className="text-std-16B-170">{chosen.name}</span>
          </>
        ) : null
      }
      renderModal={({ choose, ...modal }) => (
        <SearchPickerModal
          {...modal}
          title="学生を検索して選択"
          intro="条件を入力して「検索」ボタンを押し、申込む学生の「選択」ボタンを押してください。この講座に申込済みの学生は表示されません。"
          formLabel="学生の検索条件"
          schema={searchSchema}
          emptySearch={emptyStudentSearch}
          search={search}
          onSearch={setSearch}
          result={result}
          renderFields={(control) => (
            <>
              <div className="grid gap-6 md:grid-cols-2">
                <TextInput
                  control={control}
                  name="login_id"
                  label="学生番号"
                  maxLength={8}
                  inputMode="numeric"
                  width="sm"
                />
                <TextInput control={control} name="name" label="氏名" maxLength={100} />
                <TextInput control={control} name="name_kana" label="氏名カナ" maxLength={100} />
                <TextInput control={control} name="street_name1" label="町名" maxLength={30} />
                <TextInput control={control} name="street_name2" label="丁目" maxLength={30} width="sm" />
              </div>
              <fieldset className="space-y-2">
                <legend className="text-std-17B-170 text-ink">生年月日</legend>
                <div className="flex flex-wrap items-end gap-4">
                  <DateInput control={control} name="birthday_s" label="生年月日（開始日）" />
                  <span aria-hidden="true" className="pb-3 text-ink">
                    〜
                  </span>
                  <DateInput control={control} name="birthday_e" label="生年月日（終了日）" />
                </div>
              </fieldset>
            </>
          )}
          capWarning={
            result.data &&
            isStudentSearchCapped(result.data) && (
              <Alert variant="warning" title={`該当する学生が${STUDENT_SEARCH_LIMIT}件以上あります`}>
                <p>
                  学生番号の順に先頭の{STUDENT_SEARCH_LIMIT}
                  件だけを表示しています。ほかにも該当する学生がいます。条件を絞り込んで検索してください。
                </p>
              </Alert>
            )
          }
          caption="検索結果（学生）"
          columns={STUDENT_COLUMNS}
          rows={result.data ?? []}
          rowKey={(row) => row.user_id}
          emptyText="該当する学生がいません"
          rowName={(row) => `${row.login_id} ${row.name}`}
          onChoose={(student) => {
            onChoose(student);
            choose(String(student.user_id));
          }}
        />
      )}
    />
  );
}
