/**
 * Starts loading images a page is about to show first (the covers of its first cards), as soon
 * as their addresses are known, instead of when the page has rendered them: the render of a
 * page takes a few hundred milliseconds on a school laptop, which the download now overlaps.
 * The page's own images then come from the browser's image cache.
 */
export function preloadImages(urls: readonly string[]) {
  if (typeof Image === 'undefined') {
    return; // a server render: its page names the covers itself
  }
  for (const url of urls) {
    const image = new Image();
    image.fetchPriority = 'high';
    image.src = url;
  }
}
