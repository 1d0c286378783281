import { startTransition, useEffect, useState } from 'react';

/**
 * Becomes true once `ready` has been true and the browser has painted since: for parts of a page
 * that can wait until its first results show (the search filters, whose fields take longer to
 * mount than the first cards). Set in a transition, so that what it mounts renders in the
 * background; it stays true.
 */
export function useAfterPaint(ready: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) {
      return undefined;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame's callback runs before that frame paints; a task queued from it runs after.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        startTransition(() => {
          setPainted(true);
        });
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ready, painted]);
  return painted;
}
