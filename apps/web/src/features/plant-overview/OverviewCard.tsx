/** A titled section of the overview. Its heading names the region for screen readers. */
export function OverviewCard({
  id,
  title,
  extra,
  className,
  testId,
  children,
}: {
  id: string;
  title: React.ReactNode;
  extra?: React.ReactNode;
  className?: string;
  testId?: string;
  children: React.ReactNode;
}): React.JSX.Element {
  return (
    <section
      className={`hg-ov-card${className ? ` ${className}` : ''}`}
      aria-labelledby={`${id}-title`}
      data-testid={testId}
    >
      <header className="hg-ov-card-head">
        <h2 id={`${id}-title`} className="hg-ov-card-title">
          {title}
        </h2>
        {extra ? <div className="hg-ov-card-extra">{extra}</div> : null}
      </header>
      <div className="hg-ov-card-body">{children}</div>
    </section>
  );
}
