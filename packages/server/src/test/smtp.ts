import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SmtpPeer {
  /** `smtp://127.0.0.1:{port}` for the app's SMTP_URL */
  url: string;
  /** every mail received, parsed, in arrival order */
  received: ParsedMail[];
  close(): Promise<void>;
}

/** A real SMTP peer on 127.0.0.1 (a free port) that keeps what it receives: mail tests talk to it. */
export async function startSmtpPeer(): Promise<SmtpPeer> {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
