import more from './de-more.json';
import { i18next } from './i18n.ts';

// The texts of the views behind a lazy boundary (desks of producers and media centres, account,
// library, player): their modules import this one, which adds them before those views render.
i18next.addResourceBundle('de', 'translation', more, true, false);
