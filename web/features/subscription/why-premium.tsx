import { GUEST_ARTICLE_LIMIT } from "@contract/options";
import { Headphones, Infinity as InfinityIcon, PenLine } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

const POINTS = [
  {
    icon: InfinityIcon,
    title: "Unlimited Articles",
    text: `A free account writes ${GUEST_ARTICLE_LIMIT} articles in all; premium has no limit while it lasts.`,
  },
  {
    icon: PenLine,
    title: "All Writing Styles",
    // Every account has every style: premium's part is having them with no article limit.
    text: "Blog, NYT-style journalism and custom, the styles every account has, for as many articles as you like.",
  },
  {
    icon: Headphones,
    title: "Priority Support",
    // Generation jobs of premium accounts are taken first (server/generation/job.ts PREMIUM_PRIORITY).
    text: "When many articles are waiting to be written, yours are written first.",
  },
];

export function WhyPremium() {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Why Go Premium?</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-6 sm:grid-cols-3">
        {POINTS.map(({ icon: Icon, title, text }) => (
          <div key={title} className="flex flex-col items-start gap-2">
            <span className="rounded-full bg-primary/10 p-2 text-primary">
              <Icon className="h-5 w-5" aria-hidden />
            </span>
            <h3 className="font-semibold">{title}</h3>
            <p className="text-sm text-muted-foreground">{text}</p>
          </div>
        ))}
      </CardContent>
    </Card>
  );
}
