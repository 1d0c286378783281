import i18next from 'i18next';
import { formatCount } from '../lib/format-count.ts';
import de from './de.json';

/** German is the only language shipped; every text lives in de.json. Initialised synchronously. */
void i18next.init({
  lng: 'de',
  fallbackLng: 'de',
  resources: { de: { translation: de } },
  interpolation: { escapeValue: false },
  initAsync: false,
});
// '{{count, number}}' in the texts: every such value is a count (see formatCount for why not Intl).
i18next.services.formatter?.add('number', (value: number) => formatCount(value));

export { i18next };
