import type { FastifyRequest } from 'fastify';

// Query parameters that carry a live secret: a password-reset token in the link a mail sends.
const SECRET_PARAMS = /([?&](?:token|reset_token)=)[^&#]*/gi;

/** A URL fit for the logs: the value of every secret query parameter replaced by [redacted]. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}

/** pino serializers for Fastify's request logs: what the default logs, with secrets taken out of the URL. */
export const logSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};
