/**
 * Runs once when the Next server starts (Next's instrumentation hook). The configuration is
 * validated here, so a missing or invalid variable stops the start with one sentence naming
 * it, and the runtime (database, migrations, demo users) is opened before the first request.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { start } = await import("@/lib/server/runtime/start");
  await start();
}
