// A Node module hook for running lib/server outside Next: `server-only` throws unless bundled
// for React's server, so here it alone resolves under the react-server condition (its empty
// module), as vitest.config.ts does. React stays the ordinary build, which `next/navigation`
// (imported by lib/server/http/session) needs.
import { register } from "node:module";

register(
  "data:text/javascript," +
    encodeURIComponent(`
      export async function resolve(specifier, context, next) {
        if (specifier === "server-only") return next(specifier, { ...context, conditions: [...context.conditions, "react-server"] });
        return next(specifier, context);
      }`),
  import.meta.url,
);
