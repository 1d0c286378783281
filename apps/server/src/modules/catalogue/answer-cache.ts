import { LRUCache } from 'lru-cache';

export interface AnswerCacheOptions {
  /** Answers kept, the least recently used dropped first; 0 turns the cache off. */
  entries: number;
  /** The catalogue version is read at most this often (ms): how far an answer may lag behind. */
  versionCheckMs: number;
}

export const DEFAULT_ANSWER_CACHE: AnswerCacheOptions = { entries: 1_000, versionCheckMs: 1_000 };

type Load<V> = () => Promise<V>;

/**
 * Keeps answers until the catalogue changes. The version comes from the database (triggers
 * bump it on every change of media or licences, whichever instance makes it), read at most
 * every `versionCheckMs`; when it moved, everything is forgotten. Concurrent requests for the
 * same missing answer share one load.
 */
export class AnswerCache<V extends object> {
  private readonly answers: LRUCache<string, V, Load<V>> | undefined;
  private version = Number.NaN;
  private checkedAt = Number.NEGATIVE_INFINITY;
  private pendingCheck: Promise<void> | undefined;

  constructor(
    private readonly readVersion: () => Promise<number>,
    private readonly options: AnswerCacheOptions = DEFAULT_ANSWER_CACHE,
  ) {
    this.answers =
      options.entries > 0
        ? new LRUCache<string, V, Load<V>>({
            max: options.entries,
            fetchMethod: (_key, _stale, { context }) => context(),
            // A load whose entry is evicted (more new keys than entries) or cleared (the version
            // moved) while it runs still answers its requests, instead of failing them.
            ignoreFetchAbort: true,
          })
        : undefined;
  }

  async get(key: string, load: Load<V>): Promise<V> {
    if (!this.answers) {
      return load();
    }
    await this.checkVersion();
    // The version is part of the key: an answer loaded while the catalogue changed is stored
    // under the old version and never served again.
    const answer = await this.answers.fetch(`${String(this.version)}:${key}`, { context: load });
    return answer ?? load();
  }

  private async checkVersion(): Promise<void> {
    if (performance.now() - this.checkedAt < this.options.versionCheckMs) {
      return;
    }
    this.pendingCheck ??= this.readVersion()
      .then((version) => {
        if (version !== this.version) {
          this.answers?.clear();
          this.version = version;
        }
        this.checkedAt = performance.now();
      })
      .finally(() => {
        this.pendingCheck = undefined;
      });
    await this.pendingCheck;
  }
}
