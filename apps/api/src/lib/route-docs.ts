import { errorBodySchema } from '@eclat/shared';

/** OpenAPI: the route needs a bearer token. */
export const bearer = [{ bearerAuth: [] }];

/** OpenAPI: the error responses a guarded route can give, all in the one error shape. */
export const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
};
