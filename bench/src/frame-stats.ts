/** Frame-rate figures from the start times of consecutive animation frames (ms). */
export interface FrameStats {
  frames: number;
  seconds: number;
  /** Frames per second over the whole period. */
  averageFps: number;
  /** The fewest frames in any one-second window of the period. */
  worstSecondFps: number;
  /** 95th percentile and longest time between two frames (ms). */
  p95FrameMs: number;
  maxFrameMs: number;
  /** Share of frame gaps over 20 ms (below 50 frames per second). */
  slowShare: number;
}

export function percentileOf(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) {
    return Number.NaN;
  }
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
}

export function frameStats(frames: readonly number[]): FrameStats {
  const first = frames[0] ?? 0;
  const last = frames.at(-1) ?? 0;
  const gaps = frames.slice(1).map((time, index) => time - (frames[index] ?? time));
  const sortedGaps = [...gaps].sort((a, b) => a - b);
  const span = last - first;
  // Every window of one second that starts at a frame and ends inside the period: the frames
  // that began within it (a frame counts in the window it started in).
  let worst = Number.POSITIVE_INFINITY;
  let end = 0;
  for (let start = 0; start < frames.length; start += 1) {
    const from = frames[start] ?? 0;
    if (from + 1000 > last) {
      break;
    }
    while (end < frames.length && (frames[end] ?? 0) < from + 1000) {
      end += 1;
    }
    worst = Math.min(worst, end - start);
  }
  return {
    frames: frames.length,
    seconds: span / 1000,
    averageFps: span > 0 ? (gaps.length * 1000) / span : 0,
    worstSecondFps: Number.isFinite(worst) ? worst : Number.NaN,
    p95FrameMs: percentileOf(sortedGaps, 95),
    maxFrameMs: sortedGaps.at(-1) ?? Number.NaN,
    slowShare: gaps.length > 0 ? gaps.filter((gap) => gap > 20).length / gaps.length : 0,
  };
}
