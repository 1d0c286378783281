import autocannon from 'autocannon';

export interface LoadFigures {
  requests: number;
  errors: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
}

/** The value below which the given share of the sorted samples lies (nearest rank). */
export function percentile(sorted: readonly number[], share: number): number {
  if (sorted.length === 0) {
    return Number.NaN;
  }
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

/**
 * Sends the paths round-robin with autocannon for `seconds` over `connections` connections,
 * and measures every response's latency itself (autocannon reports p97.5, not p95).
 */
export async function loadRun(
  baseUrl: string,
  paths: readonly string[],
  options: { connections: number; seconds: number; headers?: Record<string, string> },
): Promise<LoadFigures> {
  let next = 0;
  const latencies: number[] = [];
  let errors = 0;
  let finish: (result: autocannon.Result) => void = () => undefined;
  let fail: (error: unknown) => void = () => undefined;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const instance = autocannon(
    {
      url: baseUrl,
      connections: options.connections,
      duration: options.seconds,
      ...(options.headers ? { headers: options.headers } : {}),
      requests: [
        {
          setupRequest: (request) => {
            const path = paths[next % paths.length] ?? '/';
            next += 1;
            return { ...request, path };
          },
        },
      ],
    },
    (error, result) => {
      if (error) {
        fail(error);
      } else {
        finish(result);
      }
    },
  );
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    latencies.push(responseTime);
    if (statusCode >= 400) {
      errors += 1;
    }
  });
  const result = await done;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors: errors + result.errors + result.timeouts,
    requestsPerSecond: latencies.length / options.seconds,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
  };
}

/** Requests every path once, `connections` at a time: fills the database's and server's caches. */
export async function warmUp(
  baseUrl: string,
  paths: readonly string[],
  connections: number,
  headers: Record<string, string> = {},
) {
  let next = 0;
  const worker = async () => {
    for (let path = paths[next++]; path !== undefined; path = paths[next++]) {
      const response = await fetch(`${baseUrl}${path}`, { headers });
      await response.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
}

export interface ReplayFigures {
  /** The entries in the order they were sent (a prefix of the log when time ran out). */
  sent: { group: string; path: string }[];
  /** Latencies (ms, sorted) per group. */
  latencies: Map<string, number[]>;
  errors: number;
  seconds: number;
}

/**
 * Sends the log's requests in their order, `connections` at a time (each worker takes the next
 * entry), for at most `seconds`: the order, and so the cache's hits and misses, are the log's.
 */
export async function replayLog(
  baseUrl: string,
  entries: readonly { group: string; path: string }[],
  options: { connections: number; seconds: number },
): Promise<ReplayFigures> {
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  const sent: { group: string; path: string }[] = [];
  const latencies = new Map<string, number[]>();
  let errors = 0;
  let next = 0;
  const worker = async () => {
    while (performance.now() < deadline) {
      const entry = entries[next];
      if (!entry) {
        return;
      }
      next += 1;
      sent.push(entry);
      const before = performance.now();
      try {
        const response = await fetch(`${baseUrl}${entry.path}`);
        await response.arrayBuffer();
        if (response.status >= 400) {
          errors += 1;
        }
      } catch {
        errors += 1;
      }
      const times = latencies.get(entry.group) ?? [];
      times.push(performance.now() - before);
      latencies.set(entry.group, times);
    }
  };
  await Promise.all(Array.from({ length: options.connections }, worker));
  for (const times of latencies.values()) {
    times.sort((a, b) => a - b);
  }
  return { sent, latencies, errors, seconds: (performance.now() - started) / 1000 };
}
