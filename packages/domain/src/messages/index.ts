/**
 * German messages the server sends to users (shown as they are). The UI's own texts live in
 * apps/web/src/i18n/de.json.
 */
export const MESSAGES = {
  badRequest: 'Die Anfrage ist ungültig.',
  notFound: 'Die angeforderte Seite wurde nicht gefunden.',
  mediumNotFound: 'Dieses Medium wurde nicht gefunden.',
  internalError:
    'Es ist ein interner Fehler aufgetreten. Bitte versuchen Sie es später nocheinmal.',
  loginRequired: 'Für diese Funktion müssen Sie angemeldet sein.',
  query: {
    tooLong: (max: number) => `Der Suchbegriff darf höchstens ${max} Zeichen lang sein.`,
    notText: 'Der Suchbegriff muss ein Text sein.',
    kind: 'Die Medienart muss „all“, „media“, „books“ oder „apps“ sein.',
    page: 'Die Seitenzahl muss eine ganze Zahl ab 0 sein.',
    pageTooDeep: (max: number) => `Es können höchstens ${max} Seiten abgerufen werden.`,
    filter: (name: string) => `Der Filter „${name}“ enthält einen ungültigen Wert.`,
    facetField: 'Das Feld f muss fn_geb, fn_sprache, fn_typ oder fn_adressat sein.',
  },
} as const;
