"use client";

import { useEffect, useState } from "react";

/** The current time, moving on each minute, so "waiting 5m" stays true without re-rendering every second. */
export function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
