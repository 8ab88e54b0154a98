/**
 * The server's messages the web's first chunk also needs (the API client's and the session's own
 * failures): apart from the rest so the student home does not load them all
 * (docs/decisions/109-i18n.md). Keys start with 'msg.' like the rest of the server's.
 */
export const basics = {
  'msg.unauthorized': 'Unauthorized',
  'msg.tryLater': 'Please try after few minutes.',
  'msg.someError': 'Some error occured. Try again later.',
  'msg.errorFetching': 'Error fetching data',
  'msg.noToken': 'No token',
  'msg.noRoles': 'User has no roles',
} as const;
