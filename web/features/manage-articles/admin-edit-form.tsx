import { ACTION_INTENTS } from "@contract/action-forms";
import type { EditArticleAnswer } from "@contract/article-forms";
import { type Article, adminUpdateArticleRequest } from "@contract/articles";
import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2 } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { CancelLink } from "@/components/ui/cancel-link";
import { FormAlert } from "@/components/ui/form-alert";
import { TextAreaField, TextField } from "@/components/ui/text-field";
import { useFormAnswer } from "@/features/auth/use-form-answer";
import { fieldProps } from "@/lib/form-fields";
import { CategoryAndStyleFields } from "./category-style-fields";
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
  // The server's answer to this article's edit posted without scripts (server/pages/action-posts.ts).
  const answer = useFormAnswer<EditArticleAnswer>("edit-article");
  const [answered] = useState(() => (answer?.articleId === article.id ? answer : undefined));
  const [defaults] = useState<AdminEditValues>(() => {
    const values = answered?.values;
    return values
      ? { ...values, style: values.style as Article["style"] }
      : {
          title: article.title,
          excerpt: article.excerpt,
          content: article.contentMarkdown ?? "",
          category: article.category,
          style: article.style,
        };
  });
  const [serverProblem, setServerProblem] = useState(answered?.error);
  const form = useForm<AdminEditValues, unknown, ArticleChanges>({
    resolver: adminEditResolver,
    defaultValues: defaults,
  });
  const { save, isPending } = useSaveArticle("admin");
  const field = fieldProps(form, defaults, useId());
  const submit = (event: FormEvent<HTMLFormElement>) => {
    setServerProblem(undefined);
    return form.handleSubmit(
      (changes) => save(article.id, changes, onDone),
      () => toastIfMissingFields(form.getValues()),
    )(event);
  };

  // A real form: before the page's scripts run, or without them, it posts to /admin and the server saves it.
  return (
    <form method="post" action="/admin" onSubmit={submit}>
      <input type="hidden" name="intent" value={ACTION_INTENTS.edit} />
      <input type="hidden" name="articleId" value={article.id} />
      <fieldset disabled={isPending} className="space-y-3">
        {serverProblem && <FormAlert {...serverProblem} />}
        <TextField label="Title" {...field("title")} />
        <TextAreaField label="Excerpt" rows={3} {...field("excerpt")} />
        <TextAreaField label="Content" rows={10} className="font-mono text-sm" {...field("content")} />
        <CategoryAndStyleFields
          current={article.category}
          category={field("category")}
          style={field("style")}
          className="gap-3"
        />
        <div className="flex gap-2">
          <Button type="submit" size="sm">
            {isPending && <Loader2 className="animate-spin" />} Save
          </Button>
          <CancelLink href="/admin" onCancel={onDone} size="sm" />
        </div>
      </fieldset>
    </form>
  );
}
