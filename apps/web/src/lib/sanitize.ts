/** The simple markup titles may contain (emphasis, sub- and superscript, line breaks). */
const ALLOWED_TAGS = new Set(['b', 'strong', 'i', 'em', 'sub', 'sup', 'br', 'span']);

/** Elements dropped with their content (as DOMPurify does): code, styles and hidden text. */
const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'noembed',
  'noframes',
  'iframe',
  'xmp',
  'plaintext',
  'title',
  'head',
  'svg',
  'math',
  'audio',
  'video',
  'textarea',
  'select',
  'object',
]);

const escapeText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function serialize(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) {
    return escapeText(node.textContent ?? '');
  }
  if (node.nodeType !== Node.ELEMENT_NODE) {
    // Comments, processing instructions: nothing of them is shown.
    return '';
  }
  const tag = (node as Element).localName;
  if (DROPPED_WITH_CONTENT.has(tag)) {
    return '';
  }
  const inner = Array.from(node.childNodes, serialize).join('');
  if (!ALLOWED_TAGS.has(tag)) {
    return inner;
  }
  return tag === 'br' ? '<br>' : `<${tag}>${inner}</${tag}>`;
}

/**
 * Titles may contain simple markup (emphasis, sub- and superscript); everything else goes. The
 * title is parsed into an inert document (nothing in it runs or loads), and the result is written
 * anew from its tree: only the allowed tags, without any attribute, and escaped text. Other
 * elements leave their text, code and hidden parts leave nothing.
 */
export function sanitizeTitle(markup: string): string {
  // Without a tag there is nothing to take out (entities stay text).
  if (!markup.includes('<')) {
    return markup;
  }
  const document = new DOMParser().parseFromString(markup, 'text/html');
  return Array.from(document.body.childNodes, serialize).join('');
}

/** A title as plain text (labels, tooltips, the player's heading). */
export function plainTitle(markup: string): string {
  return markup.replace(/<[^>]*>/g, '');
}
