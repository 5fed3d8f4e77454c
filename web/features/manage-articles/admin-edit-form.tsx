import { type Article, adminUpdateArticleRequest } from "@contract/articles";
import { editCategoriesFor, STYLES } from "@contract/options";
import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2 } from "lucide-react";
import { useId } from "react";
import { Controller, type Resolver, useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { LabeledSelect } from "@/components/ui/labeled-select";
import { TextField } from "@/components/ui/text-field";
import { Textarea } from "@/components/ui/textarea";
import { type ArticleChanges, toastIfMissingFields, useSaveArticle } from "./use-manage-articles";

interface AdminEditValues {
  title: string;
  excerpt: string;
  content: string;
  category: string;
  style: Article["style"];
}

// The admin's PUT takes any of the fields; the form sends them all, each checked as the server will.
const adminEditResolver = zodResolver(adminUpdateArticleRequest) as unknown as Resolver<
  AdminEditValues,
  unknown,
  ArticleChanges
>;

/** Edit mode: title, excerpt, content, category and style, with Save and Cancel (spec section 4). */
export function AdminEditForm({ article, onDone }: { article: Article; onDone: () => void }) {
  const form = useForm<AdminEditValues, unknown, ArticleChanges>({
    resolver: adminEditResolver,
    defaultValues: {
      title: article.title,
      excerpt: article.excerpt,
      content: article.contentMarkdown ?? "",
      category: article.category,
      style: article.style,
    },
  });
  const { errors } = form.formState;
  const { save, isPending } = useSaveArticle("admin");
  const ids = useId();
  const categories = editCategoriesFor(article.category);
  const submit = form.handleSubmit(
    (changes) => save(article.id, changes, onDone),
    () => toastIfMissingFields(form.getValues()),
  );

  return (
    <form onSubmit={submit}>
      <fieldset disabled={isPending} className="space-y-3">
        <TextField id={`${ids}-title`} label="Title" error={errors.title?.message} {...form.register("title")} />
        <div className="space-y-1.5">
          <Label htmlFor={`${ids}-excerpt`}>Excerpt</Label>
          <Textarea
            id={`${ids}-excerpt`}
            rows={3}
            aria-invalid={errors.excerpt ? true : undefined}
            aria-describedby={errors.excerpt ? `${ids}-excerpt-error` : undefined}
            {...form.register("excerpt")}
          />
          {errors.excerpt && (
            <p id={`${ids}-excerpt-error`} className="text-sm text-destructive">
              {errors.excerpt.message}
            </p>
          )}
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${ids}-content`}>Content</Label>
          <Textarea
            id={`${ids}-content`}
            rows={10}
            className="font-mono text-sm"
            aria-invalid={errors.content ? true : undefined}
            aria-describedby={errors.content ? `${ids}-content-error` : undefined}
            {...form.register("content")}
          />
          {errors.content && (
            <p id={`${ids}-content-error`} className="text-sm text-destructive">
              {errors.content.message}
            </p>
          )}
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <Controller
            control={form.control}
            name="category"
            render={({ field }) => (
              <LabeledSelect
                id={`${ids}-category`}
                label="Category"
                value={field.value}
                onChange={field.onChange}
                options={categories.map((c) => ({ value: c, label: c }))}
              />
            )}
          />
          <Controller
            control={form.control}
            name="style"
            render={({ field }) => (
              <LabeledSelect
                id={`${ids}-style`}
                label="Style"
                value={field.value}
                onChange={field.onChange}
                options={STYLES}
              />
            )}
          />
        </div>
        <div className="flex gap-2">
          <Button type="submit" size="sm">
            {isPending && <Loader2 className="animate-spin" />} Save
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={onDone}>
            Cancel
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
