import { MSG } from '@manabi/shared';
import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors';
import { JsonTooDeepError } from '../../platform/json-body';
import { isRaceLost } from '../../platform/sql';

/** What a client hears when its act met another on the same person and the database refused it. */
const RACE_LOST =
  'ほかの操作と重なったため、処理できませんでした。画面を読み込み直してから、もう一度お試しください。';

/**
 * One error routing for every call: a schema's refusal is 422 with each field's message, an AppError its
 * own status and body, a client's mistake its 4xx in plain words, anything else a logged 500.
 */
export default fp(
  async (app) => {
    app.setErrorHandler((err: FastifyError, req, reply) => {
      if (hasZodFastifySchemaValidationErrors(err)) {
        const errList = err.validation.map((v) => ({
          name: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
          msg: v.message ?? MSG.required,
        }));
        return reply
          .code(422)
          .send({ code: 'VALIDATION', message: errList[0]?.msg ?? '', is_valid: false, err_list: errList });
      }
      if (err instanceof AppError) {
        if (err.status >= 500) req.log.error({ err }, 'app error');
        return reply.code(err.status).send(err.toBody());
      }
      if (err.statusCode === 429) {
        return reply.code(429).send({ code: 'RATE_LIMITED', message: MSG.tooManyRequests });
      }
      if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
        // malformed or too deeply nested JSON, too large a body, unsupported media type: the client's
        // mistake, said plainly
        const message =
          err instanceof JsonTooDeepError
            ? err.message
            : err.statusCode === 413
              ? '送信されたデータが大きすぎます。'
              : '送信された内容を読み取れませんでした。';
        return reply
          .code(err.statusCode)
          .send({ code: 'VALIDATION', message, is_valid: false, err_list: [] });
      }
      if (isRaceLost(err)) {
        req.log.warn({ err }, 'race lost');
        return reply.code(409).send({ code: 'CONFLICT', message: RACE_LOST });
      }
      req.log.error({ err }, 'unhandled error');
      return reply.code(500).send({ code: 'INTERNAL', message: MSG.internal });
    });
  },
  { name: 'errors' },
);
