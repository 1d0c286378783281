import type Hls from 'hls.js';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/** One quality of an HLS stream. */
export interface StreamLevel {
  index: number;
  height: number;
}

export interface StreamSources {
  /** HLS master playlist, once the renditions are built. */
  stream: string | null;
  /** The original file (Range-seekable); plays until the stream is ready or where HLS cannot. */
  direct: string | null;
}

export interface StreamState {
  /** The address for the element's src; undefined while hls.js feeds it. */
  src: string | undefined;
  /** What plays: the adaptive stream, the original, or nothing. */
  mode: 'stream' | 'original' | 'none';
  /** The stream's qualities when hls.js plays it (the browser's own HLS chooses by itself). */
  levels: StreamLevel[];
  /** -1: chosen automatically. */
  level: number;
  setLevel: (index: number) => void;
  /** The height playing now (automatic choice). */
  playingHeight: number | undefined;
}

const HLS_TYPE = 'application/vnd.apple.mpegurl';

/** Whether the browser plays HLS itself (Safari); asked of a detached element. */
const playsHlsNatively = () =>
  typeof document !== 'undefined' && document.createElement('video').canPlayType(HLS_TYPE) !== '';

const hasMediaSource = () => typeof window !== 'undefined' && 'MediaSource' in window;

/**
 * Chooses and attaches a medium's source: the HLS stream with hls.js (loaded only then, a chunk
 * of its own) or the browser's own HLS, else the original file. A stream that fails falls back
 * to the original.
 */
export function useStream(
  media: RefObject<HTMLMediaElement | null>,
  { stream, direct }: StreamSources,
): StreamState {
  const [failedStream, setFailedStream] = useState<string | null>(null);
  const [levels, setLevels] = useState<StreamLevel[]>([]);
  const [level, setLevelState] = useState(-1);
  const [playingHeight, setPlayingHeight] = useState<number>();
  const hls = useRef<Hls | null>(null);
  const usable = stream !== null && stream !== failedStream ? stream : null;
  // hls.js first where Media Source Extensions exist (it offers the qualities; Chromium 156
  // would also play HLS itself, choosing alone), the browser's own HLS elsewhere (older iOS).
  const way: 'native' | 'hls.js' | 'original' =
    usable === null
      ? 'original'
      : hasMediaSource()
        ? 'hls.js'
        : playsHlsNatively()
          ? 'native'
          : 'original';

  useEffect(() => {
    const element = media.current;
    if (way !== 'hls.js' || !element || usable === null) {
      return undefined;
    }
    let cancelled = false;
    const fail = () => {
      if (!cancelled) {
        setLevels([]);
        setFailedStream(usable);
      }
    };
    import('hls.js')
      .then(({ default: HlsPlayer }) => {
        if (cancelled) {
          return;
        }
        if (!HlsPlayer.isSupported()) {
          fail();
          return;
        }
        const player = new HlsPlayer();
        hls.current = player;
        player.on(HlsPlayer.Events.MANIFEST_PARSED, (_event, data) => {
          setLevels(data.levels.map((entry, index) => ({ index, height: entry.height })));
        });
        player.on(HlsPlayer.Events.LEVEL_SWITCHED, (_event, data) => {
          setPlayingHeight(player.levels[data.level]?.height);
        });
        player.on(HlsPlayer.Events.ERROR, (_event, data) => {
          if (data.fatal) {
            player.destroy();
            hls.current = null;
            fail();
          }
        });
        player.loadSource(usable);
        player.attachMedia(element);
      })
      .catch(fail);
    return () => {
      cancelled = true;
      hls.current?.destroy();
      hls.current = null;
    };
  }, [media, way, usable]);

  const setLevel = useCallback((index: number) => {
    setLevelState(index);
    if (hls.current) {
      hls.current.currentLevel = index;
    }
  }, []);

  const src =
    way === 'native'
      ? (usable ?? undefined)
      : way === 'original'
        ? (direct ?? undefined)
        : undefined;
  const mode = way === 'original' ? (direct ? 'original' : 'none') : 'stream';
  return { src, mode, levels: way === 'hls.js' ? levels : [], level, setLevel, playingHeight };
}
