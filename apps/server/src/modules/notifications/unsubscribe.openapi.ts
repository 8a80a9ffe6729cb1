import {
  errorResponse,
  pathParameter,
  rateLimited,
  type OpenApiOperation,
} from '../../http/openapi-describe.ts';

/** Where every mail that can be switched off points (`List-Unsubscribe`, decision 0217). */
export const UNSUBSCRIBE_PATH = '/api/mail/unsubscribe/{token}';

const page = (description: string) => ({
  description,
  headers: { 'Cache-Control': { description: '`no-store`.', schema: { type: 'string' } } },
  content: { 'text/html': { schema: { type: 'string' } } },
});

const token = pathParameter(
  'token',
  'The signed token of the link in the mail (user, kind of mail, expiry).',
);

const refusals = {
  400: errorResponse('The link is not valid (reason `unsubscribeLinkInvalid`)'),
  422: errorResponse('The link has expired (reason `unsubscribeLinkExpired`)'),
  ...rateLimited,
};

/** The two routes' OpenAPI operations (their schemas are hidden: they answer HTML and take any form body). */
export const unsubscribeOpenApi: Record<'get' | 'post', OpenApiOperation> = {
  get: {
    operationId: 'mailUnsubscribePage',
    summary: 'The page of an unsubscribe link: a button that switches the mail off',
    description:
      'Changes nothing: link scanners open every URL in a mail. The page’s button sends the POST beside it.',
    tags: ['notification'],
    security: [],
    parameters: [token],
    responses: { 200: page('The page with the button'), ...refusals },
  },
  post: {
    operationId: 'mailUnsubscribe',
    summary: 'Switch the mail off (RFC 8058 one-click)',
    description:
      'What a mail provider sends for `List-Unsubscribe-Post: List-Unsubscribe=One-Click`, without cookies: ' +
      'the signed token is the authority, so no session and no XSRF token. The body is ignored.',
    tags: ['notification'],
    security: [],
    parameters: [token],
    requestBody: {
      required: false,
      content: {
        'application/x-www-form-urlencoded': {
          schema: {
            type: 'object',
            properties: { 'List-Unsubscribe': { type: 'string', const: 'One-Click' } },
          },
        },
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: { 'List-Unsubscribe': { type: 'string', const: 'One-Click' } },
          },
        },
      },
    },
    responses: {
      200: page('Switched off; the page says so'),
      ...refusals,
      404: errorResponse('The account no longer exists (reason `userNotFound`)'),
    },
  },
};
