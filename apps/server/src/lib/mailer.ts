import nodemailer from 'nodemailer';
import { causeSummary } from './errors.js';

/** One plain-text mail. */
interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Extra headers, e.g. List-Unsubscribe on the weekly digest. */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Whether mail can go out at all (SMTP_URL is set). */
  readonly configured: boolean;
  /** Sends the mail (resolves once the SMTP server took it). */
  send(mail: Mail): Promise<void>;
  /**
   * Logs that a mail was not sent, to whom and its subject (never its text, which may hold a
   * link), with the SMTP server's refusal when there was one.
   */
  notSent(mail: { to: string; subject: string }, err?: unknown): void;
}

interface Log {
  warn(obj: object, msg: string): void;
}

/**
 * Mail over SMTP with nodemailer (`SMTP_URL`). Without it nothing is sent: on the embedded
 * database (a demo, development) the mail is written to the server log so its link can be used;
 * on PostgreSQL (a deployment) only that it was not sent, since the log may be read by others.
 */
export function createMailer(
  env: { SMTP_URL?: string; MAIL_FROM: string; DATABASE_URL?: string },
  log: Log,
): Mailer {
  const notSent: Mailer['notSent'] = (mail, err) =>
    log.warn(
      { to: mail.to, subject: mail.subject, ...(err ? { cause: causeSummary(err) } : {}) },
      err ? 'mail not sent: the mail server refused it' : 'mail not sent: SMTP_URL is not set',
    );
  if (env.SMTP_URL) {
    const transport = nodemailer.createTransport(env.SMTP_URL);
    return {
      configured: true,
      async send(mail) {
        await transport.sendMail({ from: env.MAIL_FROM, ...mail });
      },
      notSent,
    };
  }
  return {
    configured: false,
    notSent,
    async send(mail) {
      if (env.DATABASE_URL)
        log.warn({ to: mail.to, subject: mail.subject }, 'mail not sent: SMTP_URL is not set');
      else
        log.warn(
          { to: mail.to, subject: mail.subject, text: mail.text },
          'mail not sent (SMTP_URL is not set); its text follows',
        );
    },
  };
}
