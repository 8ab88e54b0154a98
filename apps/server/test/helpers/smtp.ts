import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback (the `smtp-server` package) keeping every mail it receives. */
export async function startSmtpServer(): Promise<{
  url: string;
  mails: ReceivedMail[];
  next(to: string): Promise<ReceivedMail>;
  stop(): Promise<void>;
}> {
  const mails: ReceivedMail[] = [];
  const waiting: { to: string; resolve: (m: ReceivedMail) => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (c: string) => (raw += c));
      stream.on('end', () => {
        const mail = { to: session.envelope.rcptTo.map((r) => r.address), raw };
        mails.push(mail);
        for (const w of [...waiting]) {
          if (mail.to.includes(w.to)) {
            waiting.splice(waiting.indexOf(w), 1);
            w.resolve(mail);
          }
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** The next mail to that address (one already received and not yet taken counts). */
    next(to) {
      const i = mails.findIndex((m) => m.to.includes(to));
      if (i >= 0) return Promise.resolve(mails.splice(i, 1)[0]!);
      return new Promise((resolve) =>
        waiting.push({
          to,
          resolve: (m) => {
            mails.splice(mails.indexOf(m), 1);
            resolve(m);
          },
        }),
      );
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The link of ours in a mail (quoted-printable soft breaks undone). */
export function linkIn(mail: ReceivedMail, path: string): URL {
  const text = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const m = new RegExp(`https?://[^\\s]+${path}\\?token=[A-Za-z0-9_-]+`).exec(text);
  if (!m) throw new Error(`no ${path} link in the mail:\n${text}`);
  return new URL(m[0]);
}
