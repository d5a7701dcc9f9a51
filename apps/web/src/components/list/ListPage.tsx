import { App, Button, Empty, Grid } from 'antd';
import type { ButtonProps } from 'antd';

export interface ListPageProps {
  /** The heading's id (the section is labelled by it). */
  titleId: string;
  title: string;
  hint?: React.ReactNode;
  /** Buttons at the end of the header (create, upload). */
  actions?: React.ReactNode;
  /** Extra class names of the card. */
  className?: string;
  'data-testid'?: string;
  children: React.ReactNode;
}

/** A list page's card: its heading with a hint and the header's buttons, then the toolbar and table it holds. */
export function ListPage({
  titleId,
  title,
  hint,
  actions,
  className,
  'data-testid': testId,
  children,
}: ListPageProps): React.JSX.Element {
  return (
    <section
      className={className ? `hg-page-card ${className}` : 'hg-page-card'}
      aria-labelledby={titleId}
      data-testid={testId}
    >
      <header className="hg-page-header">
        <div>
          <h1 id={titleId} className="hg-page-title">
            {title}
          </h1>
          {hint ? <p className="hg-page-hint">{hint}</p> : null}
        </div>
        {actions}
      </header>
      {children}
    </section>
  );
}

/** True from the md breakpoint up: tables show their actions' words and side columns. */
export function useWide(): boolean {
  return Grid.useBreakpoint().md ?? true;
}

/** A table's empty text: "nothing matches" while a search or filter narrows the list, else "nothing yet". */
export function listEmpty(narrowed: boolean, noMatch: string, none: string): { emptyText: React.ReactNode } {
  return { emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={narrowed ? noMatch : none} /> };
}

export interface RowActionProps extends Omit<ButtonProps, 'type' | 'children'> {
  /** The action's word, shown beside the icon when the table is wide. */
  label: string;
  /** The accessible name, naming the row ("Delete Bright Bakery"), so the icon alone on a phone is clear. */
  'aria-label': string;
  wide: boolean;
}

/** An action in a table row: a link button with its icon, and its word only when there is room. */
export function RowAction({ label, wide, ...button }: RowActionProps): React.JSX.Element {
  return (
    <Button type="link" {...button}>
      {wide && label}
    </Button>
  );
}

export interface ConfirmRowActionProps extends RowActionProps {
  /** The question asked before the action runs; the dialog stays open (its button busy) until `onOk` settles. */
  confirm: {
    title: string;
    content: React.ReactNode;
    okText: string;
    cancelText: string;
    onOk: () => Promise<unknown>;
  };
}

/** A row action that asks first (publish, withdraw, delete); `danger` makes both the link and the OK button red. */
export function ConfirmRowAction({ confirm, danger, ...action }: ConfirmRowActionProps): React.JSX.Element {
  const { modal } = App.useApp();
  return (
    <RowAction
      {...action}
      danger={danger}
      onClick={() => modal.confirm({ ...confirm, ...(danger ? { okButtonProps: { danger: true } } : {}) })}
    />
  );
}
