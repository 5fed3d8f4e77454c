import { CREATE_ARTICLE_PARAM } from "@contract/article-forms";
import { Plus } from "lucide-react";
import type { ReactNode } from "react";
import { AddressButton } from "@/components/ui/address-button";

/** The Create Article button: opens the dialog in place, or (before scripts) at /?create=1. */
export function CreateArticleButton({
  onCreate,
  className,
  children,
}: {
  onCreate: () => void;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <AddressButton action="/" params={{ [CREATE_ARTICLE_PARAM]: "1" }} onOpen={onCreate} className={className}>
      {children ?? (
        <>
          <Plus /> Create Article
        </>
      )}
    </AddressButton>
  );
}
