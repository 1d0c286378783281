import { createHash } from 'node:crypto';
import { copyFile, link, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  CHAPTERS_FILE,
  parseKeywords,
  parseSubjects,
  subjectAreaColour,
  TRACKS_FOLDER,
} from '@medienkatalog/domain';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { queryRows, type Database } from '../../db/client.ts';
import { inParallel } from '../../in-parallel.ts';
import type { FileStorage } from '../../modules/files/file-storage.ts';
import { FilesRepository } from '../../modules/files/files.repository.ts';
import { buildZip } from '../../modules/files/zip-builder.ts';
import type { Ffmpeg } from '../../modules/media/ffmpeg.ts';
import { demoCatalogue } from '../demo-catalogue.ts';
import { DEMO_AUDIO_SECONDS, melodyWav } from './demo-audio.ts';
import { appPage, interactivePage, packageIndexPage, type PageSubject } from './demo-pages.ts';
import { DEMO_VIDEO_SECONDS, renderDemoVideo } from './demo-video.ts';
import { coverSvg, escapeXml, type CoverSubject } from './cover-design.ts';
import { pdfDocument } from './pdf-document.ts';

/** A demo medium as the generator needs it. */
interface DemoMedium {
  id: number;
  identifier: string;
  title: string;
  type: string;
  subject: string;
  text: string;
  keywords: string[];
  /** The film of the same topic (its package links it). */
  topicFilm: string | undefined;
  /** Keywords of the next topic (wrong answers of the interactive page). */
  otherKeywords: string[];
}

/** What each kind of medium holds; the first file is what plays. */
type Kind = 'video' | 'audio' | 'document' | 'images' | 'app' | 'interactive' | 'package';

const KIND_BY_TYPE: Readonly<Record<string, Kind>> = {
  '49': 'video',
  '46': 'video',
  UC_CLIP: 'video',
  '29': 'audio',
  '79': 'document',
  LEX: 'document',
  '19': 'images',
  '58': 'app',
  '69': 'app',
  UC_H5P: 'interactive',
  '55': 'package',
};

/** The file that plays for each kind (the package's and gallery's index file). */
const MAIN_FILE: Readonly<Record<Kind, string>> = {
  video: 'film.mp4',
  audio: 'hoerstueck.wav',
  document: 'dokument.pdf',
  images: 'bild-1.jpg',
  app: 'index.html',
  interactive: 'index.html',
  package: 'index.html',
};

const TEASER = 'thumbs/main.jpg';

/** Kinds of several files: their download is the ZIP a producer would build. */
const PACKED: ReadonlySet<Kind> = new Set(['images', 'package']);

/** Written when every demo medium has its files; later starts only look for it. */
const MARKER = '.demo-media.json';
/** 2: image series and packages have their ZIP (their download). */
const MARKER_VERSION = 2;

interface Marker {
  version: number;
  /** Whether the films were made (ffmpeg was there). */
  videos: boolean;
}

export interface DemoMediaOptions {
  db: Database;
  storage: FileStorage;
  /** undefined: ffmpeg is missing, the video media get a designed cover and no film. */
  ffmpeg: Ffmpeg | undefined;
  /** Only these identifiers (tests); the marker is then left alone. */
  only?: ReadonlySet<string>;
}

export interface DemoMediaResult {
  media: number;
  videos: number;
  milliseconds: number;
}

/**
 * Gives every demo medium files of its kind that play in a browser, and a cover: films (with a
 * poster frame as the teaser) when ffmpeg is there, WAV audio, PDF documents, image series, web
 * apps, interactive pages and media packages (an index page, the topic's film as a hard link,
 * worksheets and a picture), each with a designed cover (`thumbs/main.jpg`); image series and
 * packages are packed into the ZIP their download hands out. Runs once: a marker in the files
 * folder makes later starts skip it (and a start without ffmpeg is followed by one with it
 * making only the missing films). Media that already have their main file are left as they
 * are, but for a missing ZIP.
 */
export async function generateDemoMedia(options: DemoMediaOptions): Promise<DemoMediaResult> {
  const started = performance.now();
  const markerFile = path.join(options.storage.filesRoot, MARKER);
  const marker = await readMarker(markerFile);
  if (!options.only && marker?.version === MARKER_VERSION && (marker.videos || !options.ffmpeg)) {
    return { media: 0, videos: 0, milliseconds: 0 };
  }
  const media = await demoMedia(options.db, options.only);
  const work = path.join(os.tmpdir(), `medienkatalog-demo-${String(process.pid)}`);
  await mkdir(work, { recursive: true });
  const files = new FilesRepository(options.db);
  let videos = 0;
  try {
    // Films first, so packages can link their topic's film.
    const byVideoFirst = [...media].sort(
      (a, b) => Number(kindOf(b) === 'video') - Number(kindOf(a) === 'video'),
    );
    const videoMedia = byVideoFirst.filter((medium) => kindOf(medium) === 'video');
    const others = byVideoFirst.filter((medium) => kindOf(medium) !== 'video');
    const parallel = Math.max(2, os.availableParallelism());
    const made = await inParallel(
      videoMedia.map((medium) => () => generateVideo(medium, options, work)),
      parallel,
    );
    videos = made.filter(Boolean).length;
    await inParallel(
      others.map((medium) => () => generateOther(medium, options, files)),
      parallel,
    );
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  await recordLengths(options, media);
  if (!options.only) {
    await mkdir(path.dirname(markerFile), { recursive: true });
    const written: Marker = { version: MARKER_VERSION, videos: options.ffmpeg !== undefined };
    await writeFile(markerFile, `${JSON.stringify(written)}\n`);
  }
  return { media: media.length, videos, milliseconds: performance.now() - started };
}

/** Minutes as the duration job writes them into fn_laenge: rounded, at least 1. */
const minutesOf = (seconds: number) => String(Math.max(1, Math.round(seconds / 60)));

/**
 * The demo films and audio last seconds, so their fn_laenge says what the duration job would
 * write for them (1 minute), not the catalogue's invented 8 to 29. A film not made (no ffmpeg)
 * keeps the catalogue's length until a start with ffmpeg makes it.
 */
async function recordLengths(options: DemoMediaOptions, media: readonly DemoMedium[]) {
  const seconds = { video: DEMO_VIDEO_SECONDS, audio: DEMO_AUDIO_SECONDS } as const;
  for (const kind of ['video', 'audio'] as const) {
    const ids: number[] = [];
    for (const medium of media) {
      const main = path.join(options.storage.folder(medium.id), MAIN_FILE[kind]);
      if (kindOf(medium) === kind && (await exists(main))) {
        ids.push(medium.id);
      }
    }
    if (ids.length > 0) {
      const length = minutesOf(seconds[kind]);
      await options.db.execute(
        sql`UPDATE media SET fn_laenge = ${length}
            WHERE id IN (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )}) AND fn_laenge IS DISTINCT FROM ${length}`,
      );
    }
  }
}

async function readMarker(file: string): Promise<Marker | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Marker;
  } catch {
    return undefined;
  }
}

const kindOf = (medium: DemoMedium): Kind => KIND_BY_TYPE[medium.type] ?? 'document';

/** The demo catalogue's media as stored (ids), with their topic's film and neighbour. */
async function demoMedia(db: Database, only?: ReadonlySet<string>): Promise<DemoMedium[]> {
  const records = demoCatalogue();
  const identifiers = records.map((record) => `${record.pool}-${record.fn_nr}`.toUpperCase());
  const rows = await queryRows<{
    id: number;
    identifier: string;
    fn_titel: string;
    fn_typ: string;
    fn_geb: string;
    fn_kurztext: string;
    fn_schlag: string;
  }>(
    db,
    sql`SELECT id, identifier, fn_titel, fn_typ, fn_geb, fn_kurztext, fn_schlag FROM media
        WHERE identifier IN (${sql.join(
          identifiers.map((identifier) => sql`${identifier}`),
          sql`, `,
        )})`,
  );
  const byIdentifier = new Map(rows.map((row) => [row.identifier, row]));
  // The catalogue makes five media per topic, the film first.
  const topicSize = 5;
  const media: DemoMedium[] = [];
  identifiers.forEach((identifier, index) => {
    const row = byIdentifier.get(identifier);
    if (!row || (only && !only.has(identifier))) {
      return;
    }
    const topicStart = index - (index % topicSize);
    const film = identifiers[topicStart];
    const nextTopic = records[(topicStart + topicSize) % records.length];
    media.push({
      id: row.id,
      identifier,
      title: row.fn_titel,
      type: row.fn_typ,
      subject: parseSubjects(row.fn_geb)[0] ?? '',
      text: row.fn_kurztext,
      keywords: parseKeywords(row.fn_schlag),
      topicFilm: film !== identifier && byIdentifier.has(film ?? '') ? film : undefined,
      otherKeywords: nextTopic ? parseKeywords(nextTopic.fn_schlag) : [],
    });
  });
  return media;
}

const exists = async (file: string) => (await stat(file).catch(() => undefined)) !== undefined;

const coverSubject = (medium: DemoMedium): CoverSubject => ({
  identifier: medium.identifier,
  title: medium.title,
  type: medium.type,
  subject: medium.subject,
});

/** The designed cover as the medium's teaser (JPEG, 1280x720). */
async function writeDesignedCover(folder: string, medium: DemoMedium): Promise<void> {
  const target = path.join(folder, TEASER);
  await mkdir(path.dirname(target), { recursive: true });
  await sharp(Buffer.from(coverSvg(coverSubject(medium))))
    .jpeg({ quality: 88 })
    .toFile(target);
}

/** A tone per medium from its identifier (the film's sound). */
function frequencyOf(identifier: string): number {
  const value = createHash('sha256').update(identifier).digest().readUInt16BE(0);
  return 220 + (value % 220);
}

/** A film and its poster frame; without ffmpeg a designed cover only. Answers whether a film was made. */
async function generateVideo(
  medium: DemoMedium,
  options: DemoMediaOptions,
  work: string,
): Promise<boolean> {
  const folder = await options.storage.ensureFolder(medium.id);
  const video = path.join(folder, MAIN_FILE.video);
  if (await exists(video)) {
    return false;
  }
  if (!options.ffmpeg) {
    if (!(await exists(path.join(folder, TEASER)))) {
      await writeDesignedCover(folder, medium);
    }
    return false;
  }
  const png = path.join(work, `${String(medium.id)}.png`);
  await sharp(Buffer.from(coverSvg(coverSubject(medium))))
    .png({ compressionLevel: 1 })
    .toFile(png);
  await mkdir(path.join(folder, 'thumbs'), { recursive: true });
  // Written beside and renamed, so a start stopped halfway leaves no broken film behind.
  const partial = path.join(folder, `.${MAIN_FILE.video}.partial.mp4`);
  await renderDemoVideo(
    options.ffmpeg,
    { png, frequency: frequencyOf(medium.identifier) },
    { video: partial, poster: path.join(folder, TEASER) },
  );
  await rm(png, { force: true });
  await rename(partial, video);
  if (medium.type === '49') {
    await writeTracks(folder, medium);
  }
  return true;
}

/** WebVTT time of whole seconds: '00:00:04.000'. */
const vttTime = (seconds: number) => `00:00:${String(seconds).padStart(2, '0')}.000`;

/**
 * German captions and two chapters for a film (type 49), so the demo shows the player's
 * caption and chapter menus: the title, then the topic's short text.
 */
async function writeTracks(folder: string, medium: DemoMedium): Promise<void> {
  const half = DEMO_VIDEO_SECONDS / 2;
  const text = medium.text.length > 90 ? `${medium.text.slice(0, 88).trimEnd()} …` : medium.text;
  const captions = [
    'WEBVTT',
    '',
    `${vttTime(0)} --> ${vttTime(half)}`,
    medium.title,
    '',
    `${vttTime(half)} --> ${vttTime(DEMO_VIDEO_SECONDS)}`,
    text,
    '',
  ].join('\n');
  const chapters = [
    'WEBVTT',
    '',
    `${vttTime(0)} --> ${vttTime(half)}`,
    'Titel',
    '',
    `${vttTime(half)} --> ${vttTime(DEMO_VIDEO_SECONDS)}`,
    'Worum es geht',
    '',
  ].join('\n');
  await mkdir(path.join(folder, TRACKS_FOLDER), { recursive: true });
  await writeFile(path.join(folder, TRACKS_FOLDER, 'de.vtt'), captions);
  await writeFile(path.join(folder, TRACKS_FOLDER, CHAPTERS_FILE), chapters);
}

const pageSubject = (medium: DemoMedium): PageSubject => ({
  title: medium.title,
  text: medium.text,
  keywords: medium.keywords,
  colour: subjectAreaColour(medium.subject),
});

/** Everything but films: files of the kind, the index file where several files are, a cover. */
async function generateOther(
  medium: DemoMedium,
  options: DemoMediaOptions,
  files: FilesRepository,
): Promise<void> {
  const kind = kindOf(medium);
  const folder = await options.storage.ensureFolder(medium.id);
  if (await exists(path.join(folder, MAIN_FILE[kind]))) {
    // Done, except a package made before its topic's film (a start without ffmpeg).
    const filmMissing =
      kind === 'package' &&
      !(await exists(path.join(folder, 'film.mp4'))) &&
      (await filmOf(medium.topicFilm, options)) !== undefined;
    if (!filmMissing) {
      if (PACKED.has(kind) && !(await files.dirlist(medium.id))?.fn_zip) {
        await packZip(medium, options, files);
      }
      return;
    }
  }
  const write = async (relative: string, content: Buffer | string) => {
    const target = path.join(folder, relative);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, content);
  };
  const colour = subjectAreaColour(medium.subject);
  switch (kind) {
    case 'audio':
      await write(MAIN_FILE.audio, melodyWav(medium.title));
      break;
    case 'document':
      await write(MAIN_FILE.document, pdfDocument(documentPages(medium, colour)));
      break;
    case 'images':
      for (let number = 1; number <= 3; number += 1) {
        await write(`bild-${String(number)}.jpg`, await seriesImage(medium, number, 3));
      }
      break;
    case 'app':
      await write(MAIN_FILE.app, appPage(pageSubject(medium)));
      break;
    case 'interactive':
      await write(
        MAIN_FILE.interactive,
        interactivePage(pageSubject(medium), medium.otherKeywords),
      );
      break;
    case 'package':
      await writePackage(medium, folder, options, write);
      break;
    case 'video':
      // Made by generateVideo.
      break;
  }
  if (PACKED.has(kind)) {
    await files.setIndex(medium.id, MAIN_FILE[kind]);
    await packZip(medium, options, files);
  }
  await writeDesignedCover(folder, medium);
}

/** The ZIP of the medium's files, as the producer's 'ZIP erstellen' stores it. */
async function packZip(medium: DemoMedium, options: DemoMediaOptions, files: FilesRepository) {
  const built = await buildZip(
    options.storage.folder(medium.id),
    options.storage.zipFile(medium.id),
  );
  await files.setZip(medium.id, {
    fn_zip: `${medium.identifier}.zip`,
    fn_size: built.size,
    fn_ziphash: built.sha256,
  });
}

/** A worksheet with tasks, or a lexicon article. */
function documentPages(medium: DemoMedium, colour: string) {
  const keywords = medium.keywords.join(', ');
  if (medium.type === 'LEX') {
    return [
      {
        colour,
        label: 'Lexikon',
        title: medium.title,
        paragraphs: [
          medium.text,
          `Stichwörter: ${keywords}.`,
          'Dieser Lexikonartikel fasst das Wichtigste zum Thema zusammen. Die Begriffe oben ' +
            'lassen sich in der Suche des Medienkatalogs nachschlagen.',
        ],
      },
    ];
  }
  return [
    {
      colour,
      label: 'Arbeitsblatt',
      title: medium.title,
      paragraphs: [medium.text],
      tasks: [
        `Erkläre mit eigenen Worten: ${medium.keywords[0] ?? 'das Thema'}.`,
        `Finde zu jedem Begriff ein Beispiel: ${keywords}.`,
        'Schreibe drei Fragen auf, die du zum Thema noch hast.',
      ],
    },
    {
      colour,
      label: 'Lösungen',
      title: medium.title,
      paragraphs: [
        `Lösungshinweise: ${medium.text}`,
        `Die Begriffe ${keywords} sollten in den Antworten vorkommen.`,
      ],
    },
  ];
}

/** One picture of an image series: the subject's colour, a keyword, 'Bild n von m'. */
async function seriesImage(medium: DemoMedium, number: number, of: number): Promise<Buffer> {
  const colour = subjectAreaColour(medium.subject);
  const word = medium.keywords[(number - 1) % Math.max(1, medium.keywords.length)] ?? medium.title;
  const circles = Array.from({ length: 7 }, (_, index) => {
    const x = 160 + ((index * 173 + number * 97) % 1000);
    const y = 140 + ((index * 131 + number * 61) % 440);
    return `<circle cx="${String(x)}" cy="${String(y)}" r="${String(40 + ((index * 37 + number * 23) % 120))}" fill="#fff" fill-opacity="0.${String(1 + (index % 3))}"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720">
<rect width="1280" height="720" fill="${colour}"/>${circles}
<text x="640" y="380" text-anchor="middle" font-family="'DejaVu Sans', sans-serif" font-weight="bold" font-size="84" fill="#fff">${escapeXml(word)}</text>
<text x="640" y="660" text-anchor="middle" font-family="'DejaVu Sans', sans-serif" font-size="30" fill="#fff">${escapeXml(`Bild ${String(number)} von ${String(of)} – ${medium.title}`)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}

/** A media package: index page, the topic's film (hard link), worksheets and a picture. */
async function writePackage(
  medium: DemoMedium,
  folder: string,
  options: DemoMediaOptions,
  write: (relative: string, content: Buffer | string) => Promise<void>,
): Promise<void> {
  const entries: { path: string; label: string }[] = [];
  const film = await filmOf(medium.topicFilm, options);
  if (film) {
    const target = path.join(folder, 'film.mp4');
    // The same film as the topic's film medium: one file on disk, two names.
    await link(film, target).catch(() => copyFile(film, target));
    entries.push({ path: 'film.mp4', label: 'Der Film zum Thema' });
  }
  const colour = subjectAreaColour(medium.subject);
  await write(
    'arbeitsblatt.pdf',
    pdfDocument(documentPages({ ...medium, type: '79' }, colour).slice(0, 1)),
  );
  entries.push({ path: 'arbeitsblatt.pdf', label: 'Arbeitsblatt' });
  await write(
    'lehrerhandreichung.pdf',
    pdfDocument([
      {
        colour,
        label: 'Lehrerhandreichung',
        title: medium.title,
        paragraphs: [
          medium.text,
          `Das Paket enthält ${film ? 'den Film, ' : ''}ein Arbeitsblatt und ein Bild. ` +
            `Vorschlag für eine Unterrichtsstunde: Einstieg mit dem Bild, Erarbeitung mit ` +
            `${film ? 'dem Film' : 'dem Arbeitsblatt'}, Sicherung mit dem Arbeitsblatt.`,
        ],
      },
    ]),
  );
  entries.push({ path: 'lehrerhandreichung.pdf', label: 'Lehrerhandreichung' });
  await write('bilder/bild-1.jpg', await seriesImage(medium, 1, 1));
  entries.push({ path: 'bilder/bild-1.jpg', label: 'Bild zum Thema' });
  await write(MAIN_FILE.package, packageIndexPage(pageSubject(medium), entries));
}

/** The film file of a medium of the same topic, if it was made. */
async function filmOf(
  identifier: string | undefined,
  options: DemoMediaOptions,
): Promise<string | undefined> {
  if (!identifier) {
    return undefined;
  }
  const [row] = await queryRows<{ id: number }>(
    options.db,
    sql`SELECT id FROM media WHERE identifier = ${identifier}`,
  );
  if (!row) {
    return undefined;
  }
  const film = path.join(options.storage.folder(row.id), MAIN_FILE.video);
  return (await exists(film)) ? film : undefined;
}
