import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../test/app-factory.js';

describe('answers carrying one of the spec’s messages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('name it with message_code and its values with params, keeping the English message', async () => {
    const guest = t.client();
    const short = await guest.post('/api/credits/check_credits.php', { required_credits: 30 });
    expect(short.data).toMatchObject({
      message:
        'Insufficient anonymous credits. This model requires 30 credit(s), but you only have 25 remaining. Sign up to get 100 free credits!',
      message_code: 'insufficientGuestCredits',
      params: { need: 30, have: 25 },
    });

    const operatorsOnly = await guest.get('/api/admin/me.php');
    expect(operatorsOnly.statusCode).toBe(403);
    expect(operatorsOnly.data).toEqual({
      status: 'error',
      code: 'forbidden',
      message: 'This page is for operators only.',
      message_code: 'operatorsOnly',
    });
  });

  it('add nothing to a message of their own', async () => {
    const res = await t.client().request({
      method: 'POST',
      url: '/api/credits/check_credits.php',
      payload: '{oops',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.data).toEqual({ status: 'error', code: 'bad_request', message: 'Malformed JSON in request body' });
  });
});
