/** What the page gives both layout views (logical tree, physical roof). */
export interface LayoutViewProps {
  plantId: string;
  canEdit: boolean;
  /** The console's locale, for the figures. */
  locale: string;
}
