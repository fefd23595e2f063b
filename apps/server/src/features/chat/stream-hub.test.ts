import { afterEach, describe, expect, it, vi } from 'vitest';
import { type HubEvent, MemoryStreamHub } from './stream-hub.js';

describe('MemoryStreamHub', () => {
  const hubs: MemoryStreamHub[] = [];
  const make = (graceMs: number) => {
    const hub = new MemoryStreamHub(graceMs);
    hubs.push(hub);
    return hub;
  };
  afterEach(async () => {
    for (const h of hubs.splice(0)) await h.close();
  });

  it('replays exactly the events after the given id, then follows live ones to [DONE]', async () => {
    const hub = make(60_000);
    await hub.create({ id: 's1', ownerKey: 'guest:1', model: 'gpt-4o', messageId: 1 });
    for (const c of ['a', 'b', 'c']) hub.push('s1', { content: c, message_id: 1, format: 'markdown' });
    const seen: Array<HubEvent | null> = [];
    await hub.attach('s1', 2, (e) => seen.push(e));
    hub.push('s1', { content: 'd', message_id: 1, format: 'markdown' });
    hub.finish('s1');
    expect(seen.map((e) => e?.seq ?? null)).toEqual([3, 4, 5, null]);
    expect(seen[0]?.data).toBe('{"content":"c","message_id":1,"format":"markdown"}');
    expect(seen[2]?.data).toBe('[DONE]');
  });

  it('drops finished streams after the grace period and keeps running ones', async () => {
    const hub = make(1000);
    const started = Date.now();
    for (let i = 0; i < 100; i++) {
      await hub.create({ id: `done-${i}`, ownerKey: 'user:1', model: 'gpt-4o', messageId: null });
      hub.push(`done-${i}`, { content: 'x', message_id: null, format: 'markdown' });
      hub.finish(`done-${i}`);
    }
    await hub.create({ id: 'running', ownerKey: 'user:1', model: 'gpt-4o', messageId: null });
    const finished = Date.now();
    expect(hub.size()).toBe(101);
    // Every stream finished at or after `started`, so none is past its grace yet.
    hub.sweep(started + 999);
    expect(hub.size()).toBe(101);
    // And every one finished at or before `finished`.
    hub.sweep(finished + 1000);
    expect(hub.size()).toBe(1);
    expect(await hub.meta('running')).toBeDefined();
    expect(await hub.attach('done-5', 0, () => {})).toBeNull();
  });

  it('holds finished streams within its budget in bytes: past it the oldest go first, whatever their grace', async () => {
    const hub = new MemoryStreamHub(60_000, { graceBytes: 10_000 });
    hubs.push(hub);
    const finishOne = async (id: string, text: string) => {
      await hub.create({ id, ownerKey: 'guest:4', model: 'gpt-4o', messageId: null });
      hub.push(id, { content: text, message_id: null, format: 'markdown' });
      hub.finish(id);
    };
    for (let i = 0; i < 40; i++) await finishOne(`s${i}`, 'x'.repeat(100));
    expect(hub.heldBytes()).toBeLessThanOrEqual(10_000);
    // Each holds about 0.5 KB (its record and 100 characters): the budget keeps the newest 18 or so.
    const kept = (await Promise.all(Array.from({ length: 40 }, (_, i) => hub.meta(`s${i}`)))).map((m) => m !== undefined);
    const first = kept.indexOf(true);
    expect(first).toBeGreaterThan(10);
    expect(kept.slice(first).every(Boolean)).toBe(true);
    expect(await hub.attach('s0', 0, () => {})).toBeNull();
    // One long comparison takes the room of many short ones, and is itself kept whole.
    await finishOne('long', 'y'.repeat(8_000));
    expect(hub.size()).toBeLessThan(6);
    const seen: Array<HubEvent | null> = [];
    await hub.attach('long', 0, (e) => seen.push(e));
    expect(seen[0]?.data).toBe(JSON.stringify({ content: 'y'.repeat(8_000), message_id: null, format: 'markdown' }));
    // A stream that outgrows the budget alone is not kept at all; the counter never drifts.
    await finishOne('huge', 'z'.repeat(20_000));
    expect(await hub.meta('huge')).toBeUndefined();
    expect(hub.size()).toBe(0);
    expect(hub.heldBytes()).toBe(0);
  });

  it('drops finished streams in the order they finished, each after its own grace, and replays a kept one whole', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    try {
      const hub = make(1000);
      for (const [id, at] of [
        ['old', 0],
        ['mid', 400],
        ['new', 800],
      ] as const) {
        vi.setSystemTime(1_000_000 + at);
        await hub.create({ id, ownerKey: 'guest:3', model: 'gpt-4o', messageId: null });
        for (const piece of [`${id} `, 'reply ', 'text']) hub.push(id, { content: piece, message_id: null, format: 'markdown' });
        hub.finish(id);
      }
      hub.sweep(1_000_000 + 1500);
      expect(await hub.attach('old', 0, () => {})).toBeNull();
      expect(await hub.attach('mid', 0, () => {})).toBeNull();
      const seen: Array<HubEvent | null> = [];
      await hub.attach('new', 0, (e) => seen.push(e));
      expect(seen.map((e) => e?.data ?? null)).toEqual([
        '{"content":"new reply text","message_id":null,"format":"markdown"}',
        '[DONE]',
        null,
      ]);
      // Resumed after its first 4 characters, it gives exactly the rest.
      const rest: Array<HubEvent | null> = [];
      await hub.attach('new', { seq: 1, offset: 4 }, (e) => rest.push(e));
      expect(rest[0]?.data).toBe('{"content":"reply text","message_id":null,"format":"markdown"}');
      expect(hub.size()).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
  it('rewinds readers to the saved text when it abandons a stream whose generator died, live and on replay', async () => {
    const saved = 'Long Detailed';
    const hub = new MemoryStreamHub(60_000, { loadSaved: async () => saved });
    hubs.push(hub);
    await hub.create({ id: 's9', ownerKey: 'guest:9', model: 'gpt-4o', messageId: 9 });
    const live: Array<HubEvent | null> = [];
    await hub.attach('s9', 0, (e) => live.push(e));
    // Sent, but only its first 13 characters were saved before the generator died.
    for (const c of ['Long Detailed', ' and never saved']) hub.push('s9', { content: c, message_id: 9, format: 'markdown' });
    await hub.abandon('s9', { error: 'stopped' }, saved.length);
    const textOf = (events: Array<HubEvent | null>) => {
      let text = '';
      for (const e of events) {
        if (!e || e.data === '[DONE]') continue;
        const event = JSON.parse(e.data) as { content?: string; type?: string; offset?: number };
        if (event.content !== undefined) text += event.content;
        if (event.type === 'rewind') text = text.slice(0, event.offset);
      }
      return text;
    };
    expect(textOf(live)).toBe(saved);
    expect(live.slice(-4).map((e) => e?.data ?? null)).toEqual(['{"type":"rewind","offset":13}', '{"error":"stopped"}', '[DONE]', null]);
    expect(live.at(-4)?.offset).toBe(saved.length);
    // A reader resuming after the first event, once the stream is finished, ends with the same text.
    const first = live[0] as HubEvent;
    const replayed: Array<HubEvent | null> = [first];
    await hub.attach('s9', { seq: first.seq, offset: first.offset }, (e) => replayed.push(e));
    expect(textOf(replayed)).toBe(saved);
  });
});
