import { apiInput } from '@manabi/shared';
import fp from 'fastify-plugin';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { installJsonBodyParser } from '../../platform/json-body';

/**
 * Every body and query passes through the shared input rules (JSON numbers and booleans read as the text
 * the forms hold, control characters refused): validation/json-input.ts decides, once. Answers are
 * serialised by their zod schemas; JSON bodies are refused past a nesting depth before anything walks them.
 */
export default fp(
  async (app) => {
    app.setValidatorCompiler<z.ZodType>((route) =>
      validatorCompiler({
        ...route,
        schema:
          route.httpPart === 'body' || route.httpPart === 'querystring'
            ? apiInput(route.schema)
            : route.schema,
      }),
    );
    app.setSerializerCompiler(serializerCompiler);
    installJsonBodyParser(app);
  },
  { name: 'validation' },
);
