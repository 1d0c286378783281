import { startTransition, useEffect, useState } from 'react';

export interface RevealSteps {
  /** Shown at once: what the first screen needs. */
  first: number;
  /** Added per step, each step a render and commit of its own. */
  step: number;
}

/**
 * How many of `total` items to mount now: `first` at once, then `step` more after each commit,
 * as a transition, until all are there. React renders a transition in slices but commits it in
 * one task, so a page of cards mounted at once blocks the main thread for as long as all of
 * them take to insert, style and lay out (hundreds of milliseconds on a school laptop) and the
 * first cover paints only after the last card. A new `key` (another list) starts again from
 * `first`; a growing `total` (the next page) continues from where the count is.
 */
export function useRevealedCount(total: number, key: string, { first, step }: RevealSteps) {
  const [revealed, setRevealed] = useState({ key, count: first });
  const count = revealed.key === key ? Math.min(revealed.count, total) : Math.min(first, total);
  useEffect(() => {
    if (count >= total) {
      return;
    }
    startTransition(() => {
      setRevealed({ key, count: count + step });
    });
  }, [count, total, key, step]);
  return count;
}
