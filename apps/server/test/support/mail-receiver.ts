import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface MailReceiver {
  /** smtp:// address for the app's mailer. */
  url: string;
  mails: ParsedMail[];
  /** The last mail to `to` whose subject contains `subject`, waiting briefly for it. */
  lastMail(to: string, subject: string): Promise<ParsedMail>;
  close(): Promise<void>;
}

/** A real SMTP server on a free local port that keeps every mail it receives, parsed. */
export async function startMailReceiver(): Promise<MailReceiver> {
  const mails: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          mails.push(mail);
          callback();
        })
        .catch((error: unknown) => {
          callback(error instanceof Error ? error : new Error(String(error)));
        });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const matching = (to: string, subject: string) =>
    mails.filter(
      (mail) =>
        (mail.subject ?? '').includes(subject) &&
        [mail.to]
          .flat()
          .flatMap((addresses) => addresses?.value ?? [])
          .some((address) => address.address?.toLowerCase() === to.toLowerCase()),
    );
  return {
    url: `smtp://127.0.0.1:${String(port)}`,
    mails,
    async lastMail(to, subject) {
      for (let attempt = 0; attempt < 50; attempt += 1) {
        const found = matching(to, subject).at(-1);
        if (found) {
          return found;
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`No mail „${subject}“ to ${to}`);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}

/** The link of an account mail (the only URL in its text). */
export function mailLink(mail: ParsedMail): URL {
  const match = /https?:\/\/\S+/.exec(mail.text ?? '');
  if (!match) {
    throw new Error('The mail has no link');
  }
  return new URL(match[0]);
}
