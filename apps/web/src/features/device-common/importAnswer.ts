/** The rows of an import check that have a problem, and whether the file may be saved (every row passes). */
export function importVerdict(rows: readonly { problems: readonly string[] }[]): { failing: number; allPass: boolean } {
  const failing = rows.filter((r) => r.problems.length > 0).length;
  return { failing, allPass: rows.length > 0 && failing === 0 };
}

/** A spreadsheet as an upload's multipart body: the one file under "file" (what the import routes read). */
export function fileForm(file: File): FormData {
  const form = new FormData();
  form.append('file', file);
  return form;
}
