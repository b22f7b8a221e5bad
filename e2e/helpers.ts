import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** The demo users the journeys act as, one per role. */
export const DEMO_USERS = {
  admin: { email: "olivia@acme.test", name: "Olivia Hart" },
  manager: { email: "marcus@acme.test", name: "Marcus Lee" },
  member: { email: "sam@acme.test", name: "Sam Rivera" },
} as const;
export type DemoRole = keyof typeof DEMO_USERS;

export function storageStateOf(role: DemoRole): string {
  return `e2e/.auth/${role}.json`;
}

/** axe-core's serious and critical findings, in a form that reads well when a test fails. */
export async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(({ id, impact, help, nodes }) => ({ id, impact, help, targets: nodes.map((node) => node.target) }));
}
