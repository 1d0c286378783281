import { coverUrl, type CatalogueItem, type MediumDetail } from '@medienkatalog/domain';
import type { CardRow, MediumRow } from './catalogue.repository.ts';

/** Turns a row into the card answer; only the listed fields leave the server. */
export function toCatalogueItem(row: CardRow): CatalogueItem {
  const cover = coverUrl(row.identifier);
  return {
    identifier: row.identifier,
    fn_titel: row.fn_titel,
    fn_kurztext: row.fn_kurztext,
    fn_text: row.fn_text,
    fn_typ: row.fn_typ,
    fn_prodjahr: row.fn_prodjahr,
    fn_sprache: row.fn_sprache,
    fn_laenge: row.fn_laenge,
    fn_prodname: row.fn_prodname,
    fn_adressat: row.fn_adressat,
    fn_geb: row.fn_geb,
    fn_schlag: row.fn_schlag,
    publisher: row.fn_herausgeber,
    producer: row.pool,
    starred: row.starred ?? false,
    stars: row.stars,
    // Set per user by the card overlay (CatalogueService.withCounters).
    remaining: null,
    access: null,
    download: false,
    open_access: row.open_access,
    cover,
    image: row.fn_typ === 'UC_CLIP' ? cover : null,
    geteilt_mit: [],
    info: null,
  };
}

export function toMediumDetail(row: MediumRow): MediumDetail {
  return {
    ...toCatalogueItem(row),
    fn_nr: row.fn_nr,
    fn_utitel: row.fn_utitel,
    fn_paratitel: row.fn_paratitel,
    fn_langtext: row.fn_langtext,
    fn_sertitel: row.fn_sertitel,
    fn_produ: row.fn_produ,
    fn_herausgeber: row.fn_herausgeber,
    fn_autor: row.fn_autor,
    fn_url: row.fn_url,
    fn_beigaben: row.fn_beigaben,
    fn_aenderung: new Date(row.fn_aenderung).toISOString(),
  };
}
