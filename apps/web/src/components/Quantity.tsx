/**
 * A figure with its unit ("97.7 kW", "89.2 %", "-2.1 kW", "2026-11-22 10:25") kept left to right inside
 * Hebrew text. Digits and symbols are weak in the bidi algorithm, so in a right-to-left line "97.7 kW"
 * would come out as "kW 97.7"; an isolate with its own left-to-right direction keeps figure and unit in
 * reading order whatever surrounds it. Every page prints figures through this one component.
 *
 * Either pass the formatted text as children, or the figure and its unit apart.
 */
export function Quantity(
  props:
    | { children: React.ReactNode; className?: string; testId?: string }
    | { value: React.ReactNode; unit?: string; className?: string; testId?: string },
): React.JSX.Element {
  const content =
    'value' in props ? (props.unit ? `${String(props.value)} ${props.unit}` : props.value) : props.children;
  return (
    <bdi
      dir="ltr"
      className={props.className ? `hg-quantity ${props.className}` : 'hg-quantity'}
      data-testid={props.testId}
    >
      {content}
    </bdi>
  );
}

/**
 * A figure inside translated text ("From -3276.8 to 3276.7 %"), where no element can be placed: in a
 * right-to-left language wrapped in Unicode's left-to-right isolate (LRI … PDI), so Hebrew shows "-40.0", not
 * "40.0-"; left-to-right text needs nothing and gets nothing.
 */
export function ltrText(value: number | string, rtl: boolean): string {
  return rtl ? `\u2066${String(value)}\u2069` : String(value);
}
