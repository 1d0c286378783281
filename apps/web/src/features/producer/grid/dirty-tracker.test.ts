import { describe, expect, it } from 'vitest';
import { DirtyTracker } from './dirty-tracker.ts';

describe('DirtyTracker', () => {
  it('flags a changed cell and remembers the original of its first edit', () => {
    const tracker = new DirtyTracker();
    expect(tracker.edit('A', 'fn_titel', 'Alt', 'Neu')).toBe(true);
    expect(tracker.edit('A', 'fn_titel', 'Neu', 'Neuer')).toBe(true);
    expect(tracker.isChanged('A', 'fn_titel')).toBe(true);
    expect(tracker.isChanged('A', 'fn_nr')).toBe(false);
    expect(tracker.changedRows).toEqual(['A']);
    expect(tracker.hasChanges).toBe(true);
  });

  it('un-flags a cell edited back to its original, and the grid is clean again', () => {
    const tracker = new DirtyTracker();
    tracker.edit('A', 'fn_titel', 'Alt', 'Neu');
    expect(tracker.edit('A', 'fn_titel', 'Neu', 'Alt')).toBe(false);
    expect(tracker.isChanged('A', 'fn_titel')).toBe(false);
    expect(tracker.hasChanges).toBe(false);
    expect(tracker.changedRows).toEqual([]);
  });

  it('keeps a row changed while any of its cells differs', () => {
    const tracker = new DirtyTracker();
    tracker.edit('A', 'fn_titel', 'Alt', 'Neu');
    tracker.edit('A', 'fn_prodjahr', '2020', '2021');
    tracker.edit('A', 'fn_titel', 'Neu', 'Alt');
    expect(tracker.changedRows).toEqual(['A']);
    expect(tracker.isChanged('A', 'fn_prodjahr')).toBe(true);
  });

  it('treats an emptied cell as equal to an empty original', () => {
    const tracker = new DirtyTracker();
    expect(tracker.edit('A', 'fn_utitel', '', null)).toBe(false);
    expect(tracker.hasChanges).toBe(false);
  });

  it('forgets a saved row and clears everything on discard', () => {
    const tracker = new DirtyTracker();
    tracker.edit('A', 'fn_titel', 'Alt', 'Neu');
    tracker.edit('B', 'fn_titel', 'Alt', 'Neu');
    tracker.forgetRow('A');
    expect(tracker.changedRows).toEqual(['B']);
    tracker.clear();
    expect(tracker.hasChanges).toBe(false);
  });
});
