import { describe, expect, it } from 'vitest';
import { storefrontTemplate } from './storefront-template.ts';

const INDEX_HTML = `<!doctype html>
<html lang="de">
  <head>
    <title>Medienkatalog</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-def.js">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const page = {
  title: 'Ergebnisse für „<Wasser>“ – Medienkatalog',
  styles: '<style data-emotion="css a1">.css-a1{color:red}</style>',
  html: '<main><img src="/covers/400x226/A-1.jpg" fetchpriority="high"></main>',
  stateBlock: '<script type="application/json" id="server-state">{"q":"$&"}</script>',
};

describe('storefrontTemplate', () => {
  it('puts the page into the app and names the app for the boot script instead of loading it', () => {
    const html = storefrontTemplate(INDEX_HTML, '/assets/boot-xyz.js')(page);
    expect(html).toContain(
      '<script type="module" crossorigin src="/assets/boot-xyz.js" data-app="/assets/index-abc.js"></script>',
    );
    expect(html).not.toContain('src="/assets/index-abc.js"');
    // Nothing of the app is requested before the first covers: no preloads either.
    expect(html).not.toContain('modulepreload');
    expect(html).toContain(`<div id="root">${page.html}</div>${page.stateBlock}`);
    expect(html).toContain(`${page.styles}</head>`);
  });

  it('escapes the title and takes every text literally (no $& replacement patterns)', () => {
    const html = storefrontTemplate(INDEX_HTML, '/assets/boot-xyz.js')(page);
    expect(html).toContain('<title>Ergebnisse für „&lt;Wasser&gt;“ – Medienkatalog</title>');
    expect(html).toContain('{"q":"$&"}');
  });

  it('refuses a build whose index.html it does not understand', () => {
    expect(() => storefrontTemplate('<html><body></body></html>', '/b.js')).toThrow(/index.html/);
  });
});
