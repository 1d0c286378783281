export { MediaPlayer, viewerKindOf, type ViewerKind } from './media-player.tsx';
