/**
 * The unsaved changes of the edit grid (producer spec 4): the original value of a cell is
 * remembered at its first edit; a cell edited back to it is no longer changed.
 */
export class DirtyTracker {
  /** row key -> field -> original value */
  readonly #originals = new Map<string, Map<string, unknown>>();

  /** Records an edit; answers whether the cell now differs from its original. */
  edit(rowKey: string, field: string, oldValue: unknown, newValue: unknown): boolean {
    let row = this.#originals.get(rowKey);
    if (!row) {
      row = new Map();
      this.#originals.set(rowKey, row);
    }
    if (!row.has(field)) {
      row.set(field, oldValue);
    }
    if (sameValue(row.get(field), newValue)) {
      row.delete(field);
      if (row.size === 0) {
        this.#originals.delete(rowKey);
      }
      return false;
    }
    return true;
  }

  isChanged(rowKey: string, field: string): boolean {
    return this.#originals.get(rowKey)?.has(field) ?? false;
  }

  get changedRows(): string[] {
    return [...this.#originals.keys()];
  }

  get hasChanges(): boolean {
    return this.#originals.size > 0;
  }

  /** After a row was saved, or removed. */
  forgetRow(rowKey: string): void {
    this.#originals.delete(rowKey);
  }

  clear(): void {
    this.#originals.clear();
  }
}

/** Cell values are texts (numbers from a number editor); empty and missing count the same. */
function sameValue(a: unknown, b: unknown): boolean {
  const normal = (value: unknown) =>
    typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
  return normal(a) === normal(b);
}
