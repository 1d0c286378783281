import type { CatalogueItem } from '@medienkatalog/domain';

/** A card item; override what a test is about. */
export function item(overrides: Partial<CatalogueItem> = {}): CatalogueItem {
  return {
    identifier: 'FWU-4611234',
    fn_titel: 'Die Photosynthese',
    fn_kurztext: 'Wie Pflanzen aus Licht Zucker machen.',
    fn_text: 'Langer Text',
    fn_typ: '49',
    fn_prodjahr: '2021',
    fn_sprache: 'de',
    fn_laenge: '',
    fn_prodname: 'FWU Institut für Film und Bild',
    fn_adressat: 'A(7-9)',
    fn_geb: '080',
    fn_schlag: 'Botanik',
    publisher: '',
    starred: false,
    stars: 3,
    remaining: null,
    access: null,
    download: false,
    open_access: '',
    cover: '/covers/400x226/FWU-4611234.jpg',
    image: null,
    producer: 'fwu',
    geteilt_mit: [],
    info: null,
    ...overrides,
  };
}
