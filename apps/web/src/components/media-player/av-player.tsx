import type { MediaTrack } from '@medienkatalog/domain';
import ClosedCaptionIcon from '@mui/icons-material/ClosedCaption';
import FullscreenIcon from '@mui/icons-material/Fullscreen';
import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import HighQualityIcon from '@mui/icons-material/HighQuality';
import ListIcon from '@mui/icons-material/List';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import SpeedIcon from '@mui/icons-material/Speed';
import VolumeOffIcon from '@mui/icons-material/VolumeOff';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { formatTime } from './format-time.ts';
import { PlayerMenu } from './player-menu.tsx';
import { useChapters } from './use-chapters.ts';
import { useStream, type StreamSources } from './use-stream.ts';
import { visuallyHidden } from '../../lib/visually-hidden.ts';

export const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;

/** Seconds an arrow key seeks. */
const SEEK_STEP = 5;

const decimal = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 });

/**
 * The video and audio player: the stream (adaptive, qualities) or the original, a poster, and
 * controls that are all buttons, sliders and menus with German names: play, position, volume,
 * speed, quality, captions, chapters and full screen. The keys of the common players work when
 * the player has focus (the region itself or the picture).
 */
export function AvPlayer({
  kind,
  sources,
  tracks,
  title,
  poster,
}: {
  kind: 'video' | 'audio';
  sources: StreamSources;
  tracks: readonly MediaTrack[];
  title: string;
  poster?: string | undefined;
}) {
  const { t } = useTranslation();
  const helpId = useId();
  const region = useRef<HTMLDivElement>(null);
  const mediaRef = useRef<HTMLMediaElement | null>(null);
  const stream = useStream(mediaRef, sources);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [volume, setVolume] = useState(1);
  const [muted, setMuted] = useState(false);
  const [speed, setSpeed] = useState(1);
  const [caption, setCaption] = useState<string | null>(null);
  const [fullscreen, setFullscreen] = useState(false);
  const [failed, setFailed] = useState(false);
  const captions = tracks.filter((track) => track.kind === 'captions');
  const chapters = useChapters(tracks.find((track) => track.kind === 'chapters')?.url);

  useEffect(() => {
    const changed = () => {
      setFullscreen(document.fullscreenElement === region.current);
    };
    document.addEventListener('fullscreenchange', changed);
    return () => {
      document.removeEventListener('fullscreenchange', changed);
    };
  }, []);

  // The chosen captions show; every other caption track is off (chapters stay hidden).
  useEffect(() => {
    // jsdom and old browsers have no text tracks.
    const list = mediaRef.current?.textTracks;
    for (const track of Array.from(list ?? [])) {
      if (track.kind === 'captions' || track.kind === 'subtitles') {
        track.mode = track.language === caption ? 'showing' : 'disabled';
      }
    }
  }, [caption]);

  const togglePlay = () => {
    const media = mediaRef.current;
    if (!media) {
      return;
    }
    if (media.paused) {
      // Refused autoplay or a broken source: the error event tells.
      void Promise.resolve(media.play()).catch(() => undefined);
    } else {
      media.pause();
    }
  };
  const seekTo = (seconds: number) => {
    const media = mediaRef.current;
    if (media) {
      media.currentTime = Math.max(0, Math.min(duration || seconds, seconds));
      setTime(media.currentTime);
    }
  };
  const changeVolume = (value: number) => {
    const media = mediaRef.current;
    if (media) {
      media.volume = Math.max(0, Math.min(1, value));
      media.muted = media.volume === 0;
    }
  };
  const toggleMute = () => {
    const media = mediaRef.current;
    if (media) {
      media.muted = !media.muted;
    }
  };
  const changeSpeed = (value: number) => {
    const media = mediaRef.current;
    if (media) {
      media.playbackRate = value;
    }
    setSpeed(value);
  };
  const fullscreenSupported =
    kind === 'video' && typeof document.documentElement.requestFullscreen === 'function';
  const toggleFullscreen = () => {
    if (!fullscreenSupported) {
      return;
    }
    if (document.fullscreenElement) {
      void document.exitFullscreen();
    } else {
      void region.current?.requestFullscreen();
    }
  };
  const toggleCaptions = () => {
    setCaption((current) => (current === null ? (captions[0]?.language ?? null) : null));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (event.altKey || event.ctrlKey || event.metaKey || target.closest('[role="menu"]')) {
      return;
    }
    // Where a control has focus, its own keys win (Space on a button, arrows on a slider).
    const onPlayer = target === event.currentTarget || target === mediaRef.current;
    const key = event.key.toLowerCase();
    const action: Record<string, (() => void) | undefined> = {
      k: togglePlay,
      m: toggleMute,
      f: toggleFullscreen,
      c: captions.length > 0 ? toggleCaptions : undefined,
      ' ': onPlayer ? togglePlay : undefined,
      arrowleft: onPlayer
        ? () => {
            seekTo(time - SEEK_STEP);
          }
        : undefined,
      arrowright: onPlayer
        ? () => {
            seekTo(time + SEEK_STEP);
          }
        : undefined,
      arrowup: onPlayer
        ? () => {
            changeVolume(volume + 0.1);
          }
        : undefined,
      arrowdown: onPlayer
        ? () => {
            changeVolume(volume - 0.1);
          }
        : undefined,
    };
    const run = action[key];
    if (run) {
      event.preventDefault();
      run();
    }
  };

  const media = () => mediaRef.current;
  const mediaProps = {
    src: stream.src,
    preload: 'metadata',
    onPlay: () => {
      setPlaying(true);
    },
    onPause: () => {
      setPlaying(false);
    },
    onEnded: () => {
      setPlaying(false);
    },
    onTimeUpdate: () => {
      setTime(media()?.currentTime ?? 0);
    },
    onDurationChange: () => {
      const seconds = media()?.duration ?? 0;
      setDuration(Number.isFinite(seconds) ? seconds : 0);
    },
    onVolumeChange: () => {
      setVolume(media()?.volume ?? 1);
      setMuted(media()?.muted ?? false);
    },
    onRateChange: () => {
      setSpeed(media()?.playbackRate ?? 1);
    },
    onError: () => {
      setFailed(true);
    },
    onClick: togglePlay,
  };
  const trackElements = tracks.map((track) => (
    <track
      key={track.url}
      kind={track.kind}
      srcLang={track.language}
      label={track.label}
      src={track.url}
    />
  ));
  const speedLabel =
    speed === 1
      ? t('player.speedNormal')
      : t('player.speedValue', { value: decimal.format(speed) });
  const autoLabel =
    stream.playingHeight === undefined
      ? t('player.qualityAuto')
      : t('player.qualityAutoCurrent', { height: stream.playingHeight });
  const timeText = t('player.time', { current: formatTime(time), total: formatTime(duration) });

  return (
    <Box
      ref={region}
      role="region"
      aria-label={t('player.region', { title })}
      aria-describedby={helpId}
      tabIndex={0}
      onKeyDown={onKeyDown}
      sx={{
        bgcolor: 'common.black',
        color: 'common.white',
        display: 'flex',
        flexDirection: 'column',
        '&:focus-visible': { outline: '3px solid', outlineColor: 'warning.main', outlineOffset: 2 },
        '& button:focus-visible, & .Mui-focusVisible': {
          outline: '3px solid',
          outlineColor: 'warning.main',
        },
      }}
    >
      <Typography id={helpId} sx={visuallyHidden}>
        {t('player.keyboardHelp')}
      </Typography>
      {kind === 'video' ? (
        <Box
          component="video"
          ref={mediaRef}
          {...mediaProps}
          poster={poster}
          playsInline
          aria-label={title}
          sx={{
            width: '100%',
            flex: 1,
            minHeight: 0,
            maxHeight: fullscreen ? '100vh' : '70vh',
            bgcolor: 'common.black',
          }}
        >
          {trackElements}
        </Box>
      ) : (
        <>
          {poster ? (
            <Box component="img" src={poster} alt="" sx={{ width: '100%', display: 'block' }} />
          ) : null}
          <audio ref={mediaRef} {...mediaProps} aria-label={title}>
            {trackElements}
          </audio>
        </>
      )}
      {failed ? (
        <Typography role="alert" sx={{ p: 1 }}>
          {t('player.loadError')}
        </Typography>
      ) : null}
      <Slider
        size="small"
        min={0}
        max={duration || 1}
        step={0.1}
        value={Math.min(time, duration || 1)}
        onChange={(_event, value) => {
          seekTo(value);
        }}
        aria-label={t('player.seek')}
        getAriaValueText={() => timeText}
        sx={{ color: 'common.white', mx: 2, width: 'auto' }}
      />
      <Stack
        direction="row"
        spacing={0.5}
        sx={{ alignItems: 'center', px: 1, pb: 1, flexWrap: 'wrap' }}
      >
        <Tooltip title={playing ? t('player.pause') : t('player.play')}>
          <IconButton
            color="inherit"
            onClick={togglePlay}
            aria-label={playing ? t('player.pause') : t('player.play')}
          >
            {playing ? <PauseIcon /> : <PlayArrowIcon />}
          </IconButton>
        </Tooltip>
        <Typography variant="body2" sx={{ minWidth: 96 }} aria-live="off">
          {timeText}
        </Typography>
        <Tooltip title={muted ? t('player.unmute') : t('player.mute')}>
          <IconButton
            color="inherit"
            onClick={toggleMute}
            aria-label={muted ? t('player.unmute') : t('player.mute')}
          >
            {muted ? <VolumeOffIcon /> : <VolumeUpIcon />}
          </IconButton>
        </Tooltip>
        <Slider
          size="small"
          min={0}
          max={1}
          step={0.05}
          value={muted ? 0 : volume}
          onChange={(_event, value) => {
            changeVolume(value);
          }}
          aria-label={t('player.volume')}
          getAriaValueText={(value) => `${String(Math.round(value * 100))} %`}
          sx={{ color: 'common.white', width: 90 }}
        />
        <Box sx={{ flex: 1 }} />
        <PlayerMenu
          label={t('player.speed')}
          current={speedLabel}
          icon={<SpeedIcon />}
          choices={SPEEDS.map((value) => ({
            value,
            label:
              value === 1
                ? t('player.speedNormal')
                : t('player.speedValue', { value: decimal.format(value) }),
          }))}
          selected={speed}
          onChoose={changeSpeed}
        />
        {stream.levels.length > 1 ? (
          <PlayerMenu
            label={t('player.quality')}
            current={
              stream.level === -1
                ? autoLabel
                : `${String(stream.levels[stream.level]?.height ?? '')}p`
            }
            icon={<HighQualityIcon />}
            choices={[
              { value: -1, label: autoLabel },
              ...stream.levels.map((entry) => ({
                value: entry.index,
                label: `${String(entry.height)}p`,
              })),
            ]}
            selected={stream.level}
            onChoose={stream.setLevel}
          />
        ) : null}
        {captions.length > 0 ? (
          <PlayerMenu<string | null>
            label={t('player.captions')}
            current={
              captions.find((track) => track.language === caption)?.label ?? t('player.captionsOff')
            }
            icon={<ClosedCaptionIcon />}
            choices={[
              { value: null, label: t('player.captionsOff') },
              ...captions.map((track) => ({ value: track.language, label: track.label })),
            ]}
            selected={caption}
            onChoose={setCaption}
          />
        ) : null}
        {chapters.length > 0 ? (
          <PlayerMenu
            label={t('player.chapters')}
            icon={<ListIcon />}
            radio={false}
            choices={chapters.map((chapter) => ({
              value: chapter.start,
              label: `${formatTime(chapter.start)} ${chapter.text}`,
            }))}
            onChoose={seekTo}
          />
        ) : null}
        {kind === 'video' ? (
          <Tooltip title={fullscreen ? t('player.exitFullscreen') : t('player.fullscreen')}>
            <span>
              <IconButton
                color="inherit"
                onClick={toggleFullscreen}
                disabled={!fullscreenSupported}
                aria-label={fullscreen ? t('player.exitFullscreen') : t('player.fullscreen')}
              >
                {fullscreen ? <FullscreenExitIcon /> : <FullscreenIcon />}
              </IconButton>
            </span>
          </Tooltip>
        ) : null}
      </Stack>
      <Typography variant="caption" sx={{ px: 2, pb: 1, opacity: 0.8 }}>
        {stream.mode === 'stream'
          ? t('player.streaming')
          : stream.mode === 'original'
            ? t('player.original')
            : ''}
      </Typography>
    </Box>
  );
}
