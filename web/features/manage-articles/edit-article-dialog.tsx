import { type Article, adminUpdateArticleRequest, updateArticleRequest } from "@contract/articles";
import { editCategoriesFor, STYLES } from "@contract/options";
import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2 } from "lucide-react";
import { useId } from "react";
import { Controller, type Resolver, useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { SelectField } from "@/components/ui/labeled-select";
import { TextAreaField, TextField } from "@/components/ui/text-field";
import { TagEditor } from "./tag-editor";
import { type ArticleChanges, toastIfMissingFields, useSaveArticle } from "./use-manage-articles";

type Mode = "owner" | "admin";

interface EditArticleForm {
  title: string;
  content: string;
  excerpt: string;
  category: string;
  style: Article["style"];
  tags: string[];
}

// The owner's PUT takes title and content as required; the admin's takes any of the fields
// (tags included): each form is checked by the schema of the endpoint it is sent to.
const RESOLVERS = {
  owner: zodResolver(updateArticleRequest),
  admin: zodResolver(adminUpdateArticleRequest),
} as unknown as Record<Mode, Resolver<EditArticleForm, unknown, ArticleChanges>>;

const valuesOf = (article: Article): EditArticleForm => ({
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
  mode?: Mode;
  onClose: () => void;
}) {
  const { save, isPending } = useSaveArticle(mode);
  return (
    <Dialog open={article !== null} onOpenChange={(open) => !open && !isPending && onClose()}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Edit Article</DialogTitle>
          <DialogDescription>
            Content is markdown: ## for headings, - for lists, [text](link) for links.
          </DialogDescription>
        </DialogHeader>
        {/* A new form for each article, so one article's edits never show on another. */}
        {article && (
          <EditArticleFields
            key={article.id}
            article={article}
            mode={mode}
            isPending={isPending}
            onSave={(changes) => save(article.id, changes, onClose)}
            onClose={onClose}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function EditArticleFields({
  article,
  mode,
  isPending,
  onSave,
  onClose,
}: {
  article: Article;
  mode: Mode;
  isPending: boolean;
  onSave: (changes: ArticleChanges) => void;
  onClose: () => void;
}) {
  const form = useForm<EditArticleForm, unknown, ArticleChanges>({
    resolver: RESOLVERS[mode],
    defaultValues: valuesOf(article),
  });
  const { errors } = form.formState;
  const ids = useId();
  const categories = editCategoriesFor(article.category);
  const submit = form.handleSubmit(onSave, () => toastIfMissingFields(form.getValues()));

  return (
    <form onSubmit={submit} className="space-y-4">
      <fieldset disabled={isPending} className="space-y-4">
        <TextField id={`${ids}-title`} label="Title" error={errors.title?.message} {...form.register("title")} />
        <TextAreaField
          id={`${ids}-content`}
          label="Content"
          rows={15}
          className="font-mono text-sm"
          error={errors.content?.message}
          {...form.register("content")}
        />
        <TextAreaField
          id={`${ids}-excerpt`}
          label="Excerpt"
          rows={3}
          error={errors.excerpt?.message}
          {...form.register("excerpt")}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            control={form.control}
            name="category"
            id={`${ids}-category`}
            label="Category"
            options={categories.map((c) => ({ value: c, label: c }))}
          />
          <SelectField control={form.control} name="style" id={`${ids}-style`} label="Style" options={STYLES} />
        </div>
        <div className="space-y-2">
          <Label htmlFor={`${ids}-tags`}>Tags</Label>
          <Controller
            control={form.control}
            name="tags"
            render={({ field }) => <TagEditor id={`${ids}-tags`} tags={field.value} onChange={field.onChange} />}
          />
          {errors.tags && (
            <p className="text-sm text-destructive">{errors.tags.message ?? errors.tags.root?.message}</p>
          )}
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
  );
}
