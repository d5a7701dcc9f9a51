import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CommandStatus } from '@heliograph/shared';

const COLOUR: Record<CommandStatus, string> = {
  sent: 'processing',
  accepted: 'processing',
  progress: 'processing',
  succeeded: 'success',
  failed: 'error',
  timed_out: 'warning',
};

/** How a command ended, as a coloured tag (the colour is never the only cue: the label says it). */
export function CommandStatusTag({ status }: { status: CommandStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLOUR[status]} data-testid="command-status" data-status={status}>
      {t(`deviceCommon.status.${status}`)}
    </Tag>
  );
}

/** The operation log stores a result as `status` or `status: reason`. */
export function parseResult(result: string): { status: CommandStatus | null; reason: string | null } {
  const [head, ...rest] = result.split(': ');
  const known: readonly string[] = Object.keys(COLOUR);
  return {
    status: head && known.includes(head) ? (head as CommandStatus) : null,
    reason: rest.length > 0 ? rest.join(': ') : null,
  };
}

/** Where a command stands: "sent" while it is on its way, then how it ended; nothing before the first one. */
export function CommandOutcomeTag({ pending, status }: { pending: boolean; status: CommandStatus | undefined }) {
  if (pending) return <CommandStatusTag status="sent" />;
  return status ? <CommandStatusTag status={status} /> : null;
}
