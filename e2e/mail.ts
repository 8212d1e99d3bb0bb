import { readFileSync } from 'node:fs';
import { MAIL_FILE } from '../playwright.config';

/** The mails the SMTP catcher of MAIL_URL received for a student added by addStudentAsAdmin, oldest first. */
export function mailsTo(loginId: string): { subject: string; text: string }[] {
  try {
    return readFileSync(MAIL_FILE, 'utf8')
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { to: string; subject: string; text: string })
      .filter((m) => m.to.includes(`student${loginId}@example.jp`));
  } catch {
    return [];
  }
}
