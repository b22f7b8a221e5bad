"use client";

import { useEffect, useState } from "react";

import { cn } from "@/components/ui/cn";
import { CalendarClockIcon, TriangleAlertIcon } from "@/components/ui/icons";
import { HOURLY_RATE, type Campaign } from "@/lib/api/outreach/campaigns";
import { clock, DAY_NAMES, nowIn, rateAboveRecommended, sendingAt, weekGrid } from "@/lib/client/outreach/campaigns/schedule";

const HOURS = Array.from({ length: 24 }, (_, h) => h);

/**
 * When the campaign sends: a week of days × hours in the campaign's own time zone, the hour it
 * is now there marked, and the hourly rate with the spec's warning above 20.
 */
export function ScheduleGrid({ campaign }: { campaign: Campaign }) {
  const now = useNow();
  const grid = weekGrid(campaign.scheduleHours);
  const here = nowIn(campaign.scheduleTimezone, now);
  const sendingNow = here ? sendingAt(campaign.scheduleHours, here) : false;

  return (
    <section aria-labelledby="schedule-heading" className="grid gap-3">
      <div>
        <h2 id="schedule-heading" className="flex items-center gap-2 text-base font-semibold">
          <CalendarClockIcon className="size-4" aria-hidden />
          Schedule
        </h2>
        <p className="text-sm text-muted-foreground">
          In {campaign.scheduleTimezone}
          {here
            ? `, where it is ${DAY_NAMES[here.day]} ${clock(here.minute)}: ${sendingNow ? "inside the sending hours" : "outside the sending hours"}.`
            : ", a time zone this browser doesn't know."}
        </p>
      </div>
      {/* On a phone the week scrolls sideways; the scrolling box takes focus so a keyboard can scroll it too. */}
      <div tabIndex={0} role="group" aria-label="Sending week" className="overflow-x-auto rounded-lg border bg-card p-3 outline-none focus-visible:ring-2 focus-visible:ring-ring/50">
        <table className="w-full min-w-[40rem] border-separate border-spacing-x-2 border-spacing-y-0.5 text-xs">
          <caption className="sr-only">Sending hours by day, in {campaign.scheduleTimezone}</caption>
          <thead>
            <tr>
              <th scope="col" className="w-24 text-left font-medium text-muted-foreground">
                Day
              </th>
              <th scope="col" className="w-28 text-left font-medium text-muted-foreground">
                Hours
              </th>
              <th scope="col" className="font-normal text-muted-foreground">
                <span className="sr-only">Hours of the day</span>
                <span className="grid grid-cols-24 gap-0.5 tabular-nums" aria-hidden>
                  {HOURS.map((hour) => (
                    <span key={hour} className="text-left">
                      {hour % 3 === 0 ? hour : ""}
                    </span>
                  ))}
                </span>
              </th>
            </tr>
          </thead>
          <tbody>
            {grid.map((day) => {
              const today = here?.day === day.day;
              return (
                <tr key={day.day} aria-current={today ? "date" : undefined}>
                  <th scope="row" className={cn("text-left font-medium", today && "text-primary")}>
                    {day.name}
                    {today && <span className="ml-1 text-[0.65rem] font-normal text-muted-foreground">(today)</span>}
                  </th>
                  <td className="text-muted-foreground tabular-nums">{day.hours ? `${clock(day.hours.start)}–${clock(day.hours.end)}` : "No sending"}</td>
                  <td aria-hidden className="p-0">
                    <span className="grid grid-cols-24 gap-0.5">
                      {day.cells.map((share, hour) => {
                        const current = today && here !== null && Math.floor(here.minute / 60) === hour;
                        return (
                          <span
                            key={hour}
                            data-now={current || undefined}
                            title={current ? "Now" : undefined}
                            className={cn("relative block h-5 overflow-hidden rounded-sm bg-muted", current && "ring-2 ring-rose-500 ring-offset-1 ring-offset-card")}
                          >
                            {share > 0 && <span className="absolute inset-y-0 left-0 bg-emerald-500/80" style={{ width: `${share * 100}%` }} />}
                          </span>
                        );
                      })}
                    </span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <p className="mt-2 flex flex-wrap gap-4 text-xs text-muted-foreground" aria-hidden>
          <span className="inline-flex items-center gap-1.5">
            <span className="inline-block size-3 rounded-sm bg-emerald-500/80" /> Sends
          </span>
          <span className="inline-flex items-center gap-1.5">
            <span className="inline-block size-3 rounded-sm ring-2 ring-rose-500" /> Now
          </span>
        </p>
      </div>
      <HourlyRate rate={campaign.hourlyMessageRate} />
    </section>
  );
}

function HourlyRate({ rate }: { rate: number }) {
  const high = rateAboveRecommended(rate);
  return (
    <div className="grid gap-1 text-sm">
      <p>
        <span className="text-muted-foreground">Hourly rate: </span>
        <strong className="font-semibold">{rate} messages an hour</strong> per account
      </p>
      {high && (
        <p role="note" className="flex items-center gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-amber-950 dark:border-amber-400/40 dark:bg-amber-400/10 dark:text-amber-100">
          <TriangleAlertIcon className="size-4 shrink-0" aria-hidden />
          Above {HOURLY_RATE.recommendedMax} per hour is not recommended: platforms may limit or flag the accounts that send this fast.
        </p>
      )}
    </div>
  );
}

/** The time, moved on each minute so the "now" mark follows the clock while the page stays open. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
