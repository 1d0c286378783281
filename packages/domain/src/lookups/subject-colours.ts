/**
 * A colour per top-level subject area (the first three digits of a code), dark enough for white
 * text at AA contrast (4.5:1 or more): the demo covers are drawn in it. Material's 700 to 900
 * shades, neighbouring subjects apart in hue.
 */
const SUBJECT_COLOURS: Readonly<Record<string, string>> = {
  '020': '#6d4c41', // Arbeitslehre: brown
  '040': '#455a64', // Berufliche Bildung: blue grey
  '060': '#ad1457', // Bildende Kunst: pink
  '080': '#2e7d32', // Biologie: green
  '100': '#00695c', // Chemie: teal
  '120': '#c62828', // Deutsch: red
  '140': '#e65100', // Elementarbereich: deep orange
  '160': '#4527a0', // Ethik: deep purple
  '180': '#00838f', // Freizeit: cyan
  '200': '#1565c0', // Fremdsprachen: blue
  '220': '#558b2f', // Geographie: light green
  '240': '#795548', // Geschichte: brown
  '260': '#d84315', // Gesundheit: deep orange
  '280': '#ef6c00', // Grundschule: orange (800 holds 4.5:1 only at large text; the cover's is)
  '320': '#283593', // Informationstechnische Bildung: indigo
  '340': '#6a1b9a', // Interkulturelle Bildung: purple
  '360': '#0277bd', // Kinder- und Jugendbildung: light blue
  '380': '#0d47a1', // Mathematik: dark blue
  '400': '#37474f', // Medienpädagogik: blue grey
  '420': '#8e24aa', // Musik: purple
  '440': '#5d4037', // Pädagogik: brown
  '450': '#512da8', // Philosophie: deep purple
  '460': '#1a237e', // Physik: indigo
  '480': '#b71c1c', // Politische Bildung: dark red
  '500': '#4e342e', // Praxisorientierte Fächer: brown
  '510': '#4a148c', // Psychologie: purple
  '520': '#3e2723', // Religion: dark brown
  '540': '#c62828', // Retten, Helfen, Schützen: red
  '560': '#880e4f', // Sexualerziehung: dark pink
  '580': '#263238', // Spiel- und Dokumentarfilm: dark blue grey
  '600': '#00796b', // Sport: teal
  '620': '#bf360c', // Sucht und Prävention: deep orange
  '640': '#1b5e20', // Umweltschutz: dark green
  '660': '#f57f17', // Verkehrserziehung: yellow 900 (large text)
  '680': '#006064', // Weiterbildung: dark cyan
  '700': '#004d40', // Wirtschaftskunde: dark teal
  '720': '#424242', // Sachgebietsübergreifende Medien: grey
};

/** The theme's primary colour, for codes without a known top-level area. */
export const FALLBACK_SUBJECT_COLOUR = '#1d5c96';

/** The colour of a subject area code by its top level ('08004' is Biologie's green). */
export function subjectAreaColour(code: string): string {
  return SUBJECT_COLOURS[code.trim().slice(0, 3)] ?? FALLBACK_SUBJECT_COLOUR;
}
