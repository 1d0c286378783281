import { vi } from 'vitest';

export interface FetchCall {
  method: string;
  url: string;
  body: unknown;
}

/**
 * Answers every fetch with `answer` (which may look at the call) and records method, path and
 * JSON body.
 */
export function stubFetch(answer: (call: FetchCall) => Response): FetchCall[] {
  const calls: FetchCall[] = [];
  vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => {
    const call: FetchCall = {
      method: init.method ?? 'GET',
      url: input,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    return Promise.resolve(answer(call));
  });
  return calls;
}

export const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
