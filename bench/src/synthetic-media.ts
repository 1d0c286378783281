import { SUBJECT_AREAS, type NewMediumRecord } from '@medienkatalog/domain';
import { DEMO_TOPICS } from '../../apps/server/src/seed/demo-topics.ts';
import { seededRandom, skewed } from '../../apps/server/src/seed/random.ts';

/** Words that appear in a large share of all media (the benchmark's broad words). */
export const COMMON_WORDS = [
  ['Unterricht', 0.6],
  ['Schule', 0.45],
  ['Grundlagen', 0.35],
  ['Film', 0.32],
] as const;

/** The medium-frequency vocabulary: the words of the demo topics. */
export const MEDIUM_WORDS: readonly string[] = [
  ...new Set(
    DEMO_TOPICS.flatMap((topic) =>
      `${topic.title} ${topic.subtitle} ${topic.keywords}`.split(/[\s,:;.?!–()„“]+/),
    ).filter((word) => word.length >= 4),
  ),
];

const SYLLABLES = [
  'ka',
  'lo',
  'mer',
  'ti',
  'sa',
  'ber',
  'gen',
  'ra',
  'do',
  'fel',
  'min',
  'tor',
  'wal',
  'es',
  'un',
  'hal',
  'ri',
  'pe',
  'sto',
  'len',
  'mo',
  'ba',
  'ken',
  'ur',
  'zi',
  'fa',
  'nel',
  'dor',
  'lu',
  'han',
  'sel',
  'vo',
  'gra',
  'tum',
  'ne',
  'ko',
  'bri',
  'sen',
  'wei',
  'tal',
];

/** The long tail: 64,000 invented words, drawn with a Zipf-like skew. */
function rareWord(index: number): string {
  const n = SYLLABLES.length;
  const word = `${SYLLABLES[index % n] ?? ''}${SYLLABLES[Math.floor(index / n) % n] ?? ''}${SYLLABLES[Math.floor(index / (n * n)) % n] ?? ''}`;
  return word.charAt(0).toUpperCase() + word.slice(1);
}
const RARE_WORD_COUNT = SYLLABLES.length ** 3;

const TYPES = [
  '49',
  '49',
  '49',
  '55',
  '55',
  '79',
  '79',
  '29',
  '69',
  '58',
  '19',
  'UC_H5P',
  'UC_CLIP',
  '46',
  'LEX',
];
const AUDIENCES = [
  'A(1-4)',
  'A(5-7)',
  'A(7-10)',
  'A(9-13)',
  'A(5-10); BB',
  'E(3-6)',
  'J(10-16)',
  'SO',
  'Q',
  'A(11-13); T',
  'BB',
];
const LANGUAGES = [
  'de',
  'de',
  'de',
  'de',
  'de',
  'de',
  'de; en(u)',
  'en',
  'fr; de(u)',
  'de(h)',
  'tr',
  's1',
];
const SUBJECT_CODES = SUBJECT_AREAS.filter((area) => area.code.length >= 5).map(
  (area) => area.code,
);
const DAY = 86_400_000;
const NEWEST = Date.UTC(2026, 9, 31);

/**
 * Synthetic but plausible media, deterministic by seed: topic words of medium frequency, a
 * Zipf-like tail of invented rare words, and a few words that occur in 30 to 60% of all media.
 */
export function* syntheticMedia(count: number, seed = 1): Generator<NewMediumRecord> {
  const random = seededRandom(seed);
  const medium = () => MEDIUM_WORDS[skewed(MEDIUM_WORDS.length, random)] ?? 'Wissen';
  const rare = () => rareWord(Math.floor(RARE_WORD_COUNT * random() ** 2));
  const words = (n: number) =>
    Array.from({ length: n }, () => (random() < 0.3 ? rare() : medium()));
  const common = (field: number) =>
    COMMON_WORDS.filter(([, share]) => random() < share / field).map(([word]) => word);
  for (let i = 0; i < count; i += 1) {
    const pool = `pool${String(Math.floor(50 * random() ** 2)).padStart(2, '0')}`;
    const titleWords = [...words(2 + Math.floor(random() * 5)), ...common(3)];
    const shortText = [...words(12 + Math.floor(random() * 14)), ...common(2)];
    const longText = [...words(25 + Math.floor(random() * 45)), ...common(1.5)];
    const subjects = Array.from(
      { length: 1 + Math.floor(random() * 2) },
      () => SUBJECT_CODES[Math.floor(random() * SUBJECT_CODES.length)] ?? '080',
    );
    const status = random();
    yield {
      pool,
      fn_prodname: `Produzent ${pool.slice(4)}`,
      fn_nr: String(1_000_000 + i),
      fn_titel: titleWords.join(' '),
      fn_utitel: random() < 0.3 ? words(3).join(' ') : '',
      fn_paratitel: '',
      fn_text: `${shortText.slice(0, 8).join(' ')}.`,
      fn_kurztext: `${shortText.join(' ')}.`,
      fn_langtext: `${longText.join(' ')}.`,
      fn_adressat: AUDIENCES[Math.floor(random() * AUDIENCES.length)] ?? 'A',
      fn_schlag: [...new Set(Array.from({ length: 3 + Math.floor(random() * 4) }, medium))].join(
        ', ',
      ),
      fn_typ: TYPES[Math.floor(random() * TYPES.length)] ?? '49',
      fn_prodjahr: String(1990 + Math.floor(random() * 37)),
      fn_sprache: LANGUAGES[Math.floor(random() * LANGUAGES.length)] ?? 'de',
      fn_laenge: String(1 + Math.floor(random() * 60)),
      fn_sertitel: random() < 0.1 ? `Reihe ${medium()}` : '',
      fn_geb: [...new Set(subjects)].join(', '),
      fn_produ: `Produzent ${pool.slice(4)}`,
      fn_herausgeber: '',
      fn_autor: `${rare()} ${rare()}`,
      fn_bemerk: '',
      fn_url: '',
      fn_beigaben: '',
      fn_status: status < 0.93 ? 'published' : status < 0.98 ? 'draft' : 'archived',
      fn_aenderung: new Date(NEWEST - Math.floor(random() * 3_650) * DAY),
      stars: skewed(500, random),
      views: skewed(20_000, random),
    };
  }
}
