import { APPLICANT_REMARKS_MAX } from '@manabi/shared/schemas/applicant';
import type { Control, FieldValues } from 'react-hook-form';
import { Alert } from '../../ui/alert';
import { TextLink } from '../../ui/button';
import { PageTitle } from '../../ui/page-title';
import { TextArea } from '../../ui/text-input';

/**
 * What the two applicant forms share (/admin/course/detail/add/{id} and
 * /admin/course/detail/applicant/update/{id}/{userId}): the head, 備考, and the completion with its links.
 */

/** The page title, the course, and (on the update form) who the application is of. */
export function ApplicantFormHead({
  title,
  courseName,
  person,
}: {
  title: string;
  courseName: string;
  person?: string;
}) {
  return (
    <>
      <PageTitle>{title}</PageTitle>
      {person === undefined ? (
        <p className="text-std-20B-150 text-ink">{courseName}</p>
      ) : (
        <div className="space-y-1">
          <p className="text-std-20B-150 text-ink">{courseName}</p>
          <p className="text-std-17N-170 text-ink">{person}</p>
        </div>
      )}
    </>
  );
}

/**
 * 備考 of an application (the office's note, up to APPLICANT_REMARKS_MAX characters). Both forms name the
 * field `remarks`; their other fields differ, so the control is seen as one of that field only.
 */
export function ApplicantRemarksField<T extends FieldValues, TT>({
  control,
}: {
  control: Control<T, unknown, TT>;
}) {
  return (
    <TextArea
      control={control as unknown as Control<{ remarks?: string }, unknown, TT>}
      name="remarks"
      label="備考"
      rows={4}
      maxLength={APPLICANT_REMARKS_MAX}
      description={`${APPLICANT_REMARKS_MAX}文字まで入力できます。`}
    />
  );
}

/** The completion step: what was done, and the ways back. */
export function ApplicantFormComplete({
  title,
  message,
  links,
}: {
  title: string;
  message: string;
  links: { to: string; label: string }[];
}) {
  return (
    <div className="space-y-6">
      <Alert variant="success" title={title}>
        <p>{message}</p>
      </Alert>
      <ul className="flex flex-col gap-3 sm:flex-row sm:gap-8">
        {links.map((link) => (
          <li key={link.label}>
            <TextLink to={link.to}>{link.label}</TextLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
