import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the mail is about, logged when mails go to files. */
  link: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export const MAIL_FROM = 'Medienkatalog <no-reply@medienkatalog.invalid>';

/** Real SMTP to `smtpUrl` (e.g. smtp://user:pass@host:587). */
export function smtpMailer(smtpUrl: string, from = MAIL_FROM): Mailer {
  const transport: Transporter = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
    },
  };
}

/**
 * Without SMTP: every mail becomes an .eml file in `folder` (open it with any mail program),
 * and its link is logged, so the flows work on a laptop.
 */
export function fileMailer(folder: string, log: (line: string) => void, from = MAIL_FROM): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(mail) {
      const info = await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
      await mkdir(folder, { recursive: true });
      const name = `${new Date().toISOString().replaceAll(':', '-')}-${info.messageId.replace(/[^A-Za-z0-9]/g, '')}.eml`;
      await writeFile(path.join(folder, name), info.message);
      log(`Mail an ${mail.to} („${mail.subject}“) in ${path.join(folder, name)}: ${mail.link}`);
    },
  };
}
