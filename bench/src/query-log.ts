/**
 * A realistic query log for the search benchmark: thousands of distinct queries drawn from the
 * loaded data, asked with a Zipf-like popularity (a few queries very often, most once), in one
 * seeded, deterministic order. Pure: the vocabulary comes from a sample of the catalogue
 * (query-log-source.ts reads it from the database; the tests build it from synthetic media).
 */
import {
  MAX_SEARCH_PAGE,
  SCHOOL_WORDS,
  SEARCH_PAGE_SIZE,
  SUBJECT_AREAS,
  subjectAreaSearchTerms,
} from '@medienkatalog/domain';
import { seededRandom } from '../../apps/server/src/seed/random.ts';

export type Endpoint = 'search' | 'distinct' | 'suggest' | 'detail';

/** The fields of one sampled medium the log draws its words and filter values from. */
export interface SampleMedium {
  identifier: string;
  title: string;
  /** Subtitle, short and long texts: words for the frequency bands, not for phrases. */
  texts: string;
  /** Keywords, as stored (', ' joined). */
  keywords: string;
  /** Subject-area codes, as stored (', ' joined). */
  subjects: string;
  producer: string;
  type: string;
  published: boolean;
}

export interface FrequencyBand {
  name: string;
  /** Share of all media containing the word: from (exclusive) .. to (inclusive). */
  from: number;
  to: number;
}

/** Bands of document frequency; every band gets a group of single-word queries. */
export const BANDS = {
  rare: { name: 'rare', from: 0, to: 0.0005 },
  uncommon: { name: 'uncommon', from: 0.0005, to: 0.005 },
  medium: { name: 'medium', from: 0.005, to: 0.05 },
  frequent: { name: 'frequent', from: 0.05, to: 0.3 },
  broad: { name: 'broad', from: 0.3, to: 1 },
} as const satisfies Record<string, FrequencyBand>;
export type BandName = keyof typeof BANDS;

export interface VocabularyWord {
  /** As written in the catalogue (first seen form). */
  text: string;
  /** Share of the sampled media containing it (any field of the search text). */
  share: number;
}

export interface Vocabulary {
  mediaCount: number;
  words: Record<BandName, VocabularyWord[]>;
  /** Consecutive word runs of titles (2-3 words): phrases and several-word queries that match. */
  titleRuns: string[];
  keywords: string[];
  subjectCodes: string[];
  producers: string[];
  types: string[];
  identifiers: string[];
  /** Mediathek paths (`filter_lizenzen`). */
  mediatheken: string[];
}

/**
 * The stop words of PostgreSQL's `german` configuration (Snowball's list) of four letters or
 * more: nobody searches for them alone, and the search drops them.
 */
const STOP_WORDS = new Set(
  `aber alle allem allen aller alles also ander andere anderem anderen anderer anderes anderm
andern anderr anders auch bist damit dann derselbe derselben denselben desselben demselben
dieselbe dieselben dasselbe dazu dein deine deinem deinen deiner deines denn derer dessen dich
dies diese diesem diesen dieser dieses doch dort durch eine einem einen einer eines einig einige
einigem einigen einiger einiges einmal etwas euer eure eurem euren eurer eures gegen gewesen
habe haben hatte hatten hier hinter mich ihre ihrem ihren ihrer ihres euch indem jede jedem
jeden jeder jedes jene jenem jenen jener jenes jetzt kann kein keine keinem keinen keiner keines
können könnte machen manche manchem manchen mancher manches mein meine meinem meinen meiner
meines muss musste nach nicht nichts noch oder ohne sehr sein seine seinem seinen seiner seines
selbst sich ihnen sind solche solchem solchen solcher solches soll sollte sondern sonst über
unse unsem unsen unser unses unter viel während waren warst weil weiter welche welchem welchen
welcher welches wenn werde werden wieder will wird wirst wollen wollte würde würden zwar
zwischen`.split(/\s+/),
);

const WORD = /^\p{L}{3,}$/u;
const tokens = (text: string) => text.split(/[^\p{L}\p{N}]+/u).filter((word) => WORD.test(word));
const fold = (word: string) => word.toLowerCase();
const splitList = (stored: string) =>
  stored
    .split(/[;,]\s*/)
    .map((value) => value.trim())
    .filter((value) => value !== '');

/**
 * The vocabulary of a sample of `mediaCount` media: every word's share of the sampled media
 * (case folded; the first spelling seen is kept), title runs, and the filter values in use.
 */
export function vocabularyFromSample(
  sample: readonly SampleMedium[],
  mediaCount: number,
  mediatheken: readonly string[] = [],
): Vocabulary {
  const documents = new Map<string, { text: string; count: number }>();
  const titleRuns = new Set<string>();
  const keywords = new Set<string>();
  const subjects = new Set<string>();
  const producers = new Set<string>();
  const types = new Set<string>();
  const identifiers: string[] = [];
  for (const medium of sample) {
    const titleWords = tokens(medium.title);
    const seen = new Set<string>();
    for (const word of [...titleWords, ...tokens(medium.texts), ...tokens(medium.keywords)]) {
      const key = fold(word);
      if (seen.has(key) || STOP_WORDS.has(key)) {
        continue;
      }
      seen.add(key);
      const entry = documents.get(key);
      if (entry) {
        entry.count += 1;
      } else {
        documents.set(key, { text: word, count: 1 });
      }
    }
    for (let start = 0; start + 1 < titleWords.length && titleRuns.size < 20_000; start += 2) {
      titleRuns.add(titleWords.slice(start, start + 2 + (start % 3 === 0 ? 1 : 0)).join(' '));
    }
    splitList(medium.keywords).forEach((keyword) => keywords.add(keyword));
    splitList(medium.subjects).forEach((code) => subjects.add(code));
    if (medium.producer !== '') {
      producers.add(medium.producer);
    }
    types.add(medium.type);
    if (medium.published && identifiers.length < 2_000) {
      identifiers.push(medium.identifier);
    }
  }
  const size = Math.max(1, sample.length);
  const words = { rare: [], uncommon: [], medium: [], frequent: [], broad: [] } as Record<
    BandName,
    VocabularyWord[]
  >;
  const sorted = [...documents.values()].sort(
    (a, b) => b.count - a.count || a.text.localeCompare(b.text),
  );
  for (const { text, count } of sorted) {
    const share = count / size;
    const band = (Object.keys(BANDS) as BandName[]).find(
      (name) => share > BANDS[name].from && share <= BANDS[name].to,
    );
    if (band) {
      words[band].push({ text, share });
    }
  }
  // A word seen once in a small sample may still be common in the whole catalogue: the rare
  // band keeps only words that are rare at the sample's resolution too.
  return {
    mediaCount,
    words,
    titleRuns: [...titleRuns].sort(),
    keywords: [...keywords].sort(),
    subjectCodes: [...subjects].sort(),
    producers: [...producers].sort(),
    types: [...types].sort(),
    identifiers,
    mediatheken: [...mediatheken],
  };
}

export interface GroupPlan {
  name: string;
  endpoint: Endpoint;
  /** Distinct queries wanted (fewer when the data has fewer, e.g. broad words). */
  distinct: number;
  /** Requests of the log in this group: each distinct query once, the rest by popularity. */
  requests: number;
}

/**
 * Groups with the size of a plausible log of a school media catalogue: most searches are single
 * words of medium or low frequency, then several words, filters, suggestions while typing.
 */
export const GROUP_PLANS: readonly GroupPlan[] = [
  { name: 'search: rare word (<0.05%)', endpoint: 'search', distinct: 700, requests: 1_000 },
  { name: 'search: uncommon word (<0.5%)', endpoint: 'search', distinct: 600, requests: 1_000 },
  { name: 'search: medium word (0.5-5%)', endpoint: 'search', distinct: 700, requests: 1_600 },
  { name: 'search: frequent word (5-30%)', endpoint: 'search', distinct: 250, requests: 700 },
  { name: 'search: broad word (>30%)', endpoint: 'search', distinct: 40, requests: 400 },
  { name: 'search: several words', endpoint: 'search', distinct: 900, requests: 1_500 },
  { name: 'search: prefix while typing', endpoint: 'search', distinct: 500, requests: 900 },
  { name: 'search: typos', endpoint: 'search', distinct: 400, requests: 600 },
  { name: 'search: compounds', endpoint: 'search', distinct: 300, requests: 500 },
  { name: 'search: synonyms', endpoint: 'search', distinct: 250, requests: 600 },
  { name: 'search: filters', endpoint: 'search', distinct: 700, requests: 1_400 },
  { name: 'search: newest, no query', endpoint: 'search', distinct: 20, requests: 300 },
  { name: 'search: deep pages', endpoint: 'search', distinct: 300, requests: 500 },
  { name: 'distinct: facets', endpoint: 'distinct', distinct: 500, requests: 1_100 },
  { name: 'suggest', endpoint: 'suggest', distinct: 800, requests: 2_000 },
  { name: 'detail', endpoint: 'detail', distinct: 300, requests: 400 },
];

export interface LogEntry {
  group: string;
  endpoint: Endpoint;
  path: string;
}

export interface QueryLog {
  /** The requests in the order they are asked. */
  entries: LogEntry[];
  /** Each group's distinct queries, most popular first. */
  groups: { plan: GroupPlan; paths: string[] }[];
}

export const SEARCH = '/api/v1/media/catalogue/search';
export const DISTINCT = '/api/v1/media/catalogue/search/distinct';
export const SUGGEST = '/api/v1/media/catalogue/suggest';
const ALL_FACETS = 'f=fn_geb&f=fn_sprache&f=fn_typ&f=fn_adressat';
const LANGUAGES = ['de*', 'en*', 'fr*', 'de(u)', 'tr*', 'de'];
const AUDIENCES = ['A*', 'E*', 'BB*', 'J*', 'SO*', 'A(5)', 'A(7-9)', 'A(1-4)', 'A(11-13)', 'Q'];
const KINDS = ['media', 'books', 'apps'];

/** Zipf exponent of the popularity within a group (1: the classic long tail of query logs). */
export const ZIPF_EXPONENT = 1;

type Random = () => number;
const enc = encodeURIComponent;
const q = (text: string) => `q=${enc(text)}`;

function pick<T>(values: readonly T[], random: Random): T | undefined {
  return values[Math.floor(random() * values.length)];
}

/** Mostly from the front of the list (the frequent end), now and then from its tail. */
function pickSkewed<T>(values: readonly T[], random: Random): T | undefined {
  return values[Math.floor(values.length * random() ** 3)];
}

/** As people type: lower case now and then (the search folds case; the cache does not). */
function typed(word: string, random: Random): string {
  return random() < 0.25 ? word.toLowerCase() : word;
}

/**
 * One edit (substitution, deletion, insertion or a swap of neighbours) of a word, never of its
 * first letter: the typing errors people make.
 */
export function typo(word: string, random: Random): string {
  const letters = 'aeinrstlhcudmgobfkwz';
  const at = 1 + Math.floor(random() * (word.length - 1));
  const letter = letters[Math.floor(random() * letters.length)] ?? 'e';
  const kind = Math.floor(random() * 4);
  if (kind === 0 && word.length > 4) {
    return word.slice(0, at) + word.slice(at + 1);
  }
  if (kind === 1) {
    return word.slice(0, at) + letter + word.slice(at);
  }
  if (kind === 2 && at + 1 < word.length && word[at] !== word[at + 1]) {
    return word.slice(0, at) + (word[at + 1] ?? '') + (word[at] ?? '') + word.slice(at + 2);
  }
  const replaced = word[at] === letter ? (letter === 'e' ? 'a' : 'e') : letter;
  return word.slice(0, at) + replaced + word.slice(at + 1);
}

/** A part of a compound and the compound of the vocabulary it came from. */
export interface CompoundPart {
  part: string;
  compound: string;
  /**
   * 'head': the compound's head is a word of the vocabulary ('Zellteilung': 'Zelle', so
   * 'Teilung'); 'word': this part is; 'ending': a tail of five or more letters (not a suffix) that
   * ends at least three words.
   */
  kind: 'head' | 'word' | 'ending';
}

/**
 * Parts of compounds of the vocabulary: for a word like 'Zellteilung' its longest tail that is a
 * word of the vocabulary too ('Teilung'), else its longest tail (5+ letters) that ends several
 * words. Case folded, the first letter upper case as a noun is typed; in the order of `words`.
 */
const ONSETS = new Set(
  'bl br dr fl fr gl gr kl kn kr pf ph pl pr sc sp st tr zw wr sk sl sm sn sw th'.split(' '),
);
/** Whether a German word may start so: a vowel in the first two letters, or a known cluster. */
const plausibleStart = (tail: string) =>
  /^.?[aeiouäöüy]/.test(tail) ? !tail.startsWith('ch') : ONSETS.has(tail.slice(0, 2));

export function compoundParts(words: readonly string[]): CompoundPart[] {
  const known = new Set(words.map(fold));
  const endings = new Map<string, number>();
  for (const word of words) {
    for (let at = 3; word.length - at >= 5; at += 1) {
      const tail = fold(word.slice(at));
      endings.set(tail, (endings.get(tail) ?? 0) + 1);
    }
  }
  const parts: CompoundPart[] = [];
  const noun = (tail: string) => tail.charAt(0).toUpperCase() + tail.slice(1);
  for (const word of words) {
    if (word.length < 8) {
      continue;
    }
    const tails = Array.from({ length: word.length - 6 }, (_, i) => fold(word.slice(3 + i))).filter(
      plausibleStart,
    );
    // The head a word of its own (with the linking letters of German compounds: Zell-e-teilung,
    // Arbeit-s-markt): then the rest is the other part ('Teilung').
    const headKnown = (head: string) =>
      head.length >= 4 &&
      [head, `${head}e`, `${head}n`, `${head}en`, head.replace(/e?s$/, '')].some((form) =>
        known.has(form),
      );
    // The longest head first ('Lebens|raum', not 'Lebe|nsraum').
    const afterHead = [...tails]
      .reverse()
      .find(
        (tail) => tail.length >= 4 && headKnown(fold(word.slice(0, word.length - tail.length))),
      );
    const whole = tails.find((tail) => tail.length >= 5 && known.has(tail));
    // Endings that start with a vowel are suffixes ('-ation', '-ierung'), not words.
    const ending = tails.find(
      (tail) => tail.length >= 5 && !/^[aeiouäöüy]/.test(tail) && (endings.get(tail) ?? 0) >= 3,
    );
    if (afterHead !== undefined) {
      parts.push({ part: noun(afterHead), compound: word, kind: 'head' });
    } else if (whole !== undefined) {
      parts.push({ part: noun(whole), compound: word, kind: 'word' });
    } else if (ending !== undefined) {
      parts.push({ part: noun(ending), compound: word, kind: 'ending' });
    }
  }
  return parts;
}

/** Names people search subjects by: the school words and the Sachgebiete's names and terms. */
function synonymTexts(): string[] {
  const names = new Set<string>();
  for (const word of Object.keys(SCHOOL_WORDS)) {
    names.add(word);
  }
  for (const area of SUBJECT_AREAS) {
    if (area.code.length <= 5) {
      names.add(area.label);
    }
    subjectAreaSearchTerms(area.code).forEach((term) => names.add(term));
  }
  return [...names].filter((name) => name.length <= 60).sort();
}

/** The deepest page a query with about `share` of the media as matches has (at least 1). */
function deepestPage(share: number, mediaCount: number): number {
  return Math.max(
    1,
    Math.min(MAX_SEARCH_PAGE, Math.floor((share * mediaCount) / SEARCH_PAGE_SIZE)),
  );
}

/** Makes candidate queries of one group; called until the group has enough distinct ones. */
type Maker = (random: Random) => string | undefined;

function makers(vocabulary: Vocabulary): Record<string, Maker> {
  const { words } = vocabulary;
  const any = (band: BandName) => (random: Random) => pick(words[band], random)?.text;
  const someWord = (random: Random) => {
    const roll = random();
    const band: BandName =
      roll < 0.15
        ? 'rare'
        : roll < 0.4
          ? 'uncommon'
          : roll < 0.75
            ? 'medium'
            : roll < 0.93
              ? 'frequent'
              : 'broad';
    return pick(words[band], random)?.text ?? pick(words.medium, random)?.text;
  };
  const searchWord = (band: BandName) => (random: Random) => {
    const word = any(band)(random);
    return word === undefined ? undefined : `${SEARCH}?${q(typed(word, random))}`;
  };
  const known = new Set(
    (Object.keys(words) as BandName[]).flatMap((band) => words[band].map((w) => fold(w.text))),
  );
  const longWords = [...words.uncommon, ...words.medium, ...words.frequent]
    .map((w) => w.text)
    .filter((word) => word.length >= 6);
  // Most frequent first: the compounds people search are the ones the catalogue is full of.
  const parts = compoundParts(
    [...words.broad, ...words.frequent, ...words.medium, ...words.uncommon, ...words.rare].map(
      (w) => w.text,
    ),
  );
  const partsOf = {
    head: parts.filter((part) => part.kind === 'head'),
    word: parts.filter((part) => part.kind === 'word'),
    ending: parts.filter((part) => part.kind === 'ending'),
  };
  const synonyms = synonymTexts();
  const schoolWords = Object.keys(SCHOOL_WORDS);
  const mediathek = (random: Random) => pick(vocabulary.mediatheken, random);
  const topSubjects = [...new Set(vocabulary.subjectCodes.map((code) => code.slice(0, 3)))];
  const filter = (random: Random): string | undefined => {
    const roll = Math.floor(random() * 9);
    switch (roll) {
      case 0: {
        const code = pick(topSubjects, random);
        return code && `filter_fn_geb=${code}*`;
      }
      case 1: {
        const code = pick(vocabulary.subjectCodes, random);
        return code && `filter_fn_geb=${code}*`;
      }
      case 2:
        return `filter_fn_sprache=${enc(pick(LANGUAGES, random) ?? 'de*')}`;
      case 3: {
        const type = pick(vocabulary.types, random);
        return type && `filter_fn_typ=${enc(type)}`;
      }
      case 4:
        return `filter_fn_adressat=${enc(pick(AUDIENCES, random) ?? 'A*')}`;
      case 5: {
        const keyword = pick(vocabulary.keywords, random);
        return keyword && `filter_fn_schlag=${enc(keyword)}`;
      }
      case 6: {
        const producer = pick(vocabulary.producers, random);
        return producer && `filter_fn_prodname=${enc(producer)}`;
      }
      case 7: {
        const path = mediathek(random);
        return path && `filter_lizenzen=${enc(path)}`;
      }
      default:
        return `c=${pick(KINDS, random) ?? 'media'}`;
    }
  };
  const filters = (random: Random) => {
    const count = random() < 0.7 ? 1 : random() < 0.7 ? 2 : 3;
    const chosen = new Map<string, string>();
    for (let i = 0; i < count * 3 && chosen.size < count; i += 1) {
      const one = filter(random);
      if (one !== undefined) {
        chosen.set(one.split('=')[0] ?? one, one);
      }
    }
    return chosen.size === 0 ? undefined : [...chosen.values()].sort().join('&');
  };
  const severalWords = (random: Random) => {
    const roll = random();
    if (roll < 0.45) {
      return pick(vocabulary.titleRuns, random);
    }
    if (roll < 0.6) {
      const run = pick(vocabulary.titleRuns, random);
      const extra = random() < 0.5 ? someWord(random) : undefined;
      return run && `"${run}"${extra === undefined ? '' : ` ${extra}`}`;
    }
    const count = 2 + Math.floor(random() * 3);
    const chosen = Array.from({ length: count }, () => someWord(random));
    return chosen.every((word) => word !== undefined) ? chosen.join(' ') : undefined;
  };

  return {
    'search: rare word (<0.05%)': searchWord('rare'),
    'search: uncommon word (<0.5%)': searchWord('uncommon'),
    'search: medium word (0.5-5%)': searchWord('medium'),
    'search: frequent word (5-30%)': searchWord('frequent'),
    'search: broad word (>30%)': searchWord('broad'),
    'search: several words': (random) => {
      const text = severalWords(random);
      return text && `${SEARCH}?${q(text)}`;
    },
    'search: prefix while typing': (random) => {
      const word = pick(longWords, random);
      if (word === undefined) {
        return undefined;
      }
      const prefix = word.slice(0, 3 + Math.floor(random() * (word.length - 3)));
      const before = random() < 0.25 ? `${someWord(random) ?? ''} ` : '';
      return `${SEARCH}?${q(`${before}${typed(prefix, random)}`.trim())}`;
    },
    'search: typos': (random) => {
      const word = pick(longWords, random);
      if (word === undefined) {
        return undefined;
      }
      const wrong = typo(word, random);
      if (known.has(fold(wrong))) {
        return undefined;
      }
      const other = random() < 0.35 ? someWord(random) : undefined;
      return `${SEARCH}?${q(other === undefined ? wrong : `${wrong} ${other}`)}`;
    },
    'search: compounds': (random) => {
      // Most of them real compounds (a known head), some with a known tail, some endings.
      const roll = random();
      const kind = roll < 0.6 ? 'head' : roll < 0.8 ? 'word' : 'ending';
      const found = pickSkewed(partsOf[kind].length > 0 ? partsOf[kind] : parts, random);
      if (found === undefined) {
        return undefined;
      }
      const other = random() < 0.25 ? someWord(random) : undefined;
      return `${SEARCH}?${q(other === undefined ? found.part : `${found.part} ${other}`)}`;
    },
    'search: synonyms': (random) => {
      const roll = random();
      const school = pick(schoolWords, random) ?? 'Mathe';
      const word = roll < 0.45 ? typed(school, random) : pick(synonyms, random);
      if (word === undefined) {
        return undefined;
      }
      const other = random() < 0.3 ? someWord(random) : undefined;
      return `${SEARCH}?${q(other === undefined ? word : `${word} ${other}`)}`;
    },
    'search: filters': (random) => {
      const chosen = filters(random);
      const word = random() < 0.55 ? someWord(random) : undefined;
      return chosen && `${SEARCH}?${chosen}${word === undefined ? '' : `&${q(word)}`}`;
    },
    'search: newest, no query': (random) => {
      const page = Math.floor(random() ** 2 * 6);
      const kind = random() < 0.3 ? `c=${pick(KINDS, random) ?? 'media'}&` : '';
      return `${SEARCH}?${kind}p=${String(page)}`;
    },
    'search: deep pages': (random) => {
      const roll = random();
      const band: BandName = roll < 0.4 ? 'broad' : roll < 0.75 ? 'frequent' : 'medium';
      const word = pick(words[band], random);
      if (roll > 0.9 || word === undefined) {
        return `${SEARCH}?p=${String(5 + Math.floor(random() * (MAX_SEARCH_PAGE - 4)))}`;
      }
      const deepest = deepestPage(word.share, vocabulary.mediaCount);
      if (deepest < 3) {
        return undefined;
      }
      const page = 2 + Math.floor(random() * (deepest - 1));
      return `${SEARCH}?p=${String(page)}&${q(word.text)}`;
    },
    'distinct: facets': (random) => {
      const roll = random();
      const word = someWord(random);
      const text = roll < 0.2 ? severalWords(random) : word;
      const chosen = roll > 0.6 ? filters(random) : undefined;
      const parts = [chosen, roll < 0.9 && text !== undefined ? q(text) : undefined].filter(
        (part) => part !== undefined,
      );
      return `${DISTINCT}?${[...parts, ALL_FACETS].join('&')}`;
    },
    suggest: (random) => {
      const roll = random();
      const source =
        roll < 0.6
          ? pick(longWords, random)
          : roll < 0.8
            ? pick(vocabulary.keywords, random)
            : roll < 0.9
              ? pick(synonyms, random)
              : pick(vocabulary.producers, random);
      if (source === undefined || source.length < 2) {
        return undefined;
      }
      const length = 2 + Math.floor(random() ** 1.5 * Math.min(7, source.length - 1));
      return `${SUGGEST}?${q(typed(source.slice(0, length), random))}`;
    },
    detail: (random) => {
      const identifier = pick(vocabulary.identifiers, random);
      return identifier && `/api/v1/media/${enc(identifier)}`;
    },
  };
}

/** Draws ranks 0..n-1 with probability proportional to 1/(rank+1)^exponent. */
export function zipfSampler(n: number, exponent: number, random: Random): () => number {
  const cumulative: number[] = [];
  let total = 0;
  for (let rank = 0; rank < n; rank += 1) {
    total += 1 / (rank + 1) ** exponent;
    cumulative.push(total);
  }
  return () => {
    const target = random() * total;
    let low = 0;
    let high = n - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((cumulative[middle] ?? total) < target) {
        low = middle + 1;
      } else {
        high = middle;
      }
    }
    return low;
  };
}

/** The seeded log: each group's distinct queries once, the rest by popularity, shuffled. */
export function buildQueryLog(
  vocabulary: Vocabulary,
  options: { seed?: number; plans?: readonly GroupPlan[] } = {},
): QueryLog {
  const random = seededRandom(options.seed ?? 42);
  const make = makers(vocabulary);
  const groups: QueryLog['groups'] = [];
  const entries: LogEntry[] = [];
  for (const plan of options.plans ?? GROUP_PLANS) {
    const maker = make[plan.name];
    if (!maker) {
      throw new Error(`no query maker for group '${plan.name}'`);
    }
    const paths = new Set<string>();
    for (
      let attempt = 0;
      attempt < plan.distinct * 30 && paths.size < plan.distinct;
      attempt += 1
    ) {
      const path = maker(random);
      if (path !== undefined) {
        paths.add(path);
      }
    }
    // Popularity does not follow the order of invention: rank the queries at random.
    const ranked = shuffle([...paths], random);
    groups.push({ plan, paths: ranked });
    const popular = zipfSampler(ranked.length, ZIPF_EXPONENT, random);
    const requests = Math.max(plan.requests, ranked.length);
    for (let i = 0; i < requests; i += 1) {
      const path = i < ranked.length ? ranked[i] : ranked[popular()];
      if (path !== undefined) {
        entries.push({ group: plan.name, endpoint: plan.endpoint, path });
      }
    }
  }
  return { entries: shuffle(entries, random), groups };
}

function shuffle<T>(values: T[], random: Random): T[] {
  for (let i = values.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    const value = values[i];
    const other = values[j];
    if (value !== undefined && other !== undefined) {
      values[i] = other;
      values[j] = value;
    }
  }
  return values;
}

/** Share of the requests whose exact path was asked earlier in the sequence (any distance). */
export function repeatRate(paths: readonly string[]): number {
  const seen = new Set<string>();
  let repeats = 0;
  for (const path of paths) {
    if (seen.has(path)) {
      repeats += 1;
    }
    seen.add(path);
  }
  return paths.length === 0 ? 0 : repeats / paths.length;
}
