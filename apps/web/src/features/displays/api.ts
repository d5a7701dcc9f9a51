import type { DisplayInput, EmbedKind } from '@heliograph/shared';
import { call, routeUrl } from '../../api/call';

/** Display calls (contracts in packages/shared/src/contracts/displays.ts). */
export type { Display, DisplayData, DisplayInput, DisplayTotals, DisplayStyle, DisplayPage } from '@heliograph/shared';

export const displayKeys = {
  all: ['displays'] as const,
  list: (q: string, page: number, size: number) => ['displays', 'list', q, page, size] as const,
  data: (id: string, token: string) => ['displays', 'data', id, token] as const,
  embeds: (plantId: string) => ['displays', 'embeds', plantId] as const,
};

export const displayApi = {
  list: (q: string, page: number, size: number) =>
    call('GET /fullscreen/list', { query: { ...(q ? { keyword: q } : {}), page, size } }),
  create: (body: DisplayInput) => call('POST /fullscreen/add', { body }),
  update: (id: string, body: DisplayInput) => call('POST /fullscreen/display/:id', { params: { id }, body }),
  remove: (id: string) => call('POST /fullscreen/display/:id/delete', { params: { id } }),
  uploadLogo: (id: string, file: File) => {
    const form = new FormData();
    form.append('file', file);
    return call('POST /fullscreen/display/:id/logo', { params: { id }, form });
  },
  removeLogo: (id: string) => call('POST /fullscreen/display/:id/logo/delete', { params: { id } }),
  newLink: (id: string) => call('POST /fullscreen/display/:id/link', { params: { id } }),
  revokeLink: (id: string) => call('POST /fullscreen/display/:id/link/revoke', { params: { id } }),
  /** With a display link's token (`bearer`), or the session's when signed in. */
  data: (id: string, bearer: string | undefined) =>
    call('GET /fullscreen/display/:id/data', { params: { id } }, { silent: true, ...(bearer ? { bearer } : {}) }),
  plants: (keyword: string) => call('GET /plants', { query: { keyword, page: 1, size: 20 } }),
  embeds: (plantId: string) => call('GET /fullscreen/embeds', { query: { plantId } }),
  newEmbed: (plantId: string, kind: EmbedKind, sn?: string) =>
    call('POST /fullscreen/embed', { body: { kind, plantId, ...(sn ? { sn } : {}) } }),
  inverters: (plantId: string) => call('GET /inverters', { query: { plantId, page: 1, size: 100 } }),
  embeddedFlow: (sn: string, bearer: string | undefined) =>
    call('GET /inverter/:sn/flow', { params: { sn } }, { silent: true, ...(bearer ? { bearer } : {}) }),
  revokeEmbed: (id: string) => call('POST /fullscreen/embed/:id/revoke', { params: { id } }),
  /** The public plant-flow view's reads, with the plant's embed link. */
  embeddedPlant: (id: string, bearer: string | undefined) =>
    call('GET /plant/:id', { params: { id } }, { silent: true, ...(bearer ? { bearer } : {}) }),
  embeddedRealtime: (id: string, bearer: string | undefined) =>
    call('GET /plant/:id/realtime', { params: { id } }, { silent: true, ...(bearer ? { bearer } : {}) }),
};

/**
 * The public view of an embed link (spec §2.1): a plant's flow (/plantFlow), its layout (/plantLayout) or one
 * inverter's flow (/deviceFlow).
 */
export function embedUrl(
  kind: EmbedKind,
  plantId: string,
  token: string,
  opts: { sn?: string; origin?: string } = {},
): string {
  const origin = opts.origin ?? '';
  if (kind === 'device') return `${origin}/deviceFlow?${new URLSearchParams({ sn: opts.sn ?? '', token }).toString()}`;
  return `${origin}/${kind === 'layout' ? 'plantLayout' : 'plantFlow'}?${new URLSearchParams({ id: plantId, token }).toString()}`;
}

export const displayLivePath = (id: string): string => routeUrl('GET /fullscreen/display/:id/live', { id });
