import { parentPort } from 'node:worker_threads';
import { type DemoImageInput, drawDemoImage } from './demo-image.js';

/** A job from the pool: the drawing's input, tagged with the pool's job id. */
export interface DemoImageJob {
  id: number;
  input: DemoImageInput;
}

/** The answer: the PNG bytes (transferred, not copied) or the failure's text. */
export type DemoImageAnswer = { id: number; bytes: Uint8Array } | { id: number; error: string };

// Worker thread entry: draws one picture per message, off the server's event loop.
parentPort?.on('message', (job: DemoImageJob) => {
  try {
    const bytes = drawDemoImage(job.input);
    parentPort?.postMessage({ id: job.id, bytes } satisfies DemoImageAnswer, [bytes.buffer as ArrayBuffer]);
  } catch (error) {
    parentPort?.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error) } satisfies DemoImageAnswer);
  }
});
