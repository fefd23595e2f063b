import { createContext } from 'react';

/**
 * True while the reply around a block is still arriving (or still typing out). Work that cannot be
 * split into short tasks, such as drawing a Mermaid diagram, waits for the reply to end so that
 * streaming never stalls.
 */
export const ReplyStreaming = createContext(false);
