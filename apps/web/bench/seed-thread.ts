import path from 'node:path';
import Database from 'better-sqlite3';

const REPLY = [
  '## Step by step',
  '',
  'Here is how to approach it, with **the important parts** first and a short *example* below.',
  '',
  '- Start with the data you already have.',
  '- Measure before you change anything.',
  '- Keep each change small.',
  '',
  '```python',
  'def total(items):',
  '    return sum(item.price * item.quantity for item in items)',
  '```',
  '',
  'That is all you need to get going; ask for more detail on any step.',
].join('\n');

/** Writes `count` alternating user/assistant messages straight into a thread of the server's SQLite file. */
export function seedMessages(dataDir: string, threadId: number, count: number): void {
  const db = new Database(path.join(dataDir, 'ensemble.db'));
  db.pragma('busy_timeout = 5000');
  const insert = db.prepare(
    'INSERT INTO messages (thread_id, role, type, content, model, metadata, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const start = Date.now() - count * 60_000;
  db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const at = new Date(start + i * 60_000).toISOString();
      const user = i % 2 === 0;
      insert.run(
        threadId,
        user ? 'user' : 'assistant',
        'text',
        user ? `Question ${i + 1}: how do I total an order?` : `${REPLY}\n\nMessage ${i + 1}.`,
        'gpt-4o',
        user ? null : '{"demo":true}',
        'complete',
        at,
        at,
      );
    }
    db.prepare('UPDATE threads SET message_count = message_count + ? WHERE id = ?').run(count, threadId);
  })();
  db.close();
}
