/** Waits until `check` answers true, asking every `everyMs`; throws after `timeoutMs`. */
export async function until(check: () => Promise<boolean>, timeoutMs = 10_000, everyMs = 50): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
