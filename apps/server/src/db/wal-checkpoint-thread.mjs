// Worker-thread entry of SQLite's WAL checkpoints (plain JavaScript, so it runs as it is from source
// and from dist/). On a connection of its own it copies the write-ahead log's pages into the database
// file every `everyMs`, with the passive mode SQLite's automatic checkpoint uses: it never waits for
// a reader or a writer. The server's thread, whose commits would otherwise stop for the copy and its
// two fsyncs, only writes to the log. Told to empty the log (while the server's connection is held
// idle), it copies the rest so that the log starts again. Ends when told to stop, closing its connection.
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

const { file, everyMs } = workerData;
// A RESTART checkpoint waits for readers this long at most (a passive one never waits): past it, the
// server's connection is let go and the next checkpoint tries again.
const db = new SQLite(file, { timeout: 250 });
const pageSize = db.pragma('page_size', { simple: true });
const checkpoint = () => {
  try {
    const [row] = db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ log: row.log, checkpointed: row.checkpointed, pageSize });
  } catch {
    // A disk error or a database gone: the next round tries again; the server's own writes go on.
  }
};
const timer = setInterval(checkpoint, everyMs);
checkpoint();
parentPort.on('message', (m) => {
  if (m === 'empty') {
    // Sent while the server's connection is held idle: copies the rest of the log, so that the
    // server's next commit starts the log again from its beginning (the file is not truncated,
    // which took longer the larger it was; the server's journal_size_limit caps it).
    let emptied = false;
    try {
      const [row] = db.pragma('wal_checkpoint(RESTART)');
      emptied = row.busy === 0;
    } catch {}
    parentPort.postMessage({ emptied });
    return;
  }
  if (m !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort.close();
});
