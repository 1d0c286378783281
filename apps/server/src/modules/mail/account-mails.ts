import type { Mail } from './mailer.ts';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${String(char.charCodeAt(0))};`);

/** A German mail with a greeting, paragraphs, one button link and a closing, as text and HTML. */
function accountMail(
  to: string,
  subject: string,
  name: string,
  parts: { before: string[]; action: string; link: string; after: string[] },
): Mail {
  const greeting = name ? `Guten Tag ${name},` : 'Guten Tag,';
  const closing = ['Mit freundlichen Grüßen', 'Ihr Medienkatalog-Team'];
  const text = [
    greeting,
    '',
    ...parts.before.flatMap((line) => [line, '']),
    `${parts.action}: ${parts.link}`,
    '',
    ...parts.after.flatMap((line) => [line, '']),
    ...closing,
  ].join('\n');
  const paragraph = (line: string) => `<p>${escapeHtml(line)}</p>`;
  const html = `<!doctype html><html lang="de"><body style="font-family: sans-serif; line-height: 1.5">
<p>${escapeHtml(greeting)}</p>
${parts.before.map(paragraph).join('\n')}
<p><a href="${escapeHtml(parts.link)}" style="display: inline-block; padding: 10px 16px; background: #1d5c96; color: #ffffff; text-decoration: none; border-radius: 4px">${escapeHtml(parts.action)}</a></p>
<p style="font-size: 90%">Falls die Schaltfläche nicht funktioniert, kopieren Sie diese Adresse in Ihren Browser:<br>${escapeHtml(parts.link)}</p>
${parts.after.map(paragraph).join('\n')}
<p>${closing.map(escapeHtml).join('<br>')}</p>
</body></html>`;
  return { to, subject, text, html, link: parts.link };
}

const IGNORE = 'Wenn Sie diese E-Mail nicht angefordert haben, können Sie sie ignorieren.';

export function confirmationMail(to: string, name: string, link: string): Mail {
  return accountMail(to, 'Bitte bestätigen Sie Ihre E-Mail-Adresse', name, {
    before: [
      'vielen Dank für Ihre Registrierung beim Medienkatalog.',
      'Bitte bestätigen Sie Ihre E-Mail-Adresse, damit Sie sich anmelden können. Der Link ist 24 Stunden gültig.',
    ],
    action: 'E-Mail-Adresse bestätigen',
    link,
    after: [IGNORE],
  });
}

export function alreadyRegisteredMail(to: string, name: string, link: string): Mail {
  return accountMail(to, 'Sie haben bereits ein Benutzerkonto', name, {
    before: [
      'jemand hat versucht, mit dieser E-Mail-Adresse ein neues Benutzerkonto beim Medienkatalog anzulegen. Zu dieser Adresse besteht bereits ein Konto.',
      'Falls Sie Ihr Passwort vergessen haben, können Sie es hier neu festlegen:',
    ],
    action: 'Passwort vergessen',
    link,
    after: [IGNORE],
  });
}

export function passwordResetMail(to: string, name: string, link: string): Mail {
  return accountMail(to, 'Passwort zurücksetzen', name, {
    before: [
      'Sie haben angefordert, das Passwort Ihres Benutzerkontos beim Medienkatalog zurückzusetzen.',
      'Über den folgenden Link legen Sie ein neues Passwort fest. Der Link ist eine Stunde gültig und kann nur einmal verwendet werden.',
    ],
    action: 'Neues Passwort festlegen',
    link,
    after: [`${IGNORE} Ihr bisheriges Passwort bleibt dann gültig.`],
  });
}
