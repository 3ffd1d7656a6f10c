/** Layer 0 with every check and a progress line, shared by `mcpgate check` and `mcpgate run`. */

import { ALL_CHECKS } from '../conformance/checks/index.js';
import { runConformance, type RunOptions } from '../conformance/runner.js';
import type { Report } from '../report/model.js';
import { progressReporter } from '../report/progress.js';

/** How long a stdio server gets to exit once its stdin closes, before it is ended. */
const EOF_GRACE_MS = 5_000;

export type CheckLayerOptions = Omit<RunOptions, 'checks' | 'eofGraceMs' | 'onProgress'>;

export async function runCheckLayer(options: CheckLayerOptions): Promise<Report> {
  const progress = progressReporter();
  let failures = 0;
  try {
    return await runConformance({
      ...options,
      checks: [...ALL_CHECKS],
      eofGraceMs: EOF_GRACE_MS,
      onProgress: (done, total, result) => progress.update(done, total, result.id, (failures += result.status === 'fail' ? 1 : 0)),
    });
  } finally {
    progress.clear();
  }
}
