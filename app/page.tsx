import { StartCard } from "@/components/start/start-card";

export default function HomePage() {
  return (
    <main className="flex min-h-dvh items-center justify-center px-4 py-10 sm:px-6 sm:py-16">
      <StartCard />
    </main>
  );
}
