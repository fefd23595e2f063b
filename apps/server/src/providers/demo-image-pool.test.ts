import { afterAll, describe, expect, it } from 'vitest';
import { drawDemoImage } from './demo-image.js';
import { DemoImagePool } from './demo-image-pool.js';

describe('demo image pool', () => {
  const pool = new DemoImagePool(2);
  afterAll(async () => pool.close());

  it('draws on worker threads exactly the picture drawn in-process', async () => {
    const input = { modelId: 'flux', prompt: 'A lighthouse at dusk', width: 320, height: 180 };
    const fromWorker = await pool.draw(input);
    expect(Buffer.from(fromWorker).equals(Buffer.from(drawDemoImage(input)))).toBe(true);
    expect(Buffer.from(fromWorker.subarray(1, 4)).toString('ascii')).toBe('PNG');
  });

  it('queues more pictures than workers and answers each with its own', async () => {
    const inputs = Array.from({ length: 6 }, (_, i) => ({ modelId: 'sdxl', prompt: `Picture ${i}`, width: 96 + i, height: 64 }));
    const drawn = await Promise.all(inputs.map((input) => pool.draw(input)));
    // PNG width sits at bytes 16..19 of the IHDR chunk.
    expect(drawn.map((png) => Buffer.from(png).readUInt32BE(16))).toEqual(inputs.map((i) => i.width));
  });

  it('fails waiting jobs when closed, and is not needed to keep the process alive', async () => {
    const closing = new DemoImagePool(1);
    const jobs = Array.from({ length: 3 }, (_, i) => closing.draw({ modelId: 'flux', prompt: `p${i}`, width: 1792, height: 1024 }));
    const settled = Promise.allSettled(jobs);
    await closing.close();
    const results = await settled;
    expect(results.filter((r) => r.status === 'rejected').length).toBeGreaterThanOrEqual(2);
  });
});
