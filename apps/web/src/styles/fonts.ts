/** The seven fonts of the settings screen, bundled with the app (latin, 400 and 700 only). */
import '@fontsource/commissioner/latin-400.css';
import '@fontsource/commissioner/latin-700.css';
import '@fontsource/dm-serif-text/latin-400.css';
import '@fontsource/ibm-plex-sans/latin-400.css';
import '@fontsource/ibm-plex-sans/latin-700.css';
import '@fontsource/libre-baskerville/latin-400.css';
import '@fontsource/libre-baskerville/latin-700.css';
import '@fontsource/ovo/latin-400.css';
import '@fontsource/playfair-display/latin-400.css';
import '@fontsource/playfair-display/latin-700.css';
import '@fontsource/poppins/latin-400.css';
import '@fontsource/poppins/latin-700.css';
