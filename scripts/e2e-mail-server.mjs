// Starts the built app for the password-reset journey on port $1 (as e2e-server.sh) with SMTP_URL
// pointing at an SMTP catcher on port $2 that this process runs: every received mail is appended as one
// JSON line {to, subject, text} to .e2e/mail-$1.jsonl, which the journey reads the reset link from.
import { spawn } from 'node:child_process';
import { appendFileSync, mkdirSync, rmSync } from 'node:fs';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const [port, smtpPort] = process.argv.slice(2);
const file = `.e2e/mail-${port}.jsonl`;
mkdirSync('.e2e', { recursive: true });
rmSync(file, { force: true });

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((mail) => {
        const to = mail.to && 'text' in mail.to ? mail.to.text : '';
        appendFileSync(file, `${JSON.stringify({ to, subject: mail.subject, text: mail.text })}\n`);
        callback();
      })
      .catch(callback);
  },
});
await new Promise((resolve) => smtp.listen(Number(smtpPort), '127.0.0.1', resolve));

const app = spawn('bash', ['scripts/e2e-server.sh', port], {
  stdio: 'inherit',
  env: { ...process.env, SMTP_URL: `smtp://127.0.0.1:${smtpPort}` },
});
const stop = () => {
  app.kill('SIGTERM');
  smtp.close();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
app.on('exit', (code) => {
  smtp.close();
  process.exit(code ?? 0);
});
