// Starts the built app for the mail journeys on port $1 (as e2e-server.sh) with SMTP_URL pointing at an
// SMTP catcher on port $2 that this process runs: every received mail is appended as one JSON line
// {to, subject, text} to .e2e/mail-$1.jsonl, which the journeys read (the reset link, the results).
// A recipient whose local part starts with `bounce` (bounce-2607@example.jp) is refused at RCPT TO with
// `550 5.1.1 User unknown`, as a mail server refuses an address that does not exist: the journey of mail
// that did not arrive (e2e/mail-bounce.spec.ts) uses it. Such a mail is never written to the file.
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
  // the replies are written out whole here, enhanced status code included
  hideENHANCEDSTATUSCODES: true,
  onRcptTo(address, _session, callback) {
    if (!/^bounce/i.test(address.address)) return callback();
    callback(Object.assign(new Error('5.1.1 User unknown'), { responseCode: 550 }));
  },
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
