/**
 * The smallest values of any range of a fixed array, in O(log n) each (a segment tree of the
 * positions of minima): what a completion index needs to find the best few of thousands of
 * matching keys without looking at all of them.
 */
export class RangeMinimum {
  /** Node i holds the position of the smallest value below it; leaves start at `size`. */
  private readonly tree: Uint32Array;
  private readonly size: number;

  constructor(private readonly values: ArrayLike<number>) {
    this.size = values.length;
    this.tree = new Uint32Array(2 * this.size);
    for (let at = 0; at < this.size; at += 1) {
      this.tree[this.size + at] = at;
    }
    for (let node = this.size - 1; node > 0; node -= 1) {
      this.tree[node] = this.smaller(this.node(2 * node), this.node(2 * node + 1));
    }
  }

  /** The position of the smallest value in [from, to), -1 when the range is empty. */
  positionOfMinimum(from: number, to: number): number {
    let best = -1;
    for (let left = from + this.size, right = to + this.size; left < right;) {
      if (left % 2 === 1) {
        best = this.smaller(best, this.node(left));
        left += 1;
      }
      if (right % 2 === 1) {
        right -= 1;
        best = this.smaller(best, this.node(right));
      }
      left >>= 1;
      right >>= 1;
    }
    return best;
  }

  /** The positions of [from, to), smallest value first, found as they are asked for. */
  *ascending(from: number, to: number): Generator<number> {
    const open: { at: number; from: number; to: number }[] = [];
    const add = (start: number, end: number) => {
      const at = this.positionOfMinimum(start, end);
      if (at >= 0) {
        open.push({ at, from: start, to: end });
      }
    };
    add(from, to);
    while (open.length > 0) {
      let next = 0;
      for (let index = 1; index < open.length; index += 1) {
        if (this.value(open[index]?.at ?? -1) < this.value(open[next]?.at ?? -1)) {
          next = index;
        }
      }
      const [range] = open.splice(next, 1);
      if (range === undefined) {
        return;
      }
      yield range.at;
      add(range.from, range.at);
      add(range.at + 1, range.to);
    }
  }

  private node(index: number): number {
    return this.tree[index] ?? -1;
  }

  private value(at: number): number {
    return at < 0 ? Infinity : (this.values[at] ?? Infinity);
  }

  private smaller(a: number, b: number): number {
    return this.value(b) < this.value(a) ? b : a;
  }
}
