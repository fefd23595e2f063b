import { isDependencyOutage } from '../../plugins/dependency-outage.js';
import { AppError, ERROR_CODES, MESSAGES } from '@ensemble/shared';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/** OpenAI's error body: `{"error":{"message","type","param","code"}}`, which every OpenAI client reads. */
export interface OpenAIErrorBody {
  error: { message: string; type: string; param: string | null; code: string | null };
}

/** An error our developer API answers in OpenAI's shape: its status, type and code are OpenAI's, never ours. */
export class OpenAIError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly code: string | null,
    message: string,
    readonly param: string | null = null,
  ) {
    super(message);
    this.name = 'OpenAIError';
  }
}

/** 400 for a parameter we do not support (e.g. `n` > 1, `tools`, `response_format`). */
export const unsupportedParameter = (param: string, detail = `The parameter '${param}' is not supported by Ensemble's API.`) =>
  new OpenAIError(400, 'invalid_request_error', 'unsupported_parameter', detail, param);

/** 404 for a model id the key's owner cannot use at this endpoint. */
export const modelNotFound = (model: string, detail = `The model '${model}' does not exist or you do not have access to it.`) =>
  new OpenAIError(404, 'invalid_request_error', 'model_not_found', detail, 'model');

/** 400 for a request OpenAI would also refuse as invalid. */
export const invalidRequest = (message: string, param: string | null = null, code: string | null = null) =>
  new OpenAIError(400, 'invalid_request_error', code, message, param);

// Our error codes as OpenAI's: a bad key is 401 invalid_api_key; every credit guardrail is 402 with its own code
// (a status the SDK raises as its base APIError); limits are 429; busy and draining 503.
const BY_CODE: Partial<Record<keyof typeof ERROR_CODES, { type: string; code: string | null }>> = {
  bad_request: { type: 'invalid_request_error', code: null },
  unauthorized: { type: 'invalid_request_error', code: 'invalid_api_key' },
  credits_exhausted: { type: 'insufficient_quota', code: 'credits_exhausted' },
  budget_reached: { type: 'insufficient_quota', code: 'budget_reached' },
  daily_cap_reached: { type: 'insufficient_quota', code: 'daily_cap_reached' },
  key_limit_reached: { type: 'insufficient_quota', code: 'key_limit_reached' },
  forbidden: { type: 'permission_error', code: 'forbidden' },
  account_suspended: { type: 'permission_error', code: 'account_suspended' },
  not_found: { type: 'invalid_request_error', code: 'not_found' },
  payload_too_large: { type: 'invalid_request_error', code: 'payload_too_large' },
  rate_limited: { type: 'requests', code: 'rate_limit_exceeded' },
  bad_gateway: { type: 'server_error', code: 'upstream_error' },
  unavailable: { type: 'server_error', code: 'service_unavailable' },
  timeout: { type: 'server_error', code: 'timeout' },
};

/** Any error thrown while answering a /v1 call, as OpenAI's status and body. */
export function toOpenAIError(error: unknown, request: FastifyRequest): { status: number; body: OpenAIErrorBody } {
  const body = (message: string, type: string, code: string | null, param: string | null = null): OpenAIErrorBody => ({
    error: { message, type, param, code },
  });
  if (error instanceof OpenAIError) return { status: error.status, body: body(error.message, error.type, error.code, error.param) };
  if (error instanceof AppError) {
    const exposed = ERROR_CODES[error.code].expose;
    if (!exposed) request.log.error({ err: error, reqId: request.id }, 'internal error');
    // The chat's unknown-model answer is a 400 there; here it is OpenAI's 404.
    if (error.message === MESSAGES.modelNotFound) {
      const model = (request.body as { model?: unknown } | undefined)?.model;
      const e = modelNotFound(typeof model === 'string' ? model : '');
      return { status: e.status, body: body(e.message, e.type, e.code, e.param) };
    }
    const mapped = BY_CODE[error.code] ?? { type: 'server_error', code: null };
    const message = exposed ? error.message : `Something went wrong on our side (reference ${request.id}).`;
    return { status: error.status, body: body(message, mapped.type, mapped.code) };
  }
  const e = error as FastifyError & {
    validation?: Array<{ instancePath?: string; message?: string; params?: { issue?: { path?: PropertyKey[] } } }>;
  };
  if (e.validation) {
    const first = e.validation[0];
    const param =
      first?.params?.issue?.path?.map(String).join('.') || (first?.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || null;
    const message = `Invalid request: ${param ? `${param}: ` : ''}${first?.message ?? 'is invalid'}`;
    return { status: 400, body: body(message, 'invalid_request_error', null, param) };
  }
  switch (e.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, body: body('We could not parse the JSON body of your request.', 'invalid_request_error', null) };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, body: body('The request body is too large.', 'invalid_request_error', 'payload_too_large') };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, body: body('Send the request body as application/json.', 'invalid_request_error', null) };
  }
  if (error instanceof SyntaxError)
    return { status: 400, body: body('We could not parse the JSON body of your request.', 'invalid_request_error', null) };
  const status = e.statusCode ?? 500;
  if (status >= 400 && status < 500) return { status, body: body(e.message || 'Bad request', 'invalid_request_error', null) };
  if (isDependencyOutage(error)) {
    request.log.warn({ err: error, reqId: request.id }, 'a service underneath did not answer');
    return { status: 503, body: body(MESSAGES.serviceBusy, 'server_error', 'service_unavailable') };
  }
  request.log.error({ err: error, reqId: request.id }, 'unhandled error');
  return { status: 500, body: body(`Something went wrong on our side (reference ${request.id}).`, 'server_error', null) };
}

/** The /v1 error handler: OpenAI's shape for everything (headers such as Retry-After set before the throw stay). */
export function sendOpenAIError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const { status, body } = toOpenAIError(error, request);
  if (status === 503 && !reply.hasHeader('Retry-After')) reply.header('Retry-After', '5');
  return reply.code(status).send(body);
}
