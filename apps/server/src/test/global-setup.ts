import { buildServerCopy } from './built-server.js';

/** Before any test file: the built server that the multi-process tests start (built-server.ts). */
export default function setup(): void {
  buildServerCopy();
}
