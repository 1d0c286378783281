import sharp from 'sharp';

/**
 * Teasers with more pixels are not decoded (the placeholder answers instead): 40 megapixels,
 * for example 8000x5000, far above the recommended 1200x630.
 */
export const MAX_INPUT_PIXELS = 40_000_000;

/** Larger teaser files are not read at all (the editor uploads at most 5 MB). */
export const MAX_SOURCE_BYTES = 25 * 1024 * 1024;

/** Progressive JPEG at quality 82; mozjpeg would save about 10% at several times the cost. */
const JPEG_OPTIONS = { quality: 82, progressive: true, mozjpeg: false } as const;

/** The card placeholder's colours: tints of the theme's primary colour #1d5c96. */
const PLACEHOLDER_BACKGROUND = '#e4edf6';
const PLACEHOLDER_GLYPH = '#9fbbd6';

/**
 * The cover of a teaser file at exactly width x height: scaled to cover the frame and cut to
 * it (centred), turned by its EXIF orientation, transparency laid on white. libvips reads the
 * file itself, in strips where the format allows, so a large teaser is never held whole in
 * JavaScript memory.
 */
export async function renderCover(source: string, width: number, height: number): Promise<Buffer> {
  return sharp(source, { limitInputPixels: MAX_INPUT_PIXELS, autoOrient: true })
    .resize(width, height, { fit: 'cover' })
    .flatten({ background: '#ffffff' })
    .jpeg(JPEG_OPTIONS)
    .toBuffer();
}

/**
 * The neutral image of a medium without a (visible) teaser: a light primary tint with a
 * picture symbol in the middle. Drawn from SVG without text, so no font is needed.
 */
export async function renderPlaceholder(width: number, height: number): Promise<Buffer> {
  // The symbol: a frame with a sun and two hills, 24 units wide, scaled to 40% of the shorter side.
  const scale = (Math.min(width, height) * 0.4) / 24;
  const x = (width - 24 * scale) / 2;
  const y = (height - 24 * scale) / 2;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <rect width="100%" height="100%" fill="${PLACEHOLDER_BACKGROUND}"/>
  <g transform="translate(${x.toFixed(2)} ${y.toFixed(2)}) scale(${scale.toFixed(4)})" fill="${PLACEHOLDER_GLYPH}">
    <path d="M3 4h18a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1zm1 2v12h16V6z"/>
    <circle cx="8.5" cy="9.5" r="1.8"/>
    <path d="M5 17l4.5-5 3 3.2 2.5-2.7L19 17z"/>
  </g>
</svg>`;
  return sharp(Buffer.from(svg))
    .flatten({ background: PLACEHOLDER_BACKGROUND })
    .jpeg(JPEG_OPTIONS)
    .toBuffer();
}
