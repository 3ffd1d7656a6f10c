/**
 * A promise raced against a deadline whose timer is cleared as soon as the race is decided. A bare
 * `Promise.race([p, delay(ms)])` leaves the timer pending after `p` wins, and a pending timer keeps
 * the process alive: a 5 s grace for a server to exit held every stdio `check` open for 5 s more.
 */
export async function within<T, F>(promise: Promise<T>, ms: number, onTimeout: F): Promise<T | F> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<F>((resolve) => (timer = setTimeout(() => resolve(onTimeout), ms)));
  try {
    return await Promise.race([promise, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
