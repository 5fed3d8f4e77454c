import { ACTION_INTENTS } from "@contract/action-forms";
import { EDIT_ARTICLE_PARAM } from "@contract/article-forms";
import { Pencil, Trash2 } from "lucide-react";
import { AddressButton } from "@/components/ui/address-button";
import { Button } from "@/components/ui/button";

/**
 * An article's Edit and Delete on /my-articles and /admin. Both work before the page's scripts
 * run and without them: Edit asks for the page with the editor open (?edit={id}), Delete posts
 * to the page and the server asks to confirm (server/pages/action-posts.ts). Once hydrated,
 * Edit opens the editor in place and Delete asks in the page.
 */
export function EditDeleteButtons({
  page,
  articleId,
  onEdit,
  onEditSoon,
  onDelete,
  deleting,
}: {
  page: "/my-articles" | "/admin";
  articleId: number;
  onEdit: () => void;
  /** The pointer or focus came to Edit: load the editor's code. */
  onEditSoon: () => void;
  onDelete: () => void;
  deleting: boolean;
}) {
  return (
    <>
      <AddressButton
        action={page}
        params={{ [EDIT_ARTICLE_PARAM]: String(articleId) }}
        onOpen={onEdit}
        className="contents"
        variant="outline"
        size="sm"
        onPointerEnter={onEditSoon}
        onFocus={onEditSoon}
      >
        <Pencil /> Edit
      </AddressButton>
      <form method="post" action={page} className="contents" onSubmit={(event) => event.preventDefault()}>
        <input type="hidden" name="intent" value={ACTION_INTENTS.delete} />
        <input type="hidden" name="articleId" value={articleId} />
        <Button
          type="submit"
          variant="outline"
          size="sm"
          className="text-destructive hover:text-destructive"
          disabled={deleting}
          onClick={onDelete}
        >
          <Trash2 /> Delete
        </Button>
      </form>
    </>
  );
}
