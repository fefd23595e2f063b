import { AppError, MESSAGES } from '@ensemble/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { countChatRefusedBusy } from '../../metrics/metrics.js';
import type { Busy } from './running.js';
import type { ChatStreams } from './streams.js';

// While draining, a client is told to come back shortly (by then the balancer routes elsewhere).
const DRAIN_RETRY_AFTER_S = 5;
// Streams last seconds: a refused chat is worth retrying soon.
const BUSY_RETRY_AFTER_S = 2;

function refuseBusy(reply: FastifyReply, reason: Busy = 'limit'): never {
  countChatRefusedBusy(reason);
  reply.header('Retry-After', String(BUSY_RETRY_AFTER_S));
  throw new AppError('unavailable', MESSAGES.serviceBusy);
}

function refuseDraining(reply: FastifyReply): never {
  reply.header('Retry-After', String(DRAIN_RETRY_AFTER_S));
  throw new AppError('unavailable', MESSAGES.serverDraining);
}

/**
 * A full (or lagging, or draining) instance refuses a reply at the headers, before any body is read or session
 * looked up (an onRequest hook). Nothing is taken here: see inChatSlot.
 */
export function refuseWhenFull(streams: ChatStreams, reply: FastifyReply): void {
  if (streams.draining) refuseDraining(reply);
  const busy = streams.running.busy();
  if (busy) refuseBusy(reply, busy);
}

/**
 * Runs a reply's start in one of the instance's slots (503 with Retry-After when none is free): a slot goes only to a
 * request whose body is in and whose caller is known, so connections that trickle their bodies hold no slot (issue
 * 36). A streamed reply keeps its slot until it ends.
 */
export async function inChatSlot<T extends { data?: { stream_id?: string } }>(
  streams: ChatStreams,
  request: FastifyRequest,
  reply: FastifyReply,
  start: () => Promise<T>,
): Promise<T> {
  const slot = streams.running.reserve();
  const release = typeof slot === 'function' ? slot : refuseBusy(reply, slot);
  try {
    // A drain began since the headers came, or the client left: nothing is charged (and no one would read the answer).
    if (streams.draining) refuseDraining(reply);
    if (request.socket.destroyed) throw new AppError('unavailable', MESSAGES.serviceBusy);
    const answer = await start();
    const streamId = answer.data?.stream_id;
    const running = streamId ? streams.running.whenDone(streamId) : undefined;
    if (running) running.then(release, release);
    else release();
    return answer;
  } catch (error) {
    release();
    throw error;
  }
}
