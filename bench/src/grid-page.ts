/// <reference lib="dom" />
/**
 * The grid benchmark's code that runs inside the browser page (handed to `page.evaluate` and
 * `addInitScript`, so each function is self-contained). Times are epoch milliseconds
 * (`performance.timeOrigin + ...`), comparable with the benchmark process's clock.
 */

export interface LongTask {
  start: number;
  duration: number;
}

declare global {
  interface Window {
    mkLongTasks?: LongTask[];
  }
}

/** Init script: collects the page's long tasks (main-thread tasks over 50 ms). */
export function collectLongTasks(): void {
  window.mkLongTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.mkLongTasks?.push({
        start: performance.timeOrigin + entry.startTime,
        duration: entry.duration,
      });
    }
  }).observe({ type: 'longtask', buffered: true });
}

/** The long tasks that started at or after `since` (epoch ms). */
export function longTasksSince(since: number): LongTask[] {
  return (window.mkLongTasks ?? []).filter((task) => task.start >= since);
}

export interface OpenMarks {
  /** The click on the tab (the event's time stamp). */
  clicked: number | null;
  /** The grid's frame (header) is on screen. */
  gridShown: number | null;
  /** Rows are on screen. */
  rowsShown: number | null;
  /** The status line shows the full count. */
  countShown: number | null;
}

/**
 * Watches the page from the click on the 'Bearbeiten' tab until the grid shows rows and the
 * status line shows `expectedCount` media (as '10.046 Medien'). Each condition is checked once
 * per animation frame and stamped at the following frame, after the frame that showed it was
 * painted (so the marks are late by at most one frame, never early).
 */
export function watchGridOpening(expectedCount: number): Promise<OpenMarks> {
  const marks: OpenMarks = { clicked: null, gridShown: null, rowsShown: null, countShown: null };
  const now = () => performance.timeOrigin + performance.now();
  document.addEventListener(
    'click',
    (event) => {
      const tab = event.target instanceof Element ? event.target.closest('[role="tab"]') : null;
      if (marks.clicked === null && tab?.textContent.trim() === 'Bearbeiten') {
        marks.clicked = performance.timeOrigin + event.timeStamp;
      }
    },
    { capture: true },
  );
  const shown = (selector: string) => {
    const element = document.querySelector(selector);
    return element !== null && element.getBoundingClientRect().height > 0;
  };
  const countText = (text: string) => {
    const match = /^([\d.]+) Medien$/.exec(text.trim());
    return match?.[1] !== undefined && Number(match[1].replaceAll('.', '')) === expectedCount;
  };
  const pending: Partial<Record<keyof OpenMarks, boolean>> = {};
  const started = now();
  return new Promise((resolve, reject) => {
    const frame = () => {
      for (const key of ['gridShown', 'rowsShown', 'countShown'] as const) {
        if (pending[key] && marks[key] === null) {
          marks[key] = now();
        }
      }
      if (marks.clicked !== null) {
        pending.gridShown ||= shown('.ag-header-row');
        pending.rowsShown ||= shown('.ag-grid-scrolling-container .ag-row');
        pending.countShown ||= Array.from(document.querySelectorAll('[role="status"]')).some(
          (element) => countText(element.textContent),
        );
      }
      if (marks.gridShown !== null && marks.rowsShown !== null && marks.countShown !== null) {
        resolve(marks);
      } else if (now() - started > 60_000) {
        reject(new Error(`grid not ready within 60 s: ${JSON.stringify(marks)}`));
      } else {
        requestAnimationFrame(frame);
      }
    };
    requestAnimationFrame(frame);
  });
}

export interface FrameRecord {
  /** Frame start times (epoch ms) of every animation frame in the period. */
  frames: number[];
  /** Distinct scroll positions seen at frame starts (how many different views were drawn). */
  views: number;
}

/** Records animation frames for `ms` milliseconds (while something else scrolls). */
export function recordFrames(ms: number): Promise<FrameRecord> {
  const frames: number[] = [];
  const views = new Set<string>();
  return new Promise((resolve) => {
    let end = 0;
    const frame = (time: number) => {
      const stamp = performance.timeOrigin + time;
      if (end === 0) {
        end = stamp + ms;
      }
      frames.push(stamp);
      const viewport = document.querySelector('.ag-grid-viewport');
      views.add(`${String(viewport?.scrollTop)}:${String(viewport?.scrollLeft)}`);
      if (stamp < end) {
        requestAnimationFrame(frame);
      } else {
        resolve({ frames, views: views.size });
      }
    };
    requestAnimationFrame(frame);
  });
}

export interface ScrollPlan {
  /** The element scrolled. */
  selector: string;
  axis: 'vertical' | 'horizontal';
  /** Pixels per second (steady scroll, turning at the ends), or 0 for a full sweep. */
  speed: number;
  /** For a sweep: to the end and back in this many milliseconds. */
  ms: number;
}

/**
 * Scrolls an element from script, one step per animation frame, for `plan.ms`: at a steady
 * speed (bouncing at the ends), or as one sweep to the far end and back. The step follows the
 * clock, so slow frames jump further (as a user's scrolling does), and every frame is recorded.
 */
export function scrollByFrames(plan: ScrollPlan): Promise<FrameRecord & { range: number }> {
  const element = document.querySelector(plan.selector);
  if (!(element instanceof HTMLElement)) {
    return Promise.reject(new Error(`${plan.selector} not found`));
  }
  const vertical = plan.axis === 'vertical';
  const range = vertical
    ? element.scrollHeight - element.clientHeight
    : element.scrollWidth - element.clientWidth;
  const set = (position: number) => {
    if (vertical) {
      element.scrollTop = position;
    } else {
      element.scrollLeft = position;
    }
  };
  set(0);
  const frames: number[] = [];
  const views = new Set<string>();
  return new Promise((resolve) => {
    let start = 0;
    const frame = (time: number) => {
      const stamp = performance.timeOrigin + time;
      if (start === 0) {
        start = stamp;
      }
      frames.push(stamp);
      views.add(`${String(element.scrollTop)}:${String(element.scrollLeft)}`);
      const elapsed = stamp - start;
      if (elapsed >= plan.ms) {
        set(0);
        resolve({ frames, views: views.size, range });
        return;
      }
      let position: number;
      if (plan.speed === 0) {
        const phase = elapsed / plan.ms;
        position = range * (phase < 0.5 ? phase * 2 : 2 - phase * 2);
      } else {
        const travelled = (elapsed / 1000) * plan.speed;
        const lap = travelled % (2 * range);
        position = lap < range ? lap : 2 * range - lap;
      }
      set(Math.round(position));
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

/** The scrollable range of an element along an axis (pixels). */
export function scrollRange({ selector, axis }: { selector: string; axis: string }): number {
  const element = document.querySelector(selector);
  if (!element) {
    return 0;
  }
  return axis === 'vertical'
    ? element.scrollHeight - element.clientHeight
    : element.scrollWidth - element.clientWidth;
}

/** Puts the grid back to its top left corner. */
export function resetGridScroll(): void {
  const element = document.querySelector('.ag-grid-viewport');
  if (element) {
    element.scrollTop = 0;
    element.scrollLeft = 0;
  }
}
