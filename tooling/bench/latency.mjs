// Timing one call after another (or a few at once) for the bench's parts that measure the
// member's screens call by call: points, bills, coupons.

export const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
export const round1 = (n) => Math.round(n * 10) / 10;
export const bearer = (token) => ({ authorization: `Bearer ${token}` });

/** One request: its time to the parsed answer, its status and its body. */
export async function timed(url, init) {
  const start = performance.now();
  const res = await fetch(url, init);
  const body = await res.json();
  return { ms: performance.now() - start, status: res.status, body };
}

/**
 * `n` requests, `concurrency` at a time (one after another by default): p50 and p99, and how
 * many were not answered with success.
 */
export async function latencies(n, request, concurrency = 1) {
  const times = [];
  let next = 0;
  let failures = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) {
        next += 1;
        const r = await request();
        if (r.status !== 200 || !r.body.success) failures += 1;
        times.push(r.ms);
      }
    }),
  );
  times.sort((a, b) => a - b);
  return {
    requests: times.length,
    failures,
    p50: round1(percentile(times, 0.5)),
    p99: round1(percentile(times, 0.99)),
  };
}
