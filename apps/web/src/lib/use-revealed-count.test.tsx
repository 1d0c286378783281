import { render } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { useRevealedCount } from './use-revealed-count.ts';

const STEPS = { first: 4, step: 3 };

/** Renders the hook and records each count the screen showed (committed). */
function Probe({ total, listKey, shown }: { total: number; listKey: string; shown: number[] }) {
  const count = useRevealedCount(total, listKey, STEPS);
  useEffect(() => {
    shown.push(count);
  }, [count, shown]);
  return null;
}

describe('useRevealedCount', () => {
  it('commits the first items at once, then a step more per commit until all are there', () => {
    const shown: number[] = [];
    render(<Probe total={12} listKey="a" shown={shown} />);
    expect(shown).toEqual([4, 7, 10, 12]);
  });

  it('shows short lists whole at once', () => {
    const shown: number[] = [];
    render(<Probe total={3} listKey="a" shown={shown} />);
    expect(shown).toEqual([3]);
  });

  it('continues from where it is when the list grows, and starts again for another list', () => {
    const shown: number[] = [];
    const { rerender } = render(<Probe total={5} listKey="a" shown={shown} />);
    expect(shown).toEqual([4, 5]);
    rerender(<Probe total={9} listKey="a" shown={shown} />);
    expect(shown).toEqual([4, 5, 7, 9]);
    rerender(<Probe total={9} listKey="b" shown={shown} />);
    expect(shown).toEqual([4, 5, 7, 9, 4, 7, 9]);
  });
});
