import { ManualsView } from './ManualsPage';

/**
 * /manuals — the company's manuals for its customers and for members who do not manage them (the account
 * menu's "Manuals"): search, pages and download, nothing to change.
 */
export default function ManualsLibraryPage(): React.JSX.Element {
  return <ManualsView readOnly />;
}
