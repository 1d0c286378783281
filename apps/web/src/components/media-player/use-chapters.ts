import { checkWebVtt, type WebVttCue } from '@medienkatalog/domain';
import { useEffect, useState } from 'react';

/** The chapters of a chapters track (WebVTT), read with the same checker the server uses. */
export function useChapters(url: string | undefined): WebVttCue[] {
  const [loaded, setLoaded] = useState<{ url: string; cues: WebVttCue[] }>();
  useEffect(() => {
    if (!url) {
      return undefined;
    }
    const controller = new AbortController();
    fetch(url, { signal: controller.signal })
      .then((response) => (response.ok ? response.text() : ''))
      .then((text) => {
        const checked = checkWebVtt(text, { chapters: true });
        setLoaded({ url, cues: checked.ok ? checked.cues : [] });
      })
      .catch(() => {
        // Without chapters the player plays as before.
      });
    return () => {
      controller.abort();
    };
  }, [url]);
  return loaded && loaded.url === url ? loaded.cues : [];
}
