import { expect, request, test as setup } from "@playwright/test";
import { DEMO_USERS, storageStateOf, type DemoRole } from "./helpers";
import { E2E_SERVERS, baseUrlOf, type E2eServer } from "./servers";

// Signs in once as each demo role on each server and keeps the cookies, so journeys start signed in.
for (const server of Object.keys(E2E_SERVERS) as E2eServer[]) {
  for (const [role, user] of Object.entries(DEMO_USERS) as [DemoRole, (typeof DEMO_USERS)[DemoRole]][]) {
    setup(`sign in as the ${role} on the ${server} server`, async () => {
      const baseURL = baseUrlOf(server);
      const context = await request.newContext({ baseURL });
      try {
        const response = await context.post("/api/auth/sign-in/email", {
          data: { email: user.email, password: "inbox-demo" },
          headers: { origin: baseURL },
        });
        expect(response.status()).toBe(200);
        // Replies go at once for the journeys' users, so a journey that sends is not held by the
        // undo window; e2e/scheduled-send.spec.ts tries the window (its default) as another member.
        const preferences = await context.patch("/api/inbox/preferences", { data: { undoSendSeconds: 0 }, headers: { origin: baseURL } });
        expect(preferences.status()).toBe(200);
        await context.storageState({ path: storageStateOf(role, server) });
      } finally {
        await context.dispose();
      }
    });
  }
}
