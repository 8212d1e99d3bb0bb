import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SmtpPeer {
  /** `smtp://127.0.0.1:{port}` for the app's SMTP_URL */
  url: string;
  /** every mail received, parsed, in arrival order */
  received: ParsedMail[];
  /**
   * Recipients this peer refuses at RCPT TO (the address, lower case) and the whole reply it gives, e.g.
   * `550 5.1.1 <gone@example.jp>: User unknown` (hard) or `450 4.2.1 Mailbox busy` (temporary). A test
   * fills it and empties it again.
   */
  refuse: Map<string, string>;
  close(): Promise<void>;
}

/**
 * A real SMTP peer on 127.0.0.1 (a free port) that keeps what it receives: mail tests talk to it. It speaks
 * the replies of `refuse` word for word (its own enhanced status codes are off, so a reply's code is the
 * test's).
 */
export async function startSmtpPeer(): Promise<SmtpPeer> {
  const received: ParsedMail[] = [];
  const refuse = new Map<string, string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    hideENHANCEDSTATUSCODES: true,
    onRcptTo(address, _session, callback) {
      const reply = refuse.get(address.address.toLowerCase());
      if (reply === undefined) return callback();
      const [, code = '550', text = ''] = /^(\d{3}) ?(.*)$/.exec(reply) ?? [];
      callback(Object.assign(new Error(text), { responseCode: Number(code) }));
    },
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
    refuse,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
