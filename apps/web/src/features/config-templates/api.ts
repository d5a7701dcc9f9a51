import type { SettingsProtocol, TemplateInput } from '@heliograph/shared';
import { call } from '../../api/call';

/** Template calls (contracts in packages/shared/src/contracts/config-templates.ts). */
export type { ApplyResult, ConfigTemplate, TemplateInput } from '@heliograph/shared';

export const templateKeys = {
  all: ['configTemplates'] as const,
  list: (q: string, page: number, size: number) => ['configTemplates', q, page, size] as const,
  fields: (protocol: SettingsProtocol) => ['configTemplates', 'fields', protocol] as const,
};

export const templateApi = {
  list: (q: string, page: number, size: number) =>
    call('GET /inverter/config/templates', { query: { ...(q ? { q } : {}), page, size } }),
  fields: (protocol: SettingsProtocol) => call('GET /inverter/config/fields', { query: { protocol } }),
  create: (body: TemplateInput) => call('POST /inverter/config/template', { body }),
  update: (id: string, body: TemplateInput) => call('POST /inverter/config/template/:id', { params: { id }, body }),
  remove: (id: string) => call('POST /inverter/config/template/:id/delete', { params: { id } }),
  apply: (id: string, sns: string[]) =>
    call('POST /inverter/config/template/:id/apply', { params: { id }, body: { sns } }),
};
