import { BookOpen, FileText, Users } from "lucide-react";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatCount } from "@/lib/format";
import { cn } from "@/lib/utils";
import { usePlatformStats } from "./use-feed";

const ROWS = [
  { key: "totalArticles", label: "Total Articles", icon: FileText, tone: "bg-indigo-50 text-indigo-600" },
  { key: "activeAuthors", label: "Active Authors", icon: Users, tone: "bg-emerald-50 text-emerald-600" },
  { key: "totalReads", label: "Total Reads", icon: BookOpen, tone: "bg-amber-50 text-amber-600" },
] as const;

/** The sidebar's Platform Stats card; counts are abbreviated (1.2k, 3.4M). */
export function PlatformStats({ className }: { className?: string }) {
  const { data: stats, isLoading } = usePlatformStats();
  return (
    <Card className={cn("p-5", className)} data-testid="platform-stats">
      <h2 className="mb-4 text-base font-semibold">Platform Stats</h2>
      <dl className="grid grid-cols-3 gap-3 lg:grid-cols-1">
        {ROWS.map(({ key, label, icon: Icon, tone }) => (
          <div key={key} className="flex flex-col gap-2 lg:flex-row lg:items-center lg:gap-3">
            <dt className="order-2 text-xs text-muted-foreground lg:order-none lg:flex lg:flex-1 lg:items-center lg:gap-3 lg:text-sm">
              <span className={`hidden h-9 w-9 shrink-0 items-center justify-center rounded-lg lg:flex ${tone}`}>
                <Icon className="h-4 w-4" aria-hidden="true" />
              </span>
              {label}
            </dt>
            <dd className="order-1 text-xl font-bold tabular-nums lg:order-none lg:text-base">
              {isLoading ? <Skeleton className="h-6 w-10" /> : stats ? formatCount(stats[key]) : "–"}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
