import { type FormName, formAnswerKey } from "@contract/auth-forms";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";

/** The form's answer from the server, if this page is one; taken out of the cache once read. */
export function useFormAnswer<Answer>(form: FormName): Answer | undefined {
  const queryClient = useQueryClient();
  const [answer] = useState(() => queryClient.getQueryData<Answer>(formAnswerKey(form)));
  useEffect(() => {
    queryClient.removeQueries({ queryKey: formAnswerKey(form), exact: true });
  }, [queryClient, form]);
  return answer;
}
