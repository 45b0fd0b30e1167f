// What never reaches a log line, by field name, at any of the first three levels of a line's fields
// (pino's redaction: fast and path-based, so deeper secrets must not be logged in the first place).
// Nothing logs request headers or bodies today; these names are the net under a future mistake.

export const REDACTED = '[redacted]';

/** Names of fields that hold a secret: passwords, mailed codes, tokens, cookies, keys. */
export const SECRET_FIELDS = [
  'password',
  'new_password',
  'new_password_confirmation',
  'old_password',
  'current_password',
  'password_confirmation',
  'code',
  'token',
  'csrf_token',
  'csrfToken',
  'access_token',
  'refresh_token',
  'id_token',
  'cookie',
  'set-cookie',
  'authorization',
  'x-csrf-token',
  'bearer',
  'secret',
  'client_secret',
  'clientSecret',
  'webhookSecret',
  'botToken',
  'privateKey',
  'private_key',
  'secretAccessKey',
  'tokenKey',
  'deviceCookieKey',
  'mailQueueKey',
  'integrationTokens',
] as const;

const pathOf = (prefix: string, name: string) =>
  /^[A-Za-z_]\w*$/.test(name) ? `${prefix}${name}` : `${prefix}["${name}"]`;

export const redactPaths: string[] = SECRET_FIELDS.flatMap((name) => [
  pathOf('', name),
  pathOf('*.', name),
  pathOf('*.*.', name),
]);
