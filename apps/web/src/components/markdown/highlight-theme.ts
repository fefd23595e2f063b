/** The code colours (loaded with the first highlighted block, beside the highlight worker). */
import './code-theme.css';
