import DOMPurify, { type WindowLike } from 'dompurify';

type Purifier = ReturnType<typeof DOMPurify>;

/** The window DOMPurify parses in: the browser's, or jsdom's where the server renders. */
let purifierWindow: WindowLike | undefined;

/** For the server's render of the storefront (`entry-server.tsx`), which has no window. */
export function setSanitizerWindow(window: WindowLike) {
  purifierWindow = window;
  titlePurifier = undefined;
}

/**
 * DOMPurify with the titles' allowlist, configured once: given per call, the configuration is
 * parsed again on every call, which cost a page of cards more than sanitising its titles.
 */
let titlePurifier: Purifier | undefined;

/** Titles may contain simple markup (emphasis, sub- and superscript); everything else goes. */
export function sanitizeTitle(markup: string): string {
  if (!titlePurifier) {
    titlePurifier = DOMPurify(purifierWindow ?? window);
    titlePurifier.setConfig({
      ALLOWED_TAGS: ['b', 'strong', 'i', 'em', 'sub', 'sup', 'br', 'span'],
      ALLOWED_ATTR: [],
    });
  }
  return titlePurifier.sanitize(markup);
}

/** A title as plain text (labels, tooltips, the player's heading). */
export function plainTitle(markup: string): string {
  return markup.replace(/<[^>]*>/g, '');
}
