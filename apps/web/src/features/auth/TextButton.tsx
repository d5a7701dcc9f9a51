import './mfa.css';

/** A button that reads as a link (back, switch method, app entry), with enough contrast when hovered. */
export function TextButton({
  icon,
  children,
  ...rest
}: React.ButtonHTMLAttributes<HTMLButtonElement> & {
  icon?: React.ReactNode;
  'data-testid'?: string;
}): React.JSX.Element {
  return (
    <button type="button" className="hg-text-button" {...rest}>
      {icon}
      <span>{children}</span>
    </button>
  );
}
