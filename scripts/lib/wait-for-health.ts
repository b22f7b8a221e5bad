/** Waits until the inbox served at `base` answers its health check (the demo seeds first), up to 5 minutes. */
export async function waitForHealth(base: string): Promise<void> {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${base}/api/health`);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("The inbox did not start within 5 minutes");
}
