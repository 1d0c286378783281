import { QueryClient, type DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';

/** What a page the server rendered hands to the app that takes it over. */
export interface ServerRenderedState {
  /** The query cache the server rendered from. */
  queries: DehydratedState;
  /** The router's state (its loaders' results). */
  router: HydrationState;
}

/** The element that carries the state, as JSON (a data block: no script runs, CSP unchanged). */
export const SERVER_STATE_ID = 'server-state';

/** The app's query client, the same in the browser and in the server's render. */
export const createAppQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        // Lists and details stay as they are for ten minutes (spec: cache default 600000 ms)
        // and are kept half an hour, so returning to a view keeps its loaded pages.
        staleTime: 10 * 60_000,
        gcTime: 30 * 60_000,
        retry: 1,
        refetchOnWindowFocus: false,
      },
    },
  });

/** The state of a page the server rendered, or undefined for the app's own page. */
export function readServerRenderedState(): ServerRenderedState | undefined {
  const element = document.getElementById(SERVER_STATE_ID);
  return element?.textContent
    ? (JSON.parse(element.textContent) as ServerRenderedState)
    : undefined;
}

/** The state as the text of its data block: `<` escaped, so no text can end the element. */
export const serverStateText = (state: ServerRenderedState) =>
  JSON.stringify(state).replace(/</g, '\\u003c');
