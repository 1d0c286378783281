import { escapeXml as escapeHtml } from './cover-design.ts';

/** What the demo pages say about their medium. */
export interface PageSubject {
  title: string;
  text: string;
  keywords: readonly string[];
  /** #rrggbb of the subject area. */
  colour: string;
}

const page = (subject: PageSubject, body: string, script = '') => `<!doctype html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(subject.title)}</title>
<style>
body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1a1a1a;background:#f6f7f9}
header{background:${subject.colour};color:#fff;padding:24px 32px}
header h1{margin:0;font-size:1.6rem}
main{max-width:760px;margin:0 auto;padding:24px 32px}
button{font:inherit;padding:8px 16px;border-radius:8px;border:2px solid ${subject.colour};background:#fff;color:${subject.colour};cursor:pointer;margin:4px}
button:focus-visible{outline:3px solid #ffb300;outline-offset:2px}
button[aria-pressed=true]{background:${subject.colour};color:#fff}
.card{background:#fff;border-radius:12px;padding:16px 20px;margin:12px 0;box-shadow:0 1px 3px #0002}
.ok{color:#1b5e20;font-weight:bold}.no{color:#b71c1c;font-weight:bold}
ul.files{list-style:none;padding:0}ul.files li{margin:8px 0}
a{color:${subject.colour}}
</style>
</head>
<body>
<header><h1>${escapeHtml(subject.title)}</h1></header>
<main>
${body}
</main>
${script ? `<script>\n${script}\n</script>` : ''}
</body>
</html>
`;

/** JSON for an inline script: '<' escaped, so no text can end the script element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** An app (types 58 and 69): flash cards of the keywords and a score. */
export function appPage(subject: PageSubject): string {
  const cards = subject.keywords.slice(0, 6);
  return page(
    subject,
    `<p>${escapeHtml(subject.text)}</p>
<h2>Lernkarten</h2>
<p>Wähle eine Karte und erkläre den Begriff, bevor du sie umdrehst.</p>
<div id="cards"></div>
<p id="score" aria-live="polite">Noch keine Karte umgedreht.</p>`,
    `const cards = ${scriptJson(cards)};
const text = ${scriptJson(subject.text)};
const box = document.getElementById('cards');
const score = document.getElementById('score');
let turned = 0;
for (const word of cards) {
  const card = document.createElement('div');
  card.className = 'card';
  const button = document.createElement('button');
  button.textContent = word;
  button.setAttribute('aria-pressed', 'false');
  const answer = document.createElement('p');
  answer.hidden = true;
  answer.textContent = word + ' gehört zum Thema: ' + text;
  button.addEventListener('click', () => {
    if (answer.hidden) { turned += 1; }
    answer.hidden = !answer.hidden;
    button.setAttribute('aria-pressed', String(!answer.hidden));
    score.textContent = turned + ' von ' + cards.length + ' Karten angesehen.';
  });
  card.append(button, answer);
  box.append(card);
}`,
  );
}

/**
 * An interactive page like an H5P element (type UC_H5P): true-or-false statements built from
 * the medium's keywords, checked at once.
 */
export function interactivePage(subject: PageSubject, otherKeywords: readonly string[]): string {
  const statements = [
    ...subject.keywords.slice(0, 3).map((word) => ({ word, correct: true })),
    ...otherKeywords.slice(0, 2).map((word) => ({ word, correct: false })),
  ].sort((a, b) => a.word.localeCompare(b.word, 'de'));
  return page(
    subject,
    `<p>${escapeHtml(subject.text)}</p>
<h2>Richtig oder falsch?</h2>
<p>Gehört der Begriff zum Thema? Entscheide bei jeder Aussage.</p>
<div id="tasks"></div>
<p id="result" aria-live="polite"></p>`,
    `const statements = ${scriptJson(statements)};
const box = document.getElementById('tasks');
const result = document.getElementById('result');
let right = 0;
let answered = 0;
for (const statement of statements) {
  const card = document.createElement('div');
  card.className = 'card';
  const question = document.createElement('p');
  question.textContent = '„' + statement.word + '“ gehört zu diesem Thema.';
  const feedback = document.createElement('p');
  const answer = (choice) => {
    answered += 1;
    const ok = choice === statement.correct;
    if (ok) { right += 1; }
    feedback.className = ok ? 'ok' : 'no';
    feedback.textContent = ok ? 'Richtig!' : 'Leider falsch.';
    for (const button of card.querySelectorAll('button')) { button.disabled = true; }
    result.textContent = right + ' von ' + answered + ' Antworten richtig.';
  };
  const yes = document.createElement('button');
  yes.textContent = 'Richtig';
  yes.addEventListener('click', () => answer(true));
  const no = document.createElement('button');
  no.textContent = 'Falsch';
  no.addEventListener('click', () => answer(false));
  card.append(question, yes, no, feedback);
  box.append(card);
}`,
  );
}

/** The index page of a media package: what it holds, each file linked by its relative path. */
export function packageIndexPage(
  subject: PageSubject,
  files: readonly { path: string; label: string }[],
): string {
  const items = files
    .map(
      (file) =>
        `<li class="card"><a href="${escapeHtml(encodeURI(file.path))}">${escapeHtml(file.label)}</a> <small>(${escapeHtml(file.path)})</small></li>`,
    )
    .join('\n');
  return page(
    subject,
    `<p>${escapeHtml(subject.text)}</p>
<h2>Inhalt des Medienpakets</h2>
<ul class="files">
${items}
</ul>`,
  );
}
