import 'i18next';
import type de from './de.json';
import type more from './de-more.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof de & typeof more };
  }
}
