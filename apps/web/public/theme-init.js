// Applies stored appearance preferences before first paint (the CSP forbids inline scripts).
(() => {
  const FONTS = ['Commissioner', 'DM Serif Text', 'IBM Plex Sans', 'Libre Baskerville', 'Ovo', 'Playfair Display', 'Poppins'];
  const HEX = /^#[0-9a-fA-F]{6}$/;
  const read = (key) => {
    try {
      const raw = window.localStorage.getItem(key);
      if (raw === null) return null;
      // Values may be stored raw or JSON-quoted.
      return raw.charAt(0) === '"' ? JSON.parse(raw) : raw;
    } catch {
      return null;
    }
  };
  const root = document.documentElement;
  const theme = read('theme') === 'light' ? 'light' : 'dark';
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
  const meta = document.querySelector('meta[name="theme-color"]');
  if (meta) meta.setAttribute('content', theme === 'dark' ? '#000000' : '#ffffff');
  const accent = read('accentColor');
  if (HEX.test(accent)) root.style.setProperty('--accent', accent);
  const onAccent = read('textOnPrimary');
  if (HEX.test(onAccent)) root.style.setProperty('--on-accent', onAccent);
  const body = read('bodyFont');
  if (FONTS.includes(body)) root.style.setProperty('--font-body', `"${body}"`);
  const headline = read('headlineFont');
  if (FONTS.includes(headline)) root.style.setProperty('--font-headline', `"${headline}"`);
  const size = Number(read('fontSize'));
  if (size >= 12 && size <= 20) root.style.setProperty('--font-size', `${size}px`);
})();
