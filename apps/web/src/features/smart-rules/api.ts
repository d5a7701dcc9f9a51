import type { RuleFilters, RuleInput } from '@heliograph/shared';
import { call } from '../../api/call';

/** Smart rule calls (contracts in packages/shared/src/contracts/smart-rules.ts). */
export type {
  ActionKind,
  RuleAction,
  RuleActionOutcome,
  RuleCondition,
  RuleInput,
  RuleRow,
  RuleRun,
  RuleTrigger,
} from '@heliograph/shared';

export interface RuleListQuery {
  q: string;
  plantId: string | undefined;
  enabled: boolean | undefined;
  action: RuleFilters['action'];
  page: number;
  size: number;
}

export const ruleKeys = {
  all: ['smart-rules'] as const,
  list: (q: RuleListQuery) => ['smart-rules', 'list', q] as const,
  runs: (id: string, page: number) => ['smart-rules', 'runs', id, page] as const,
};

const str = (b: boolean | undefined) => (b === undefined ? undefined : b ? ('true' as const) : ('false' as const));

export const ruleApi = {
  list: (q: RuleListQuery) =>
    call('GET /smart/rule/page', {
      query: {
        q: q.q || undefined,
        plantId: q.plantId,
        enabled: str(q.enabled),
        action: q.action,
        page: q.page,
        size: q.size,
      },
    }),
  runs: (id: string, page: number, size: number) =>
    call('GET /smart/rule/:id/runs', { params: { id }, query: { page, size } }),
  create: (body: RuleInput) => call('POST /smart/rule/create', { body }),
  update: (id: string, body: RuleInput) => call('POST /smart/rule/update', { body: { id, ...body } }),
  enable: (id: string, enabled: boolean) => call('POST /smart/rule/enable', { body: { id, enabled } }),
  remove: (id: string) => call('POST /smart/rule/delete', { body: { id } }),
};
