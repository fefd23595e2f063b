// Worker-thread entry of PDF text extraction (plain JavaScript, so it runs as it is from source and
// from dist/). It gets the PDF's bytes and the character cap and posts back the text, or why not.
import { parentPort, workerData } from 'node:worker_threads';

const { bytes, cap } = workerData;
try {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({
    data: bytes,
    useWorkerFetch: false,
    isEvalSupported: false,
    disableFontFace: true,
    stopAtErrors: false,
    verbosity: 0,
  }).promise;
  let text = '';
  let truncated = false;
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    const pageText = content.items
      .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
      .join('')
      .trim();
    page.cleanup();
    if (pageText) text += (text ? '\n\n' : '') + pageText;
    if (text.length > cap) {
      text = text.slice(0, cap);
      truncated = true;
      break;
    }
  }
  parentPort.postMessage({ ok: true, text, pages: doc.numPages, truncated });
  await doc.destroy();
} catch (error) {
  const name = error && typeof error === 'object' && 'name' in error ? String(error.name) : 'Error';
  parentPort.postMessage({ ok: false, reason: name === 'PasswordException' ? 'encrypted' : 'corrupt' });
}
