/**
 * cancellation.stops judges only a call the server was still working on when it read the
 * cancellation. A server that sends its progress and its answer in one write has always answered by
 * then, so there is nothing to see: the check tries three calls and leaves the rule unjudged (skip,
 * with the reason), where judging those calls would pass a server that never had to stop.
 * (broken-twins proves the fail with ignores-cancellation and the pass with the reference server.)
 */

import { join } from 'node:path';
import { expect, it } from 'vitest';
import { ROOT } from '../../helpers/cli.js';
import { checkTarget } from '../../helpers/conformance.js';

const FAST_PROGRESS = join(ROOT, 'dist/test/fixtures/fast-progress-server.js');

it('a server that has always answered before it reads the cancellation is left unjudged after three calls, not passed', async () => {
  const report = await checkTarget({ kind: 'stdio', command: `"${process.execPath}" "${FAST_PROGRESS}"` });
  const byId = (id: string) => report.checks.find((c) => c.id === id)!;
  // Its progress is right: three rising notifications, all before the answer.
  expect(byId('progress.notifications')).toMatchObject({ status: 'pass' });
  const cancellation = byId('cancellation.stops');
  expect(cancellation.status).toBe('skip');
  expect(cancellation.message).toBe(
    'count_now answered before it read notifications/cancelled in each of 3 tries (sent after its first progress, the cancellation came too late on this machine), so whether it stops could not be seen',
  );
});
