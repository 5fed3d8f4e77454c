import { cleanTags, MAX_TAG_LENGTH, MAX_TAGS } from "@contract/options";
import { Plus, X } from "lucide-react";
import { useLayoutEffect, useRef, useState } from "react";
import { Badge, badgeVariants } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { useHydrated } from "@/hooks/use-hydrated";
import { cn } from "@/lib/utils";

/**
 * Tags added with Enter or the add button; blanks and duplicates are not added (spec section 5).
 * Until the page's scripts run (or without them) the form posts natively: each tag is a ticked
 * checkbox named "tags" (untick to drop it) and the box posts as "newTags", commas between tags
 * (server/pages/action-posts.ts).
 */
export function TagEditor({ id, tags, onChange }: { id: string; tags: string[]; onChange: (tags: string[]) => void }) {
  const [draft, setDraft] = useState("");
  const hydrated = useHydrated();
  const box = useRef<HTMLDivElement>(null);
  // What was done before the scripts ran stays: a tag unticked then is dropped, and text typed
  // in the box is kept (read from the server's HTML as the page hydrates, before it re-renders).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at hydration.
  useLayoutEffect(() => {
    const dropped = new Set(
      Array.from(box.current?.querySelectorAll<HTMLInputElement>('input[name="tags"]') ?? [])
        .filter((input) => !input.checked)
        .map((input) => input.value),
    );
    const typed = box.current?.querySelector<HTMLInputElement>('input[name="newTags"]')?.value;
    if (typed) setDraft(typed);
    if (dropped.size === 0) return;
    // After the form library has mounted the field (its effects run after this one): a change
    // sent before then would not reach the field's watchers.
    const timer = setTimeout(() => onChange(tags.filter((tag) => !dropped.has(tag))), 0);
    return () => clearTimeout(timer);
  }, []);
  const full = hydrated && tags.length >= MAX_TAGS;
  const add = () => {
    const next = cleanTags([...tags, draft]).slice(0, MAX_TAGS);
    onChange(next);
    setDraft("");
  };
  return (
    <div className="space-y-2" ref={box}>
      <div className="flex gap-2">
        <Input
          id={id}
          name="newTags"
          value={draft}
          maxLength={hydrated ? MAX_TAG_LENGTH : undefined}
          placeholder={
            full
              ? `At most ${MAX_TAGS} tags`
              : hydrated
                ? "Add a tag and press Enter"
                : "Tags to add, separated by commas"
          }
          disabled={full}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              add();
            }
          }}
        />
        {hydrated && (
          <Button type="button" variant="outline" onClick={add} disabled={full} aria-label="Add tag">
            <Plus /> Add
          </Button>
        )}
      </div>
      {tags.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {tags.map((tag) =>
            hydrated ? (
              <Badge key={tag} variant="secondary" className="gap-1 pr-1">
                {tag}
                <button
                  type="button"
                  className="rounded-full p-0.5 hover:bg-background"
                  aria-label={`Remove tag ${tag}`}
                  onClick={() => onChange(tags.filter((t) => t !== tag))}
                >
                  <X className="h-3 w-3" />
                </button>
              </Badge>
            ) : (
              <label
                key={tag}
                className={cn(
                  badgeVariants({ variant: "secondary" }),
                  "cursor-pointer gap-1 pr-1 has-[input:not(:checked)]:line-through has-[input:not(:checked)]:opacity-50",
                )}
              >
                <input
                  type="checkbox"
                  name="tags"
                  value={tag}
                  defaultChecked
                  className="sr-only"
                  aria-label={`Keep tag ${tag}`}
                />
                {tag}
                <X className="h-3 w-3" aria-hidden />
              </label>
            ),
          )}
        </div>
      )}
    </div>
  );
}
