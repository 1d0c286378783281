/** The producer's licence pages, loaded lazily by the router. */
export { CodesPage } from './codes-page.tsx';
export { MediathekenPage } from './mediatheken-page.tsx';
export { SharesPage } from './shares-page.tsx';
