/**
 * Files a browser would run script in when it shows them: web pages, SVG, XML (with XSLT) and
 * scripts. Served from this origin they could read the app's CSRF cookie and call its API as
 * the user, so they are only ever shown sandboxed (content addresses) or sent as attachments.
 */
const ACTIVE_TYPES =
  /^(text\/html|application\/xhtml\+xml|image\/svg\+xml|application\/xml|text\/xml|text\/javascript|application\/javascript|application\/ecmascript|text\/xsl)\b/i;

export const isActiveContent = (contentType: string) => ACTIVE_TYPES.test(contentType.trim());

/**
 * The headers of a producer's file handed out for saving, not showing (WebDAV GET, the
 * producer's download call): an attachment that, opened anyway, runs nothing in an opaque
 * origin, is never sniffed into something else, and (if active) is typed as plain bytes, so no
 * page of this origin can load it as a script or style either.
 */
export function attachmentHeaders(contentType: string) {
  return {
    'Content-Type': isActiveContent(contentType) ? 'application/octet-stream' : contentType,
    'Content-Disposition': 'attachment',
    'Content-Security-Policy': "sandbox; default-src 'none'",
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Resource-Policy': 'same-origin',
  };
}
