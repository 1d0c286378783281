/** The event on `document` by which the app says that it shows its page (`AppShown`). */
export const APP_SHOWN = 'medienkatalog:app-shown';
