import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { VIEW_LINK_PREFIX } from '@heliograph/shared';
import type { Db } from '../../db/client.js';
import { query, toMs } from '../../db/rows.js';
import type { AuthContext, ViewLinkScope } from '../../http/context.js';

/** Nobody's account: a view link reads as no user (plant shares and owners match no row of it). */
const NO_USER = '00000000-0000-0000-0000-000000000000';

export const hashLinkToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A new token: 32 random bytes, shown once; only its hash is kept. */
export function newLinkToken(): { token: string; hash: string } {
  const token = `${VIEW_LINK_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { token, hash: hashLinkToken(token) };
}

interface LinkRow {
  id: string;
  kind: ViewLinkScope['kind'];
  company_id: string;
  display_id: string | null;
  all_plants: boolean | null;
  plant_id: string | null;
  device_sn: string | null;
}

/**
 * The caller behind a view link's token, or null for an unknown or revoked one. One indexed query per request
 * and no cache: revoking is felt by the very next request on every instance.
 */
export async function authenticateLink(db: Db, token: string): Promise<AuthContext | null> {
  if (token.length > 100) return null;
  const [row] = await query<LinkRow>(
    db,
    sql`select l.id, l.kind, l.company_id, l.display_id, ds.all_plants, l.plant_id, l.device_sn
      from view_link l left join display ds on ds.id = l.display_id
      where l.token_hash = ${hashLinkToken(token)} and l.revoked_at is null`,
  );
  if (!row) return null;
  if (row.kind === 'display' && !row.display_id) return null;
  return {
    userId: NO_USER,
    sessionId: `link:${row.id}`,
    companyId: null,
    role: 'visitor',
    roleId: '',
    permissions: new Set(),
    link: {
      id: row.id,
      kind: row.kind,
      companyId: row.company_id,
      displayId: row.display_id,
      allPlants: row.all_plants === true,
      plantId: row.plant_id,
      deviceSn: row.device_sn,
    },
  };
}

/** The live display link of each display (at most one), for the list. */
export async function displayLinks(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, { id: string; createdAt: number }>> {
  if (ids.length === 0) return new Map();
  const rows = await query<{ id: string; display_id: string; created_at: unknown }>(
    db,
    sql`select id, display_id, created_at from view_link
      where kind = 'display' and revoked_at is null and display_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
  );
  return new Map(rows.map((r) => [r.display_id, { id: r.id, createdAt: toMs(r.created_at) }]));
}

/** Of `linkIds`, those still in force (the live stream checks its viewers once a tick). */
export async function liveLinkIds(db: Db, linkIds: readonly string[]): Promise<Set<string>> {
  if (linkIds.length === 0) return new Set();
  const rows = await query<{ id: string }>(
    db,
    sql`select id from view_link where revoked_at is null and id in (${sql.join(
      linkIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Set(rows.map((r) => r.id));
}
