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
  tooManyRequests: (minutes: number) =>
    `Zu viele Versuche. Bitte warten Sie ${minutes} ${minutes === 1 ? 'Minute' : 'Minuten'} und versuchen Sie es dann erneut.`,
  csrf: 'Die Anfrage konnte nicht bestätigt werden. Bitte laden Sie die Seite neu.',
  forbidden: 'Für diese Funktion fehlt Ihnen die Berechtigung.',
  invalidCharacters:
    'Die Anfrage enthält unzulässige Zeichen (etwa ein Nullzeichen oder ein unvollständiges Unicode-Zeichen).',
  badUrlEncoding: 'Die Adresse der Anfrage ist nicht gültig kodiert (UTF-8 erwartet).',
  urlTooLong: 'Die Adresse der Anfrage ist zu lang.',
  headersTooLarge: 'Die Adresse oder die Kopfzeilen der Anfrage sind zu lang.',
  requestTimeout: 'Die Anfrage ist nicht rechtzeitig vollständig angekommen.',
  bodyTooLarge: 'Die gesendeten Daten sind zu groß.',
  unsupportedMediaType: 'Dieses Datenformat wird hier nicht angenommen. Erwartet wird JSON.',
  invalidJson: 'Die gesendeten Daten sind kein gültiges JSON.',
  emptyJson: 'Die Anfrage enthält keine Daten. Erwartet wird ein JSON-Objekt.',
  account: {
    email: 'Bitte geben Sie eine gültige E-Mail-Adresse an.',
    passwordMissing: 'Bitte geben Sie Ihr Passwort ein.',
    passwordTooShort: (min: number) => `Das Passwort muss mindestens ${min} Zeichen lang sein.`,
    passwordTooLong: (max: number) => `Das Passwort darf höchstens ${max} Zeichen lang sein.`,
    passwordCommon:
      'Dieses Passwort ist zu verbreitet und leicht zu erraten. Bitte wählen Sie ein anderes.',
    passwordContainsEmail: 'Das Passwort darf nicht Ihre E-Mail-Adresse enthalten.',
    name: 'Bitte geben Sie Vor- und Nachnamen an (höchstens 100 Zeichen).',
    school: 'Der Schulname darf höchstens 200 Zeichen lang sein.',
    role: 'Bitte wählen Sie, ob Sie Lehrkraft oder Schülerin bzw. Schüler sind.',
    loginFailed: 'E-Mail-Adresse oder Passwort ist nicht korrekt.',
    notConfirmed:
      'Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse über den Link in der E-Mail, die wir Ihnen geschickt haben.',
    registered:
      'Vielen Dank! Wir haben Ihnen eine E-Mail geschickt. Bitte bestätigen Sie Ihre Adresse über den Link darin.',
    passwordRequested:
      'Wenn zu dieser Adresse ein Benutzerkonto besteht, haben wir Ihnen eine E-Mail mit einem Link zum Zurücksetzen des Passworts geschickt.',
    tokenInvalid:
      'Dieser Link ist ungültig oder abgelaufen. Bitte fordern Sie einen neuen Link an.',
    currentPasswordWrong: 'Das bisherige Passwort ist nicht korrekt.',
  },
  producer: {
    required: 'Dieses Feld ist erforderlich',
    tooLong: (max: number) => `Höchstens ${max} Zeichen erlaubt.`,
    year: 'Das Produktionsjahr muss zwischen 1900 und 2030 liegen.',
    number:
      'Die Signatur darf nur Buchstaben, Ziffern, Punkt, Bindestrich und Unterstrich enthalten.',
    numberTaken: (fnNr: string) => `Die Signatur „${fnNr}“ ist in Ihrem Bestand schon vergeben.`,
    baseTime: 'Der Änderungszeitpunkt fehlt oder ist ungültig. Bitte laden Sie das Medium neu.',
    conflict:
      'Dieses Medium wurde inzwischen geändert. Bitte laden Sie es neu und übernehmen Sie Ihre Änderungen erneut.',
    idsEmpty: 'ID-Array darf nicht leer sein',
    idsTooMany: 'Maximal 1000 Elemente pro Massenvorgang erlaubt',
    noFields: 'Keine Felder für Aktualisierung ausgewählt',
    status: 'Bitte wählen Sie „Entwurf“, „Veröffentlicht“ oder „Archiviert“.',
    someNotFound:
      'Mindestens eines der Medien wurde nicht gefunden. Es wurde nichts geändert; bitte laden Sie die Liste neu.',
    producerOnly: 'Diese Funktion steht nur Produzenten zur Verfügung.',
  },
  files: {
    badPath: 'Dieser Pfad liegt außerhalb der Dateien des Mediums.',
    badName: 'Ungültige Zeichen im Dateinamen',
    nameTooLong: (maxBytes: number) =>
      `Der Name ist zu lang. Erlaubt sind höchstens ${maxBytes} Bytes (so viele Zeichen ohne Umlaute).`,
    encodedBody:
      'Komprimiert gesendete Dateien (Content-Encoding) werden nicht angenommen. Bitte senden Sie die Datei unkomprimiert.',
    vanished: 'Die Datei oder der Ordner wurde inzwischen verschoben oder gelöscht.',
    notAFolder: 'Ein Teil dieses Pfads ist eine Datei, kein Ordner.',
    teaserFolder:
      'Der Ordner „thumbs“ gehört zum Teaserbild und lässt sich hier nicht ändern. Das Teaserbild ändern Sie in der Spalte „Bild“ der Bearbeitungsansicht.',
    /** What a WebDAV answer of this status means, for the WebDAV server's own refusals. */
    davStatus: {
      400: 'Die Anfrage ist ungültig.',
      403: 'Für diese Funktion fehlt Ihnen die Berechtigung.',
      404: 'Diese Datei wurde nicht gefunden.',
      405: 'Diese Aktion ist für diese Datei oder diesen Ordner nicht möglich.',
      409: 'Der übergeordnete Ordner fehlt, oder am Ziel gibt es einen Konflikt.',
      412: 'Die Bedingung der Anfrage ist nicht erfüllt: Am Ziel gibt es schon etwas, oder die Datei wurde inzwischen geändert.',
      415: 'Dieses Format nimmt der Server nicht an.',
      422: 'Der Inhalt der Anfrage kann nicht verarbeitet werden.',
      423: 'Diese Datei ist gesperrt. Bitte versuchen Sie es später noch einmal.',
      424: 'Ein abhängiger Schritt ist fehlgeschlagen.',
    } as Readonly<Record<number, string>>,
    tooLarge: (maxBytes: string) => `Die Datei ist zu groß. Erlaubt sind höchstens ${maxBytes}.`,
    indexInvalid: 'fnIndex must be a non-empty string',
    indexNotFound: (name: string) =>
      `Die Datei „${name}“ gibt es unter den Dateien des Mediums nicht.`,
    fileNotFound: 'Diese Datei wurde nicht gefunden.',
    targetExists: 'Am Ziel gibt es schon eine Datei oder einen Ordner dieses Namens.',
    noFiles: 'Dieses Medium hat noch keine Dateien.',
    linkExpired: 'Dieser Link ist ungültig oder abgelaufen. Bitte öffnen Sie das Medium erneut.',
  },
  jobs: {
    failed: 'Die Verarbeitung ist fehlgeschlagen. Bitte laden Sie die Datei erneut hoch.',
    noFfmpeg:
      'Die Verarbeitung von Video und Audio ist auf diesem Server nicht verfügbar (ffmpeg fehlt). Die Originaldatei wird abgespielt.',
    notVideo: 'Diese Datei enthält kein Video.',
    zipPending: 'Das ZIP-Archiv wird noch erstellt. Bitte versuchen Sie es gleich noch einmal.',
  },
  captions: {
    language:
      'Bitte geben Sie die Sprache als Kürzel aus zwei oder drei Kleinbuchstaben an (z. B. „de“).',
    tooLarge: 'Die Untertiteldatei ist zu groß (höchstens 2 MB).',
    encoding: 'Die Untertiteldatei muss UTF-8-kodiert sein.',
    invalid: (line: number, problem: string) =>
      `Die WebVTT-Datei ist fehlerhaft (Zeile ${line}): ${problem}`,
    notFound: 'Diese Untertitel wurden nicht gefunden.',
  },
  licences: {
    rights: 'Bitte wählen Sie die Rechte: nur Streamen oder Streamen und Herunterladen.',
    media: 'Bitte wählen Sie mindestens ein Medium.',
    scope: 'Bitte wählen Sie, wofür die Lizenz gilt: Medien, alle Medien oder eine Mediathek.',
    date: 'Bitte geben Sie ein gültiges Datum an.',
    dateOrder: 'Das Ende der Gültigkeit darf nicht vor ihrem Beginn liegen.',
    uses: 'Die Zahl der Nutzungen muss zwischen 1 und 100.000 liegen.',
    count: 'Es können 1 bis 1.000 Codes auf einmal erzeugt werden.',
    licensee: 'Bitte wählen Sie mindestens eine Einrichtung.',
    licenseeUnknown: 'Mindestens eine der gewählten Einrichtungen wurde nicht gefunden.',
    notFound: 'Diese Lizenz wurde nicht gefunden.',
    mediathekName: 'Bitte geben Sie der Mediathek einen Namen (höchstens 120 Zeichen).',
    mediathekPath:
      'Der Pfad darf nur Kleinbuchstaben, Ziffern und Bindestriche enthalten, mit „/“ getrennt (z. B. „kreis-nord/biologie“).',
    mediathekPathTaken: (path: string) => `Den Pfad „${path}“ gibt es schon.`,
    mediathekNotFound: 'Diese Mediathek wurde nicht gefunden.',
    mediathek: 'Bitte wählen Sie eine Mediathek.',
    codeMissing: 'Bitte geben Sie einen Code ein.',
    codeUnknown: 'Diesen Code gibt es nicht. Bitte prüfen Sie die Eingabe.',
    codeExpired: 'Dieser Code ist abgelaufen.',
    codeRevoked: 'Dieser Code wurde vom Anbieter zurückgezogen.',
    codeUsedUp: 'Dieser Code wurde schon eingelöst.',
    codeAlreadyYours: 'Sie haben diesen Code schon eingelöst. Die Lizenz ist in Ihrem Konto.',
    codeRedeemed: (label: string) => `Code eingelöst: Sie haben jetzt Zugang zu „${label}“.`,
    notRevocable: 'Eingelöste Codes können nicht mehr zurückgezogen werden.',
    noAccess:
      'Für dieses Medium haben Sie keine Lizenz. Lösen Sie einen Code ein oder fragen Sie Ihr Medienzentrum.',
    noDownload: 'Ihre Lizenz erlaubt nur das Abspielen, nicht das Herunterladen.',
    usedUp:
      'Die Nutzungen Ihrer Lizenz für dieses Medium sind aufgebraucht. Fragen Sie Ihr Medienzentrum.',
    notYetValid: 'Ihre Lizenz für dieses Medium gilt erst ab einem späteren Datum.',
  },
  images: {
    sizeUnknown: (sizes: readonly string[]) =>
      `Diese Bildgröße gibt es nicht. Möglich sind ${sizes.join(', ')}.`,
    proxyUrl:
      'Über den Bild-Proxy lassen sich nur Titelbilder dieses Katalogs laden (Adressen der Form /covers/{Breite}x{Höhe}/{Kennung}.jpg).',
    noTeaser: 'Für dieses Medium gibt es kein Teaserbild.',
  },
  query: {
    tooLong: (max: number) => `Der Suchbegriff darf höchstens ${max} Zeichen lang sein.`,
    notText: 'Der Suchbegriff muss ein Text sein.',
    kind: 'Die Medienart muss „all“, „media“, „books“ oder „apps“ sein.',
    page: 'Die Seitenzahl muss eine ganze Zahl ab 0 sein.',
    pageTooDeep: (max: number) => `Es können höchstens ${max} Seiten abgerufen werden.`,
    filter: (name: string) => `Der Filter „${name}“ enthält einen ungültigen Wert.`,
    facetField: 'Das Feld f muss fn_geb, fn_sprache, fn_typ oder fn_adressat sein.',
    exact: 'exact darf nur 1 sein.',
    subjectParent: 'geb_parent muss ein Sachgebiet-Code sein (3 bis 9 Ziffern).',
  },
} as const;
