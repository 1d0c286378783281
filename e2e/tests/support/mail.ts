import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { mailFolder } from '../../playwright.config.ts';

/**
 * The path and query of the link in the newest mail to `to` whose subject contains `subject`,
 * from the .eml files the server writes without SMTP (waits for it briefly).
 */
export async function mailLink(to: string, subject: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const names = (await readdir(mailFolder).catch(() => [])).sort().reverse();
    for (const name of names) {
      const mail = await simpleParser(await readFile(path.join(mailFolder, name)));
      const recipients = [mail.to].flat().flatMap((addresses) => addresses?.value ?? []);
      const forUser = recipients.some((address) => address.address === to);
      if (forUser && (mail.subject ?? '').includes(subject)) {
        const link = /https?:\/\/\S+/.exec(mail.text ?? '')?.[0];
        if (link) {
          const url = new URL(link);
          return `${url.pathname}${url.search}`;
        }
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No mail „${subject}“ to ${to}`);
}
