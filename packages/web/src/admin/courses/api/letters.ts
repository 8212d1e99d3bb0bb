import { labelsUrl } from '../../letters-api';

/** The address labels of every applicant of the course (the applicant tab). */
export const applicantLabelsUrl = (courseId: number) =>
  labelsUrl({ source: 'applicants', course_id: String(courseId) });
