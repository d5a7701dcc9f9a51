/**
 * A figure with its unit ("89.2 %", "-2.1 kW", "2026-11-22 10:25") kept left to right inside Hebrew text:
 * digits and symbols are weak in the bidi algorithm and would otherwise come out as "% 89.2".
 */
export function Num({ children }: { children: React.ReactNode }): React.JSX.Element {
  return <bdi dir="ltr">{children}</bdi>;
}
