/** Requests per second of one POST, with a fixed number of concurrent callers for a fixed time. */
export async function throughput(
  url: string,
  init: { body: string; headers: Record<string, string> },
  seconds: number,
  concurrency = 8,
): Promise<number> {
  const deadline = performance.now() + seconds * 1000;
  let completed = 0;
  const caller = async (): Promise<void> => {
    while (performance.now() < deadline) {
      const response = await fetch(url, { method: 'POST', ...init });
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      await response.arrayBuffer();
      completed += 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, caller));
  return completed / ((performance.now() - started) / 1000);
}
