import { createTheme } from '@mui/material/styles';

/**
 * The one calm theme of the app: light, one primary colour (contrast 7:1 on white), the
 * system fonts (nothing is loaded from other hosts).
 */
export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#1d5c96' },
    secondary: { main: '#8a4b08' },
    background: { default: '#f6f7f9' },
    text: { secondary: '#4a5360' },
  },
  typography: {
    fontFamily:
      'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    // Long German words ('Nutzungsbedingungen') break on a phone instead of widening the page.
    h1: { fontSize: '2rem', fontWeight: 600, overflowWrap: 'break-word', hyphens: 'auto' },
    h2: { fontSize: '1.5rem', fontWeight: 600, overflowWrap: 'break-word', hyphens: 'auto' },
    h3: { fontSize: '1.2rem', fontWeight: 600, overflowWrap: 'break-word', hyphens: 'auto' },
  },
  shape: { borderRadius: 8 },
  components: {
    // Whatever is scrolled to (focus, anchors) stays clear of the sticky header.
    MuiCssBaseline: { styleOverrides: { html: { scrollPaddingTop: 80 } } },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiLink: { defaultProps: { underline: 'always' } },
  },
});
