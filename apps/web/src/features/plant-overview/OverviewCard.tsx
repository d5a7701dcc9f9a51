import { useTranslation } from 'react-i18next';

/** The overview's cards; each names its heading id `ov-<card>`, title `overview.<card>.title`, test id `<card>-card`. */
export type OverviewCardName = 'day' | 'energy' | 'flow' | 'devices' | 'events' | 'prices' | 'plan';

/** A titled section of the overview. Its heading names the region for screen readers. */
export function OverviewCard({
  card,
  extra,
  className,
  children,
}: {
  card: OverviewCardName;
  extra?: React.ReactNode;
  className?: string;
  children: React.ReactNode;
}): React.JSX.Element {
  const { t } = useTranslation();
  const id = `ov-${card}`;
  return (
    <section
      className={`hg-ov-card${className ? ` ${className}` : ''}`}
      aria-labelledby={`${id}-title`}
      data-testid={`${card}-card`}
    >
      <header className="hg-ov-card-head">
        <h2 id={`${id}-title`} className="hg-ov-card-title">
          {t(`overview.${card}.title`)}
        </h2>
        {extra ? <div className="hg-ov-card-extra">{extra}</div> : null}
      </header>
      <div className="hg-ov-card-body">{children}</div>
    </section>
  );
}
