import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAfterPaint } from './use-after-paint.ts';

/** Two animation frames: time in which a paint would have come. */
const frames = () =>
  new Promise<void>((resolve) => {
    requestAnimationFrame(() => {
      requestAnimationFrame(() => {
        resolve();
      });
    });
  });

describe('useAfterPaint', () => {
  it('stays false while not ready', async () => {
    const { result } = renderHook(() => useAfterPaint(false));
    await frames();
    expect(result.current).toBe(false);
  });

  it('turns true after the frame that follows readiness, not with it, and stays true', async () => {
    const { result, rerender } = renderHook(({ ready }) => useAfterPaint(ready), {
      initialProps: { ready: false },
    });
    rerender({ ready: true });
    expect(result.current).toBe(false);
    await waitFor(() => {
      expect(result.current).toBe(true);
    });
    rerender({ ready: false });
    expect(result.current).toBe(true);
  });
});
