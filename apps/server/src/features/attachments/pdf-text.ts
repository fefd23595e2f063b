import { Worker } from 'node:worker_threads';

/** What a PDF yields: its text (capped) or why it could not be read. */
export type PdfText =
  | { ok: true; text: string; pages: number; truncated: boolean }
  | { ok: false; reason: 'corrupt' | 'encrypted' | 'timeout' };

const ENTRY = new URL('./pdf-text-thread.mjs', import.meta.url);
const TIMEOUT_MS = 30_000;

/**
 * Extracts a PDF's text with pdfjs-dist (legacy build for Node) in a worker thread of its own, so a
 * large or hostile file never blocks the event loop; the worker ends with the job (or its deadline).
 */
export function extractPdfText(bytes: Uint8Array, cap: number): Promise<PdfText> {
  return new Promise((resolve) => {
    const copy = new Uint8Array(bytes);
    const worker = new Worker(ENTRY, {
      workerData: { bytes: copy, cap },
      transferList: [copy.buffer],
      resourceLimits: { maxOldGenerationSizeMb: 256 },
    });
    let done = false;
    const finish = (result: PdfText) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(result);
    };
    const timer = setTimeout(() => finish({ ok: false, reason: 'timeout' }), TIMEOUT_MS);
    worker.once('message', (m: PdfText) => finish(m));
    worker.once('error', () => finish({ ok: false, reason: 'corrupt' }));
    worker.once('exit', () => finish({ ok: false, reason: 'corrupt' }));
  });
}
