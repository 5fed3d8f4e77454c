import type { Article } from "@contract/articles";
import { editCategoriesFor, STYLES } from "@contract/options";
import { Loader2 } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { LabeledSelect } from "@/components/ui/labeled-select";
import { Textarea } from "@/components/ui/textarea";
import { useSaveArticle } from "./use-manage-articles";

/** Edit mode: title, excerpt, content, category and style, with Save and Cancel (spec section 4). */
export function AdminEditForm({ article, onDone }: { article: Article; onDone: () => void }) {
  const [draft, setDraft] = useState({
    title: article.title,
    excerpt: article.excerpt,
    content: article.contentMarkdown ?? "",
    category: article.category,
    style: article.style,
  });
  const { save: saveArticle, isPending } = useSaveArticle("admin");
  const ids = useId();
  const categories = editCategoriesFor(article.category);
  const save = () => saveArticle(article.id, draft, onDone);

  return (
    <fieldset disabled={isPending} className="space-y-3">
      <div className="space-y-1.5">
        <Label htmlFor={`${ids}-title`}>Title</Label>
        <Input
          id={`${ids}-title`}
          value={draft.title}
          onChange={(e) => setDraft({ ...draft, title: e.target.value })}
        />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${ids}-excerpt`}>Excerpt</Label>
        <Textarea
          id={`${ids}-excerpt`}
          rows={3}
          value={draft.excerpt}
          onChange={(e) => setDraft({ ...draft, excerpt: e.target.value })}
        />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${ids}-content`}>Content</Label>
        <Textarea
          id={`${ids}-content`}
          rows={10}
          className="font-mono text-sm"
          value={draft.content}
          onChange={(e) => setDraft({ ...draft, content: e.target.value })}
        />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <LabeledSelect
          id={`${ids}-category`}
          label="Category"
          value={draft.category}
          onChange={(category) => setDraft({ ...draft, category })}
          options={categories.map((c) => ({ value: c, label: c }))}
        />
        <LabeledSelect
          id={`${ids}-style`}
          label="Style"
          value={draft.style}
          onChange={(style) => setDraft({ ...draft, style: style as Article["style"] })}
          options={STYLES}
        />
      </div>
      <div className="flex gap-2">
        <Button size="sm" onClick={save}>
          {isPending && <Loader2 className="animate-spin" />} Save
        </Button>
        <Button size="sm" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </fieldset>
  );
}
