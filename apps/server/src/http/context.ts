import type { BuiltinRole, Lang, PermissionKey } from '@heliograph/shared';

/** Who is calling, established once per request by the access hook. */
export interface AuthContext {
  userId: string;
  sessionId: string;
  companyId: string | null;
  /**
   * The kind of account, for tenancy: a built-in role's key, or for a company's own role the built-in role it
   * follows (`company_staff`, `customer`). What the caller may do is `permissions`, never this.
   */
  role: BuiltinRole;
  /** The role row the permissions came from (a built-in one or the company's own). */
  roleId: string;
  permissions: ReadonlySet<PermissionKey>;
  /**
   * The companies that appointed the caller's company their agent (company_agent), loaded with the caller
   * and forgotten with it when an appointment changes (CallerCache.forgetCompany). `operate`: the agent may
   * change and command there too. None when absent.
   */
  agentFor?: readonly AgentOf[];
  /**
   * A read-only view link (kiosk display or public embed) instead of an account: `role` is `visitor`, no
   * company and no permissions, so every policy that does not know links gives it nothing; the plant policy
   * gives it exactly the link's plants (policies.ts). Only routes that declare `links` accept such a token.
   */
  link?: ViewLinkScope;
}

/**
 * The kinds of read-only view link: a display (kiosk), a public embed of a plant, device or layout, or a LoRa
 * master node's realtime share (its master and sub-nodes).
 */
export type ViewLinkKind = 'display' | 'plant' | 'device' | 'layout' | 'lora';

/** What a view link reaches: one display's plants, or one plant (kinds plant, device, layout). */
export interface ViewLinkScope {
  id: string;
  kind: ViewLinkKind;
  /** The company that made the link: its plants only, even if a listed plant moved since. */
  companyId: string;
  displayId: string | null;
  /** The display shows every plant of the company. */
  allPlants: boolean;
  /** Kinds plant, device and layout: the one plant. */
  plantId: string | null;
  deviceSn: string | null;
}

export interface AgentOf {
  companyId: string;
  operate: boolean;
}

/**
 * A route's access rule: `public` (no token), `signedIn` (any valid token) or a permission key the caller
 * must hold. Declared on every /api route (app.ts refuses to start otherwise).
 */
export type Access = 'public' | 'signedIn' | PermissionKey;

/**
 * Whose rows a route may touch, a closed set checked when a route is registered (an unknown value stops
 * the server from starting) and enforced, as far as it can be without knowing the route, on every request:
 * - `none`: nobody's rows — anonymous calls and server-wide data (dictionaries, catalogues, sign-in). The
 *   only scope a `public` route may declare, since it has no caller whose rows it could reach.
 * - `self`: the caller's own account and settings; needs a signed-in caller.
 * - `company`: rows of the caller's tenant — plants, devices, gateways, templates — each reached only through
 *   the access layer (apps/server/src/access), which answers "does not exist" for a row outside its policy.
 * - `platform`: the whole platform, across tenants; only a platform administrator may call it.
 * Which rows a `company` route reaches depends on its keys, so that part is the access layer's, not the hook's.
 */
export const ROUTE_SCOPES = ['none', 'self', 'company', 'platform'] as const;
export type Scope = (typeof ROUTE_SCOPES)[number];

export function isScope(value: unknown): value is Scope {
  return typeof value === 'string' && (ROUTE_SCOPES as readonly string[]).includes(value);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    scope?: Scope;
    cacheable?: boolean;
    /** The view links (by kind) whose token may call this GET route (their plants only, through the access layer). */
    links?: readonly ViewLinkKind[];
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
