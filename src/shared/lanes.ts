/**
 * Runs `work` for every index below `count`, at most `lanes` at a time, each lane taking the next
 * index as it finishes one. Callers keep results by index, so their order never depends on timing.
 */
export async function forEachInLanes(count: number, lanes: number, work: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async (): Promise<void> => {
    for (let index = next++; index < count; index = next++) await work(index);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(lanes, count)) }, lane));
}
