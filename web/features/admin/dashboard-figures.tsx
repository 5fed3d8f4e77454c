import type { AdminDashboard } from "@contract/admin";
import { DASHBOARD_DAYS } from "@contract/admin-query";
import { Card, CardContent } from "@/components/ui/card";
import { formatDate } from "@/lib/format";
import { plural } from "@/lib/plural";

type DayKey = "signUps" | "articles" | "payingUsers";

const FIGURES: Array<{ key: DayKey; label: string; note: string }> = [
  { key: "signUps", label: "Sign-ups", note: "new accounts" },
  { key: "articles", label: "Articles", note: "written, still published" },
  { key: "payingUsers", label: "Paying users", note: "with a successful payment" },
];

const number = new Intl.NumberFormat("en-US");

/** One figure's days as bars, tallest = the busiest day; each bar names its day and count. */
function DayBars({ days, figure, label }: { days: AdminDashboard["days"]; figure: DayKey; label: string }) {
  const most = Math.max(1, ...days.map((day) => day[figure]));
  return (
    <div className="flex h-12 items-end gap-px" role="img" aria-label={`${label} per day`}>
      {days.map((day) => {
        const value = day[figure];
        return (
          <div
            key={day.date}
            title={`${formatDate(day.date)}: ${number.format(value)}`}
            className={value ? "flex-1 rounded-sm bg-primary/70" : "flex-1 rounded-sm bg-muted"}
            style={{ height: `${value ? Math.max(8, (value / most) * 100) : 4}%` }}
          />
        );
      })}
    </div>
  );
}

/** The last 30 days at a glance: sign-ups, articles and paying users, with a bar per day (UTC). */
export function DashboardFigures({ data }: { data: AdminDashboard }) {
  const first = data.days[0]?.date;
  const last = data.days.at(-1)?.date;
  return (
    <section aria-labelledby="last-30-days" className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="last-30-days" className="text-lg font-semibold">
          Last {DASHBOARD_DAYS} days
        </h2>
        <p className="text-xs text-muted-foreground">
          {formatDate(first)} to {formatDate(last)} (UTC days) · {number.format(data.totals.users)}{" "}
          {plural(data.totals.users, "user")}, {number.format(data.totals.activeSubscribers)} subscribed now
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        {FIGURES.map(({ key, label, note }) => (
          <Card key={key} data-testid={`figure-${key}`}>
            <CardContent className="space-y-3 p-5">
              <div>
                <p className="text-sm text-muted-foreground">{label}</p>
                <p className="text-3xl font-bold tabular-nums">{number.format(data.totals[key])}</p>
                <p className="text-xs text-muted-foreground">{note}</p>
              </div>
              <DayBars days={data.days} figure={key} label={label} />
            </CardContent>
          </Card>
        ))}
      </div>
    </section>
  );
}
