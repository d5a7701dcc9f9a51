import type {
  AgentAppointInput,
  AgentLevel,
  AuditFamily,
  CompanyAddInput,
  CompanyFieldsInput,
  LogoKind,
  PlatformCompanyInput,
} from '@heliograph/shared';
import { ERROR_CODES } from '@heliograph/shared';
import { call } from '../../api/call';

/** The company calls (contracts in packages/shared/src/contracts/companies.ts). */
export type {
  AgentLevel,
  AgentRow,
  AuditFamily,
  AuditRow,
  CompanyInfo,
  CompanyRow,
  LogoKind,
  Manual,
  ServedRow,
} from '@heliograph/shared';

export const companyKeys = {
  info: ['company', 'info'] as const,
  manuals: (q: string, page: number, size: number) => ['company', 'manuals', q, page, size] as const,
  agents: ['company', 'agents'] as const,
  served: ['company', 'served'] as const,
  audit: (filters: AuditFilters) => ['company', 'audit', filters] as const,
  companies: (q: string, page: number, size: number) => ['companies', q, page, size] as const,
};

export interface AuditFilters {
  family?: AuditFamily;
  actor?: string;
  target?: string;
  from?: number;
  to?: number;
  companyId?: string;
  page: number;
  size: number;
}

/** Field errors (code 4) and the business codes each form shows under its fields. */
const FORM = { tolerate: [ERROR_CODES.validation] };

export const companyApi = {
  info: () => call('GET /company/info'),
  edit: (body: CompanyFieldsInput) =>
    call('POST /company/edit', { body }, { tolerate: [ERROR_CODES.validation, ERROR_CODES.companyNameDuplicate] }),
  themeColor: (themeColor: string) => call('POST /company/themeColor', { body: { themeColor } }, FORM),
  uploadLogo: (which: LogoKind, file: File) => {
    const form = new FormData();
    form.append('file', file);
    return call('POST /company/logo/:which', { params: { which }, form }, FORM);
  },
  removeLogo: (which: LogoKind) => call('POST /company/logo/:which/delete', { params: { which } }),

  manuals: (q: string, page: number, size: number) =>
    call('GET /company/manuals', { query: { ...(q ? { q } : {}), page, size } }),
  uploadManual: (title: string, file: File) => {
    const form = new FormData();
    // The title first: the server reads the fields sent before the file.
    form.append('title', title);
    form.append('file', file);
    return call('POST /company/manual', { form }, FORM);
  },
  removeManual: (id: string) => call('POST /company/manual/:id/delete', { params: { id } }),

  agents: () => call('GET /company/agents'),
  served: () => call('GET /company/agents/served'),
  appoint: (body: AgentAppointInput) =>
    call(
      'POST /company/agent',
      { body },
      {
        tolerate: [
          ERROR_CODES.validation,
          ERROR_CODES.accountNotRegistered,
          ERROR_CODES.agentSelf,
          ERROR_CODES.agentInternal,
          ERROR_CODES.agentManager,
          ERROR_CODES.agentOfOthers,
          ERROR_CODES.agentExists,
        ],
      },
    ),
  setLevel: (agentCompanyId: string, level: AgentLevel) =>
    call('POST /company/agent/:agentCompanyId/level', { params: { agentCompanyId }, body: { level } }),
  revoke: (agentCompanyId: string) =>
    call('POST /company/agent/:agentCompanyId/delete', { params: { agentCompanyId } }),

  audit: ({ page, size, ...filters }: AuditFilters) =>
    call('GET /company/audit', { query: { ...filters, page, size } }),

  companies: (q: string, page: number, size: number) =>
    call('GET /companies', { query: { ...(q ? { q } : {}), page, size } }),
  addCompany: (body: CompanyAddInput) =>
    call(
      'POST /company/add',
      { body },
      {
        tolerate: [
          ERROR_CODES.validation,
          ERROR_CODES.companyNameDuplicate,
          ERROR_CODES.accountExists,
          ERROR_CODES.accountOtherCompany,
        ],
      },
    ),
  editCompany: (id: string, body: PlatformCompanyInput) =>
    call(
      'POST /companies/:id',
      { params: { id }, body },
      { tolerate: [ERROR_CODES.validation, ERROR_CODES.companyNameDuplicate] },
    ),
};
