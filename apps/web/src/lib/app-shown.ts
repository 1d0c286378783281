import { useEffect } from 'react';
import { APP_SHOWN } from './app-shown-event.ts';

/**
 * Placed beside the routed content: its effect runs once the app shows a page of its own, its
 * first page rendered or the server's page taken over down to the routed content (React takes a
 * server's page over in parts; the routed content is the last of them). It says so with the
 * event APP_SHOWN, on which the boot script of a server-rendered page hands over the clicks it
 * held back.
 */
export function AppShown() {
  useEffect(() => {
    document.dispatchEvent(new Event(APP_SHOWN));
  }, []);
  return null;
}
