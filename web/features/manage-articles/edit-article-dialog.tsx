import type { Article } from "@contract/articles";
import { editCategoriesFor, STYLES } from "@contract/options";
import { Loader2 } from "lucide-react";
import { type FormEvent, useEffect, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { LabeledSelect } from "@/components/ui/labeled-select";
import { Textarea } from "@/components/ui/textarea";
import { TagEditor } from "./tag-editor";
import { useSaveArticle } from "./use-manage-articles";

interface Draft {
  title: string;
  content: string;
  excerpt: string;
  category: string;
  style: Article["style"];
  tags: string[];
}

const draftOf = (article: Article): Draft => ({
  title: article.title,
  content: article.contentMarkdown ?? "",
  excerpt: article.excerpt,
  category: article.category,
  style: article.style,
  tags: article.tags,
});

/**
 * The Edit Article dialog (spec section 2): markdown content in 15 rows, excerpt in 3, the edit
 * categories plus the article's current one (decisions.md), style, and tags.
 */
export function EditArticleDialog({
  article,
  mode = "owner",
  onClose,
}: {
  article: Article | null;
  mode?: "owner" | "admin";
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<Draft | null>(article ? draftOf(article) : null);
  const { save: saveArticle, isPending } = useSaveArticle(mode);
  const ids = useId();
  useEffect(() => setDraft(article ? draftOf(article) : null), [article]);

  const categories = editCategoriesFor(article?.category);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => (d ? { ...d, [key]: value } : d));

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (article && draft) saveArticle(article.id, draft, onClose);
  };

  return (
    <Dialog open={article !== null} onOpenChange={(open) => !open && !isPending && onClose()}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Edit Article</DialogTitle>
          <DialogDescription>
            Content is markdown: ## for headings, - for lists, [text](link) for links.
          </DialogDescription>
        </DialogHeader>
        {draft && (
          <form onSubmit={save} className="space-y-4">
            <fieldset disabled={isPending} className="space-y-4">
              <div className="space-y-2">
                <Label htmlFor={`${ids}-title`}>Title</Label>
                <Input id={`${ids}-title`} value={draft.title} onChange={(e) => set("title", e.target.value)} />
              </div>
              <div className="space-y-2">
                <Label htmlFor={`${ids}-content`}>Content</Label>
                <Textarea
                  id={`${ids}-content`}
                  rows={15}
                  className="font-mono text-sm"
                  value={draft.content}
                  onChange={(e) => set("content", e.target.value)}
                />
              </div>
              <div className="space-y-2">
                <Label htmlFor={`${ids}-excerpt`}>Excerpt</Label>
                <Textarea
                  id={`${ids}-excerpt`}
                  rows={3}
                  value={draft.excerpt}
                  onChange={(e) => set("excerpt", e.target.value)}
                />
              </div>
              <div className="grid gap-4 sm:grid-cols-2">
                <LabeledSelect
                  id={`${ids}-category`}
                  label="Category"
                  value={draft.category}
                  onChange={(v) => set("category", v)}
                  options={categories.map((c) => ({ value: c, label: c }))}
                />
                <LabeledSelect
                  id={`${ids}-style`}
                  label="Style"
                  value={draft.style}
                  onChange={(v) => set("style", v as Draft["style"])}
                  options={STYLES}
                />
              </div>
              <div className="space-y-2">
                <Label htmlFor={`${ids}-tags`}>Tags</Label>
                <TagEditor id={`${ids}-tags`} tags={draft.tags} onChange={(tags) => set("tags", tags)} />
              </div>
            </fieldset>
            <DialogFooter>
              <Button type="button" variant="outline" disabled={isPending} onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" disabled={isPending}>
                {isPending ? (
                  <>
                    <Loader2 className="animate-spin" /> Saving...
                  </>
                ) : (
                  "Save Changes"
                )}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
