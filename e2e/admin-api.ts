import { type APIRequestContext, expect } from '@playwright/test';
import { ACCOUNTS, test } from './fixtures';

/** Reads of the admin API a journey uses to find its data (the course by name, its applicants). */

type CourseRow = { id: number; course_name: string };

/** A request context of its own with an admin session (the page's own session stays as it is). */
export async function adminApi(playwright: {
  request: { newContext: (o: object) => Promise<APIRequestContext> };
}) {
  const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  expect((await request.post('/api/auth/admin/login/', { data: ACCOUNTS.admin })).status()).toBe(200);
  return request;
}

/** The record id of the course named `name` (public or not). */
export async function courseIdOf(request: APIRequestContext, name: string): Promise<number> {
  const found: CourseRow[] = [];
  for (const control of ['1', '2']) {
    const answer = await request.get(`/api/admin/courselist/?control=${control}`);
    found.push(...((await answer.json()) as { data_list: CourseRow[] }).data_list);
  }
  const course = found.find((c) => c.course_name === name);
  expect(course, name).toBeTruthy();
  return (course as CourseRow).id;
}

/** The course's applicant rows, as the applicant tab reads them. */
export async function applicantsOf<Row>(request: APIRequestContext, courseId: number): Promise<Row[]> {
  const answer = await request.get(`/api/admin/courseapplicantlist/?id=${courseId}`);
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data_list: Row[] }).data_list;
}
