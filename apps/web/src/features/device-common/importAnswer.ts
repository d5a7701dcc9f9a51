/** The rows of an import check that have a problem, and whether the file may be saved (every row passes). */
export function importVerdict(rows: readonly { problems: readonly string[] }[]): { failing: number; allPass: boolean } {
  const failing = rows.filter((r) => r.problems.length > 0).length;
  return { failing, allPass: rows.length > 0 && failing === 0 };
}

/** What the server answers to a device import, checked or saved: each row with its problems. */
export interface CheckedRow {
  row: number;
  sn: string;
  registrationKey: string;
  problems: string[];
}
export interface ImportAnswer {
  saved: number;
  rows: CheckedRow[];
}
