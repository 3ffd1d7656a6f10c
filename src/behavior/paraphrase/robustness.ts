/**
 * How the picks held on rewordings: per model, the reworded cases as written against their rewordings,
 * and the case and model pairs whose rewordings did worse. Right picks come from the confusion tables
 * (improve's measure), so both runs are read alike.
 */

import type { EvalReport, ParaphraseRobustness } from '../../report/model.js';
import { measure, stateKey, type CaseState } from '../improve/measure.js';
import type { Tally } from '../improve/types.js';
import { paraphrasedCase, type ParaphraseSet } from './paraphrase.js';

type Figures = ParaphraseRobustness['perModel'][number]['originals'];

export function paraphraseRobustness(set: ParaphraseSet, originals: EvalReport, rewordings: EvalReport): ParaphraseRobustness {
  const before = measure(originals);
  const after = measure(rewordings);
  const models = originals.models.map((m) => m.id);
  const byCase = new Map<string, string[]>();
  for (const c of set.cases) byCase.set(paraphrasedCase(c.id), [...(byCase.get(paraphrasedCase(c.id)) ?? []), c.id]);
  const rows = models.flatMap((model) =>
    [...byCase].map(([id, reworded]) => ({
      id,
      model,
      original: figures(before, [stateKey(model, id)]),
      paraphrases: figures(
        after,
        reworded.map((p) => stateKey(model, p)),
      ),
    })),
  );
  const share = (t: Tally): number => (t.n === 0 ? 0 : t.k / t.n);
  const drop = (r: (typeof rows)[number]): number => share(r.original.selection) - share(r.paraphrases.selection);
  return {
    writer: set.writer,
    perCase: set.perCase,
    written: set.cases.length,
    skipped: set.skipped,
    unreadable: set.unreadable,
    perModel: models.map((model) => {
      const mine = rows.filter((r) => r.model === model);
      return { model, originals: sum(mine.map((r) => r.original)), paraphrases: sum(mine.map((r) => r.paraphrases)) };
    }),
    drops: rows.filter((r) => drop(r) > 0).sort((a, b) => drop(b) - drop(a) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
  };
}

function figures(state: Map<string, CaseState>, keys: string[]): Figures {
  return sum(keys.flatMap((key) => (state.has(key) ? [state.get(key)!.figures] : [])));
}

function sum(list: readonly Figures[]): Figures {
  const total = (what: 'selection' | 'passes'): Tally => ({
    k: list.reduce((n, f) => n + f[what].k, 0),
    n: list.reduce((n, f) => n + f[what].n, 0),
  });
  return { selection: total('selection'), passes: total('passes') };
}
