import { type Article, adminUpdateArticleRequest } from "@contract/articles";
import { editCategoriesFor, STYLES } from "@contract/options";
import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2 } from "lucide-react";
import { useId } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/labeled-select";
import { TextAreaField, TextField } from "@/components/ui/text-field";
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
        <TextAreaField
          id={`${ids}-excerpt`}
          label="Excerpt"
          rows={3}
          error={errors.excerpt?.message}
          {...form.register("excerpt")}
        />
        <TextAreaField
          id={`${ids}-content`}
          label="Content"
          rows={10}
          className="font-mono text-sm"
          error={errors.content?.message}
          {...form.register("content")}
        />
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField
            control={form.control}
            name="category"
            id={`${ids}-category`}
            label="Category"
            options={categories.map((c) => ({ value: c, label: c }))}
          />
          <SelectField control={form.control} name="style" id={`${ids}-style`} label="Style" options={STYLES} />
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
