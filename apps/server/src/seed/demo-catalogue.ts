import { MediumFieldsSchema, type NewMediumRecord } from '@medienkatalog/domain';
import { DEMO_TOPICS, type DemoTopic } from './demo-topics.ts';
import { pickOne, seededRandom, skewed } from './random.ts';

/** The producers of the demo catalogue: pool id and display name. */
export const DEMO_PRODUCERS = [
  { pool: 'fwu', name: 'FWU Institut für Film und Bild' },
  { pool: 'lernfilm', name: 'Lernfilm Studio Nord' },
  { pool: 'schulmedia', name: 'Schulmedia Verlag' },
  { pool: 'wissenwerk', name: 'WissenWerk Medien' },
  { pool: 'bildungsfunk', name: 'Bildungsfunk Süd' },
  { pool: 'klassezwei', name: 'Klasse Zwei Medienproduktion' },
  { pool: 'naturfilm', name: 'Naturfilm Mitteldeutschland' },
  { pool: 'digitalschule', name: 'Digitale Schule gGmbH' },
  { pool: 'geschichtsort', name: 'Geschichtsort Medien' },
  { pool: 'mathewerk', name: 'MatheWerk Lernsoftware' },
  { pool: 'sprachraum', name: 'Sprachraum Verlag' },
  { pool: 'medienzentrum', name: 'Landesmedienzentrum Eigenproduktion' },
] as const;

const AUTHORS = [
  'Anna Becker',
  'Jonas Schmidt',
  'Leyla Demir',
  'Markus Wagner',
  'Sophie Hoffmann',
  'Tobias Krüger',
  'Miriam Weiß',
  'Paul Zimmermann',
  'Clara Neumann',
  'Erik Schröder',
];

interface Format {
  type: string;
  title: (topic: DemoTopic) => string;
  description: string;
  length: (random: () => number) => string;
}

/** The forms in which each topic appears; together they make 5 media per topic. */
const FORMATS: readonly Format[][] = [
  [
    {
      type: '49',
      title: (topic) => topic.title,
      description: 'Der Film',
      length: (random) => String(8 + Math.floor(random() * 22)),
    },
  ],
  [
    {
      type: '55',
      title: (topic) => `${topic.title} – Unterrichtspaket`,
      description: 'Das Medienpaket mit Film, Arbeitsblättern und Lehrerhandreichung',
      length: () => '',
    },
  ],
  [
    {
      type: '79',
      title: (topic) => `Arbeitsblätter: ${topic.title}`,
      description: 'Die Arbeitsblätter mit Lösungen',
      length: (random) => String(4 + Math.floor(random() * 12)),
    },
    {
      type: 'LEX',
      title: (topic) => `Lexikon: ${topic.title}`,
      description: 'Der Lexikonartikel',
      length: () => '',
    },
  ],
  [
    {
      type: 'UC_H5P',
      title: (topic) => `${topic.title} – Interaktive Übungen`,
      description: 'Die interaktiven Übungen zum Selbstlernen',
      length: () => '',
    },
    {
      type: '58',
      title: (topic) => `${topic.title}: Die Lern-App`,
      description: 'Die App mit Quiz und Lernkarten',
      length: () => '',
    },
    {
      type: '69',
      title: (topic) => `${topic.title} – Simulation`,
      description: 'Die Lernsoftware mit Simulationen',
      length: () => '',
    },
  ],
  [
    {
      type: '29',
      title: (topic) => `${topic.title} (Hörfassung)`,
      description: 'Das Hörstück',
      length: (random) => String(5 + Math.floor(random() * 25)),
    },
    {
      type: 'UC_CLIP',
      title: (topic) => `Kurz erklärt: ${topic.title}`,
      description: 'Der kurze Erklärclip',
      length: (random) => String(1 + Math.floor(random() * 4)),
    },
    {
      type: '19',
      title: (topic) => `Bildreihe: ${topic.title}`,
      description: 'Die Bildreihe mit Erläuterungen',
      length: () => '',
    },
    {
      type: '46',
      title: (topic) => `${topic.title} (DVD)`,
      description: 'Die Video-DVD mit Kapiteln und Zusatzmaterial',
      length: (random) => String(15 + Math.floor(random() * 30)),
    },
  ],
];

function languagesFor(topic: DemoTopic, random: () => number): string {
  if (topic.subjects.startsWith('20001')) {
    return random() < 0.5 ? 'en' : 'en; de(u)';
  }
  if (topic.subjects.startsWith('20002')) {
    return 'fr; de(u)';
  }
  if (topic.subjects.startsWith('20007')) {
    return 'es; de(u)';
  }
  const roll = random();
  if (roll < 0.08) {
    return 'de; en(u)';
  }
  if (roll < 0.12) {
    return 'de; de(h)';
  }
  if (roll < 0.15) {
    return 'de; tr; ar';
  }
  if (roll < 0.17) {
    return 's1';
  }
  return 'de';
}

const DAY = 86_400_000;
const NEWEST = Date.UTC(2026, 9, 31);

/** The demo catalogue: about 575 German school media from 12 producers; deterministic. */
export function demoCatalogue(): NewMediumRecord[] {
  const random = seededRandom(20_260_101);
  const numbers = new Map<string, number>();
  const records: NewMediumRecord[] = [];
  DEMO_TOPICS.forEach((topic, topicIndex) => {
    FORMATS.forEach((choices, formatIndex) => {
      const format = pickOne(choices, random);
      const producer = pickOne(DEMO_PRODUCERS, random);
      const next = (numbers.get(producer.pool) ?? 4_600_000 + topicIndex * 7) + 1;
      numbers.set(producer.pool, next);
      const index = records.length;
      const year = 1995 + Math.floor(random() ** 0.5 * 31);
      const title = format.title(topic);
      const teacherMaterial = format.type === '55' ? '; T' : '';
      records.push({
        ...MediumFieldsSchema.parse({
          fn_nr: String(next),
          fn_titel: title,
          fn_utitel: formatIndex === 0 ? topic.subtitle : '',
          fn_text: `${format.description} zum Thema „${topic.title}“. ${topic.subtitle}.`,
          fn_kurztext: topic.text,
          fn_langtext:
            `${topic.text} ${format.description} eignet sich für den Unterricht und für das ` +
            `selbstständige Lernen zu Hause. Themen: ${topic.keywords}. ` +
            `Zusätzliche Materialien und Anregungen für die Unterrichtsgestaltung liegen bei.`,
          fn_adressat: `${topic.audience}${teacherMaterial}`,
          fn_schlag: topic.keywords,
          fn_typ: format.type,
          fn_prodjahr: String(Math.min(year, 2026)),
          fn_sprache: languagesFor(topic, random),
          fn_laenge: format.length(random),
          fn_sertitel: formatIndex === 0 && topicIndex % 3 === 0 ? 'Wissen kompakt' : '',
          fn_geb: topic.subjects,
          fn_produ: producer.name,
          fn_herausgeber: index % 4 === 0 ? 'Landesmedienzentrum' : producer.name,
          fn_autor: pickOne(AUTHORS, random),
          fn_bemerk: '',
          fn_url: '',
          fn_beigaben: format.type === '55' ? 'Arbeitsblätter, Lehrerhandreichung' : '',
          fn_status: index % 20 === 7 ? 'draft' : index % 50 === 13 ? 'archived' : 'published',
        }),
        pool: producer.pool,
        fn_prodname: producer.name,
        fn_aenderung: new Date(NEWEST - Math.floor(random() * 1_500) * DAY),
        stars: skewed(500, random),
        views: skewed(20_000, random),
      });
    });
  });
  return records;
}
