/**
 * A load balancer in front of the inbox instances, doing what an operator's does: it sends each
 * request to an instance whose /api/health/ready answers 200 (checked every half second). An
 * instance that answers otherwise (503 while it starts or drains) is out at once; one whose check
 * gets no answer within 2 s is out after three such checks in a row, as a balancer's unhealthy
 * threshold has it (a busy machine is slow, not down). A
 * request that could not be delivered at all (connection refused: the instance stopped
 * listening) goes to another. A request already delivered is never sent twice: when its instance
 * dies under it, the browser gets a 502, as it would from nginx.
 */
import http from "node:http";

const CHECK_EVERY_MS = 500;
const UNANSWERED_CHECKS_TO_FAIL = 3;

export async function startBalancer(port) {
  /** name → { port, ready, unanswered (health checks in a row that got no answer) } */
  const upstreams = new Map();
  let turn = 0;

  const check = async () => {
    await Promise.all(
      [...upstreams.values()].map(async (upstream) => {
        const response = await fetch(`http://127.0.0.1:${upstream.port}/api/health/ready`, { signal: AbortSignal.timeout(2_000) }).catch((error) => error);
        if (response instanceof Response) {
          upstream.ready = response.status === 200;
          upstream.unanswered = 0;
          await response.body?.cancel();
        } else if (response?.cause?.code === "ECONNREFUSED") {
          upstream.ready = false;
        } else {
          upstream.unanswered = (upstream.unanswered ?? 0) + 1;
          if (upstream.unanswered >= UNANSWERED_CHECKS_TO_FAIL) upstream.ready = false;
        }
      }),
    );
  };
  const timer = setInterval(() => void check(), CHECK_EVERY_MS);

  const pick = (except) => {
    const ready = [...upstreams.values()].filter((u) => u.ready && !except.has(u));
    if (ready.length === 0) return null;
    return ready[turn++ % ready.length];
  };

  const server = http.createServer(async (request, response) => {
    const chunks = [];
    for await (const chunk of request) chunks.push(chunk);
    const body = Buffer.concat(chunks);
    const tried = new Set();
    const attempt = () => {
      const upstream = pick(tried);
      if (!upstream) {
        response.writeHead(503, { "content-type": "text/plain" }).end("No instance is ready");
        return;
      }
      tried.add(upstream);
      const forward = http.request(
        { host: "127.0.0.1", port: upstream.port, method: request.method, path: request.url, headers: request.headers, agent: false },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
          answer.on("error", () => response.destroy());
          // An event stream cut by its instance dying ends for the browser too, which reconnects.
          answer.on("aborted", () => response.destroy());
        },
      );
      forward.on("error", (error) => {
        if (response.headersSent) return void response.destroy();
        if (error.code === "ECONNREFUSED") {
          upstream.ready = false;
          return void attempt();
        }
        response.writeHead(502, { "content-type": "text/plain" }).end("Bad gateway");
      });
      response.on("close", () => forward.destroy());
      forward.end(body);
    };
    attempt();
  });
  server.keepAliveTimeout = 65_000;
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));

  return {
    add(name, upstreamPort) {
      upstreams.set(name, { port: upstreamPort, ready: false });
    },
    async stop() {
      clearInterval(timer);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
