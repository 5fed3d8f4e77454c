import { ACTION_INTENTS } from "@contract/action-forms";
import type { PlanId } from "@contract/payments";
import { Check } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/lib/utils";

interface PlanCardProps {
  plan: PlanId;
  title: string;
  price: string;
  period: string;
  notes: string[];
  best?: boolean;
  busy: boolean;
  disabled: boolean;
  onSubscribe: (plan: PlanId) => void;
}

function PlanCard({ plan, title, price, period, notes, best, busy, disabled, onSubscribe }: PlanCardProps) {
  const label = plan === "monthly" ? "Subscribe Monthly" : "Subscribe Yearly";
  return (
    <Card className={cn("relative flex flex-col", best && "border-primary shadow-md")} data-testid={`plan-${plan}`}>
      {best && <Badge className="absolute -top-3 left-1/2 -translate-x-1/2">Best Value</Badge>}
      <CardHeader>
        <CardTitle className="text-xl">{title}</CardTitle>
        <CardDescription>
          <span className="text-3xl font-bold text-foreground">{price}</span> <span>{period}</span>
        </CardDescription>
      </CardHeader>
      <CardContent className="flex-1">
        <ul className="space-y-2 text-sm">
          {notes.map((note) => (
            <li key={note} className="flex items-center gap-2">
              <Check className="h-4 w-4 shrink-0 text-primary" aria-hidden />
              {note}
            </li>
          ))}
        </ul>
      </CardContent>
      <CardFooter>
        {/* Posted natively until scripts run: the server starts the checkout (server/pages/action-posts.ts). */}
        <form method="post" action="/subscription" className="contents" onSubmit={(event) => event.preventDefault()}>
          <input type="hidden" name="intent" value={ACTION_INTENTS.subscribe} />
          <input type="hidden" name="plan" value={plan} />
          <Button
            type="submit"
            className="w-full"
            variant={best ? "default" : "outline"}
            disabled={disabled}
            onClick={() => onSubscribe(plan)}
          >
            {busy ? "Processing..." : label}
          </Button>
        </form>
      </CardFooter>
    </Card>
  );
}

/** The two plans (spec section 9): prices are the server's; the client only names the plan. */
export function PlanCards({ pending, onSubscribe }: { pending: PlanId | null; onSubscribe: (plan: PlanId) => void }) {
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <PlanCard
        plan="monthly"
        title="Monthly"
        price="GH₵2"
        period="per month"
        notes={[
          "Unlimited articles",
          "Every writing style, with no article limit",
          "Renews monthly until you cancel; cancel anytime",
        ]}
        busy={pending === "monthly"}
        disabled={pending !== null}
        onSubscribe={onSubscribe}
      />
      <PlanCard
        plan="yearly"
        title="Yearly"
        price="GH₵20"
        period="per year"
        notes={[
          "Save GH₵4 compared to monthly",
          "2 months free",
          "Unlimited articles",
          "Renews yearly until you cancel; cancel anytime",
        ]}
        best
        busy={pending === "yearly"}
        disabled={pending !== null}
        onSubscribe={onSubscribe}
      />
    </div>
  );
}
