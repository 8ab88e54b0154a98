import nodemailer from 'nodemailer';

/** One plain-text mail. */
interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Extra headers, e.g. List-Unsubscribe on the weekly digest. */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Sends the mail (resolves once the SMTP server took it). */
  send(mail: Mail): Promise<void>;
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
  if (env.SMTP_URL) {
    const transport = nodemailer.createTransport(env.SMTP_URL);
    return {
      async send(mail) {
        await transport.sendMail({ from: env.MAIL_FROM, ...mail });
      },
    };
  }
  return {
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
