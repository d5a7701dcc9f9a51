import type { Highs } from 'highs';

/**
 * What optimise.ts reads of a solve: the status and the columns by name (the shape of highs' legacy result, whose
 * columns carry `Primal` except when the model is infeasible).
 */
export interface SolverResult {
  Status: string;
  Columns: Record<string, object | undefined>;
}

/** A column's value, or undefined when the solve gave none. */
export function primal(result: SolverResult, name: string): number | undefined {
  const column = result.Columns[name];
  return column && 'Primal' in column && typeof column.Primal === 'number' ? column.Primal : undefined;
}

type Loader = () => Promise<Highs>;

export type Solve = (lpText: string) => Promise<SolverResult>;

/** A solve that takes longer is a model gone wrong, and the server must not hang on it: fall back instead. */
const TIME_LIMIT_S = 10;

let loading: Promise<Highs> | undefined;

/** HiGHS' WebAssembly is loaded once, on the first plan (about 3 MB; a server that never plans never pays it). */
function loadHighs(): Promise<Highs> {
  loading ??= import('highs')
    // highs ships ESM whose default is the loader, but its types are read as CommonJS (default.default): take
    // whichever the runtime gives rather than trust one reading.
    .then((m) => {
      const exported = (m as unknown as { default: Loader | { default: Loader } }).default;
      return typeof exported === 'function' ? exported() : exported.default();
    })
    .catch((err: unknown) => {
      // A failed load is tried again on the next plan rather than remembered for the process's life.
      loading = undefined;
      throw err;
    });
  return loading;
}

let queue: Promise<unknown> = Promise.resolve();

/**
 * Runs solves one after the other. highs' `solve()` is synchronous today, but one WebAssembly instance is not
 * reentrant: should the solve ever become asynchronous (a worker, a callback), two plans must still not share it.
 */
function serialised<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

export const solveWithHighs: Solve = (lpText) =>
  serialised(async () => {
    const highs = await loadHighs();
    return highs.solve(lpText, { output_flag: false, time_limit: TIME_LIMIT_S });
  });
