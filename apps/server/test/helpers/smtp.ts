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

/** Quoted-printable text (soft breaks already undone) as UTF-8. */
function unquote(s: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const hex = s[i] === '=' ? /^[0-9A-Fa-f]{2}/.exec(s.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(parseInt(hex[0], 16));
      i += 2;
    } else bytes.push(...Buffer.from(s[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** A plain-text mail's subject and text as its reader sees them (MIME words and transfer encodings undone). */
export function readMail(mail: ReceivedMail): { subject: string; text: string } {
  const at = mail.raw.search(/\r?\n\r?\n/);
  const head = mail.raw.slice(0, at).replace(/\r?\n[ \t]+/g, ' ');
  const body = mail.raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1]?.trim();
  const subject = (header('Subject') ?? '').replace(
    /=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi,
    (_m, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : unquote(data.replace(/_/g, ' ')),
  );
  const encoding = header('Content-Transfer-Encoding')?.toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? unquote(body.replace(/=\r?\n/g, ''))
        : body;
  return { subject, text: text.replace(/\r\n/g, '\n') };
}
