import { runProgram, type Ffmpeg } from '../../modules/media/ffmpeg.ts';

/** Length of a demo film in seconds: a few seconds, enough to see it play and seek. */
export const DEMO_VIDEO_SECONDS = 4;

/**
 * A short film (H.264 640x360, 25 fps, AAC, fast start) of the medium's designed title frame
 * with a bar running along the bottom edge over its length and a soft tone that pulses once a
 * second; and its poster frame at the design's full size (1280x720 JPEG), the film's first frame
 * before it is scaled down. One ffmpeg run makes both.
 */
export async function renderDemoVideo(
  ffmpeg: Ffmpeg,
  design: { png: string; frequency: number },
  target: { video: string; poster: string },
): Promise<void> {
  const seconds = String(DEMO_VIDEO_SECONDS);
  const tone = `0.12*sin(2*PI*${design.frequency.toFixed(1)}*t)*exp(-2.5*mod(t\\,1))`;
  await runProgram(ffmpeg.ffmpeg, [
    '-hide_banner',
    '-v',
    'error',
    '-y',
    '-i',
    design.png,
    '-f',
    'lavfi',
    '-i',
    `aevalsrc=${tone}:s=44100:d=${seconds}`,
    '-filter_complex',
    [
      '[0:v]split[film][still]',
      `[film]scale=640:360,format=yuv420p,loop=loop=-1:size=1,fps=25,trim=duration=${seconds}[frame]`,
      `color=c=white:s=640x8:r=25:d=${seconds}[bar]`,
      `[frame][bar]overlay=x='-w+w*t/${seconds}':y=H-h:shortest=1[video]`,
    ].join(';'),
    '-map',
    '[video]',
    '-map',
    '1:a',
    '-c:v',
    'libx264',
    // ultrafast: a fifth less CPU than veryfast for these still frames (0.21 s a film here).
    '-preset',
    'ultrafast',
    '-crf',
    '28',
    '-c:a',
    'aac',
    '-b:a',
    '64k',
    '-ac',
    '1',
    '-movflags',
    '+faststart',
    target.video,
    '-map',
    '[still]',
    '-frames:v',
    '1',
    '-q:v',
    '3',
    '-update',
    '1',
    target.poster,
  ]);
}
