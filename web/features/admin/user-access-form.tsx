import {
  type AdminUser,
  adminUpdateUserRequest,
  ROLE_LABELS,
  UPDATE_USER_FAILED,
  USER_ROLES,
  USER_TYPE_LABELS,
  USER_TYPES,
  type UserRole,
  type UserType,
} from "@contract/admin";
import { type AdminListParams, UPDATE_USER_INTENT } from "@contract/admin-query";
import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2 } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/labeled-select";
import { useAuth } from "@/hooks/use-auth";
import { toast } from "@/hooks/use-toast";
import { fieldProps } from "@/lib/form-fields";
import { displayName } from "@/lib/format";
import { useUpdateUserAccess } from "./use-admin";

interface AccessValues {
  role: UserRole;
  userType: UserType;
}

// The same schema the server checks PUT /api/admin/users/{id} and the no-script post with.
const accessResolver = zodResolver(adminUpdateUserRequest) as unknown as Resolver<AccessValues, unknown, AccessValues>;

const ROLE_OPTIONS = USER_ROLES.map((value) => ({ value, label: ROLE_LABELS[value] }));
const TYPE_OPTIONS = USER_TYPES.map((value) => ({ value, label: USER_TYPE_LABELS[value] }));

/**
 * A user's role and account type, with Save. A real form: before the page's scripts run, or
 * without them, it posts to /admin and the server saves it (server/pages/action-posts.ts), then
 * shows this page of the list again; once hydrated it saves through the API and says so in a toast.
 */
export function UserAccessForm({ user, params }: { user: AdminUser; params: AdminListParams }) {
  const { user: me } = useAuth();
  const [defaults] = useState<AccessValues>(() => ({
    role: user.role,
    userType: (USER_TYPES as readonly string[]).includes(user.userType) ? (user.userType as UserType) : "guest",
  }));
  const form = useForm<AccessValues, unknown, AccessValues>({ resolver: accessResolver, defaultValues: defaults });
  const field = fieldProps(form, defaults, useId());
  const update = useUpdateUserAccess();

  const submit = (event: FormEvent<HTMLFormElement>) =>
    form.handleSubmit((values) => {
      const change: Partial<AccessValues> = {};
      if (values.role !== user.role) change.role = values.role;
      if (values.userType !== user.userType) change.userType = values.userType;
      if (!change.role && !change.userType) {
        toast({ title: "Nothing to change", description: `${displayName(user)} already has this role and type.` });
        return;
      }
      update.mutate(
        { id: user.id, change },
        {
          onSuccess: (saved) => {
            toast({
              title: "User updated",
              description: `${displayName(saved)} is now ${ROLE_LABELS[saved.role]} · ${
                USER_TYPE_LABELS[saved.userType as UserType] ?? saved.userType
              }.`,
            });
            // Without the admin role this page is no longer theirs: load it again to see so.
            if (saved.id === me?.id && saved.role !== "admin") window.location.assign("/admin");
          },
          onError: (error: Error) => {
            form.reset(defaults);
            toast({ title: UPDATE_USER_FAILED, description: error.message, variant: "destructive" });
          },
        },
      );
    })(event);

  return (
    <form method="post" action="/admin" onSubmit={submit} className="flex flex-wrap items-end gap-2 xl:flex-nowrap">
      <input type="hidden" name="intent" value={UPDATE_USER_INTENT} />
      <input type="hidden" name="userId" value={user.id} />
      {params.search && <input type="hidden" name="search" value={params.search} />}
      {params.page > 1 && <input type="hidden" name="page" value={params.page} />}
      <fieldset disabled={update.isPending} className="contents">
        <div className="w-28">
          <SelectField label="Role" options={ROLE_OPTIONS} {...field("role")} className="h-9" />
        </div>
        <div className="w-32">
          <SelectField label="Type" options={TYPE_OPTIONS} {...field("userType")} className="h-9" />
        </div>
        <Button type="submit" size="sm" variant="outline">
          {update.isPending && <Loader2 className="animate-spin" />} Save
        </Button>
      </fieldset>
    </form>
  );
}
