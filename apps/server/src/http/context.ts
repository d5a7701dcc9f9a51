import type { BuiltinRole, Lang, PermissionKey } from '@heliograph/shared';

/** Who is calling, established once per request by the access hook. */
export interface AuthContext {
  userId: string;
  sessionId: string;
  companyId: string | null;
  role: BuiltinRole;
  permissions: ReadonlySet<PermissionKey>;
}

/**
 * A route's access rule: `public` (no token), `signedIn` (any valid token) or a permission key the caller
 * must hold. Declared on every /api route (app.ts refuses to start otherwise).
 */
export type Access = 'public' | 'signedIn' | PermissionKey;

/**
 * Whose rows a route may touch: `none` (anonymous or server-wide data), `self` (the caller's own account),
 * `company` (the caller's tenant). Later features add `plant` and `device`; a row outside the scope is
 * answered as "does not exist".
 */
export type Scope = 'none' | 'self' | 'company';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    scope?: Scope;
  }
  interface FastifyRequest {
    lang: Lang;
    auth: AuthContext | null;
  }
}

export function requireAuth(auth: AuthContext | null): AuthContext {
  // The access hook has already answered 401 for a missing token on non-public routes.
  if (!auth) throw new Error('requireAuth on a public route');
  return auth;
}
