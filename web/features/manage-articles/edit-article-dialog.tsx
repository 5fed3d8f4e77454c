import { ACTION_INTENTS } from "@contract/action-forms";
import type { EditArticleAnswer } from "@contract/article-forms";
import { type Article, adminUpdateArticleRequest, updateArticleRequest } from "@contract/articles";
import { zodResolver } from "@hookform/resolvers/zod";
import { type FormEvent, useId, useState } from "react";
import { Controller, type Resolver, useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { CancelLink } from "@/components/ui/cancel-link";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { FormAlert } from "@/components/ui/form-alert";
import { Label } from "@/components/ui/label";
import { PendingLabel } from "@/components/ui/pending-label";
import { TextAreaField, TextField } from "@/components/ui/text-field";
import { useFormAnswer } from "@/features/auth/use-form-answer";
import { fieldProps } from "@/lib/form-fields";
import { CategoryAndStyleFields } from "./category-style-fields";
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
 * categories plus the article's current one (decisions.md), style, and tags. It is a real form
 * too: opened by its address (/my-articles?edit=12) it is in the server's HTML (`inline`), and
 * posted before the page's scripts run, or without them, the server saves it
 * (server/pages/action-posts.ts).
 */
export function EditArticleDialog({
  article,
  mode = "owner",
  onClose,
  inline = false,
}: {
  article: Article | null;
  mode?: Mode;
  onClose: () => void;
  inline?: boolean;
}) {
  const { save, isPending } = useSaveArticle(mode);
  return (
    <Dialog open={article !== null} onOpenChange={(open) => !open && !isPending && onClose()}>
      <DialogContent className="sm:max-w-2xl" portal={!inline}>
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

/** Where the edit form posts without scripts, and where Cancel leads. */
const PAGE_OF: Record<Mode, "/my-articles" | "/admin"> = { owner: "/my-articles", admin: "/admin" };

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
  // The server's answer to this article's edit posted without scripts: what was typed, and why
  // it was not saved.
  const answer = useFormAnswer<EditArticleAnswer>("edit-article");
  const [answered] = useState(() => (answer?.articleId === article.id ? answer : undefined));
  const [defaults] = useState<EditArticleForm>(() =>
    answered ? { ...answered.values, style: answered.values.style as Article["style"] } : valuesOf(article),
  );
  const [serverProblem, setServerProblem] = useState(answered?.error);
  const form = useForm<EditArticleForm, unknown, ArticleChanges>({
    resolver: RESOLVERS[mode],
    defaultValues: defaults,
  });
  const { errors } = form.formState;
  const ids = useId();
  const field = fieldProps(form, defaults, ids);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    setServerProblem(undefined);
    return form.handleSubmit(onSave, () => toastIfMissingFields(form.getValues()))(event);
  };
  const page = PAGE_OF[mode];

  return (
    <form method="post" action={page} onSubmit={submit} className="space-y-4">
      <input type="hidden" name="intent" value={ACTION_INTENTS.edit} />
      <input type="hidden" name="articleId" value={article.id} />
      {serverProblem && <FormAlert {...serverProblem} />}
      <fieldset disabled={isPending} className="space-y-4">
        <TextField label="Title" {...field("title")} />
        <TextAreaField label="Content" rows={15} className="font-mono text-sm" {...field("content")} />
        <TextAreaField label="Excerpt" rows={3} {...field("excerpt")} />
        <CategoryAndStyleFields
          current={article.category}
          category={field("category")}
          style={field("style")}
          className="gap-4"
        />
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
        <CancelLink href={page} onCancel={onClose} disabled={isPending} />
        <Button type="submit" disabled={isPending}>
          <PendingLabel pending={isPending} busy="Saving...">
            Save Changes
          </PendingLabel>
        </Button>
      </DialogFooter>
    </form>
  );
}
