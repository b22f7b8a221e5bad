import { expect, test as setup } from "@playwright/test";
import { DEMO_USERS, storageStateOf } from "./helpers";

// Signs in once as each demo role and keeps the cookies, so journeys start signed in.
for (const [role, user] of Object.entries(DEMO_USERS)) {
  setup(`sign in as the ${role}`, async ({ request, baseURL }) => {
    const response = await request.post("/api/auth/sign-in/email", {
      data: { email: user.email, password: "inbox-demo" },
      headers: { origin: baseURL! },
    });
    expect(response.status()).toBe(200);
    await request.storageState({ path: storageStateOf(role as keyof typeof DEMO_USERS) });
  });
}
