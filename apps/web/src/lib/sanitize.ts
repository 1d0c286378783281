import DOMPurify from 'dompurify';

/** Titles may contain simple markup (emphasis, sub- and superscript); everything else goes. */
export function sanitizeTitle(markup: string): string {
  return DOMPurify.sanitize(markup, {
    ALLOWED_TAGS: ['b', 'strong', 'i', 'em', 'sub', 'sup', 'br', 'span'],
    ALLOWED_ATTR: [],
  });
}

/** A title as plain text (labels, tooltips, the player's heading). */
export function plainTitle(markup: string): string {
  return markup.replace(/<[^>]*>/g, '');
}
