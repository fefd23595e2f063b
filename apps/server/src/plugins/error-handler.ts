import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, ERROR_CODES, MESSAGES, describeMessage } from '@ensemble/shared';
import { isDependencyOutage } from './dependency-outage.js';

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[] } };
}

/** Turns a schema failure into "body.email: must be an e-mail address", naming each field. */
function describeValidation(context: string | undefined, issues: ValidationIssue[]): string {
  const parts = issues.slice(0, 5).map((i) => {
    const fromPath = i.params?.issue?.path?.map(String).join('.');
    const field = fromPath || (i.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    const where = [context, field].filter(Boolean).join('.');
    return `${where || 'request'}: ${i.message ?? 'is invalid'}`;
  });
  return `Invalid request: ${parts.join('; ')}`;
}

/** A request refused because a service underneath did not answer may come back after this long. */
const OUTAGE_RETRY_AFTER_S = 5;

/** The one error handler: JSON for every /api failure, 5xx detail logged and hidden. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  // An answer whose message is one of the spec's says which (message_code) and with what values (params): a client
  // shows it in its reader's language; the English message stays for everyone else.
  app.addHook('preSerialization', async (_request, _reply, payload: unknown) => {
    if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return payload;
    const body = payload as { message?: unknown; message_code?: unknown };
    if (typeof body.message !== 'string' || body.message_code !== undefined) return payload;
    const described = describeMessage(body.message);
    return described ? { ...body, ...described } : payload;
  });
  app.setErrorHandler((error: FastifyError & { validationContext?: string }, request, reply) => {
    if (error instanceof AppError) {
      const exposed = ERROR_CODES[error.code].expose;
      if (!exposed) request.log.error({ err: error, reqId: request.id }, 'internal error');
      const status = error.code === 'credits_exhausted' ? 'credits_exhausted' : error.code === 'unauthorized' ? 'unauthorized' : 'error';
      return reply.code(error.status).send({
        status,
        message: exposed ? error.message : `Something went wrong on our side (reference ${request.id}).`,
        code: error.code,
        ...(exposed ? error.extra : {}),
      });
    }
    if (error.validation) {
      return reply.code(400).send({
        status: 'error',
        code: 'bad_request',
        message: describeValidation(error.validationContext, error.validation as ValidationIssue[]),
      });
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return reply.code(400).send({ status: 'error', code: 'bad_request', message: 'Malformed JSON in request body' });
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.code(400).send({ status: 'error', code: 'bad_request', message: 'Empty JSON body' });
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.code(413).send({ status: 'error', code: 'payload_too_large', message: 'Request body is larger than 1 MB' });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.code(415).send({ status: 'error', code: 'bad_request', message: 'Unsupported content type; send application/json' });
    }
    if (error instanceof SyntaxError) {
      return reply.code(400).send({ status: 'error', code: 'bad_request', message: 'Malformed JSON in request body' });
    }
    const statusCode = error.statusCode ?? 500;
    if (statusCode >= 400 && statusCode < 500) {
      return reply.code(statusCode).send({ status: 'error', message: error.message || 'Bad request' });
    }
    if (isDependencyOutage(error)) {
      // The database, Redis or storage did not answer: worth trying again in a moment (GET /api/ready says which).
      request.log.warn({ err: error, reqId: request.id }, 'a service underneath did not answer');
      return reply
        .code(503)
        .header('Retry-After', String(OUTAGE_RETRY_AFTER_S))
        .send({ status: 'error', code: 'unavailable', message: MESSAGES.serviceBusy });
    }
    request.log.error({ err: error, reqId: request.id }, 'unhandled error');
    return reply
      .code(500)
      .send({ status: 'error', code: 'internal', message: `Something went wrong on our side (reference ${request.id}).` });
  });
});
