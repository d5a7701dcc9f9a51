import type { SettingField, SettingsProtocol, SettingValue } from '@heliograph/shared';
import { api } from '../../api/client';

/** Shapes of apps/server/src/modules/config-templates/routes.ts. */
export interface ConfigTemplate {
  id: string;
  name: string;
  protocol: SettingsProtocol;
  model: string;
  values: Record<string, SettingValue>;
  updatedAt: number;
}

export interface TemplateInput {
  name: string;
  protocol: SettingsProtocol;
  model: string;
  values: Record<string, SettingValue>;
}

export interface ApplyResult {
  sn: string;
  status: 'sent' | 'accepted' | 'progress' | 'succeeded' | 'failed' | 'timed_out' | 'refused';
  code: number | null;
  error: string | null;
  commandId: string | null;
}

export const templateKeys = {
  all: ['configTemplates'] as const,
  list: (q: string, page: number, size: number) => ['configTemplates', q, page, size] as const,
  fields: (protocol: SettingsProtocol) => ['configTemplates', 'fields', protocol] as const,
};

export const templateApi = {
  list: (q: string, page: number, size: number) =>
    api.get<{ total: number; rows: ConfigTemplate[] }>('/api/v1/inverter/config/templates', {
      ...(q ? { q } : {}),
      page,
      size,
    }),
  fields: (protocol: SettingsProtocol) => api.get<SettingField[]>('/api/v1/inverter/config/fields', { protocol }),
  create: (body: TemplateInput) => api.post<ConfigTemplate>('/api/v1/inverter/config/template', body),
  update: (id: string, body: TemplateInput) => api.post<ConfigTemplate>(`/api/v1/inverter/config/template/${id}`, body),
  remove: (id: string) => api.post<null>(`/api/v1/inverter/config/template/${id}/delete`),
  apply: (id: string, sns: string[]) =>
    api.post<ApplyResult[]>(`/api/v1/inverter/config/template/${id}/apply`, { sns }),
};
