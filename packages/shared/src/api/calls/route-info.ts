/** The shape of one call of the route table, without its schemas (see ../routes.ts). */

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call: anyone, a signed-in user, or an admin. Locked accounts are refused everywhere
 * except on calls with `allowLocked` (the lock check runs before the route, in the auth hooks).
 */
type Access = 'public' | 'user' | 'admin';

/**
 * `json`: a JSON body. `multipart`: multipart/form-data (text fields plus at most one file, see the
 * contract's `multipart`); these calls also take the same fields as JSON. `none`: no body.
 */
type BodyEncoding = 'json' | 'multipart' | 'none';

export interface RouteInfo {
  method: HttpMethod;
  /** Fastify style: `:name` marks a path parameter. */
  path: string;
  access: Access;
  /**
   * Whose role the access rule judges. Default: the user the request acts as. `sessionOwner`: the
   * signed-in account itself, so an admin acting as a resident can still switch back (set-user).
   */
  judgedOn?: 'sessionOwner';
  /** Locked accounts may call it too (session checks, logout, CSRF, log intake). */
  allowLocked?: true;
  /** No CSRF token required: the log beacon cannot set headers (it is size- and rate-limited instead). */
  csrf?: false;
  encoding: BodyEncoding;
  /** `binary`: the answer is a file (image or attachment), not JSON. */
  answer?: 'binary';
  /**
   * An image an `<img src>` of the native app loads, which cannot send a header: a
   * short-lived media ticket in `?mt=` authenticates it instead.
   */
  mediaTicket?: true;
  /** OpenAPI tag and one-line summary. */
  tag:
    | 'auth'
    | 'users'
    | 'admin'
    | 'conversations'
    | 'messages'
    | 'files'
    | 'logs'
    | 'announcements'
    | 'notifications'
    | 'push'
    | 'stats'
    | 'integrations'
    | 'building'
    | 'requests'
    | 'movein';
  summary: string;
  description?: string;
}
