/**
 * The highlighter in the page itself, where the highlight worker cannot run (no Worker, or it
 * failed to load): highlight.js with its colours. Loaded on demand, not part of the first load.
 */
import './code-theme.css';

export { highlightCode } from './highlight-core';
