import { redirect } from "next/navigation";

// Outreach opens on its campaigns, where the replies come from.
export default function OutreachPage() {
  redirect("/outreach/campaigns");
}
