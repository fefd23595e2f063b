// Worker-thread entry of the demo image pool. Node does not hand the parent's TypeScript loader to
// worker threads (neither inherited nor via --import), so the thread registers tsx itself and then
// loads the TypeScript worker; this works under `tsx` (start, dev) and under the test runner alike.
import { register } from 'tsx/esm/api';

register();
await import('./demo-image-worker.ts');
