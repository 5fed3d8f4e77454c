import type { AdminUser } from "@contract/admin";
import { ROLE_LABELS } from "@contract/admin";
import type { AdminListParams } from "@contract/admin-query";
import { Badge } from "@/components/ui/badge";
import { countLabel, displayName, formatDate } from "@/lib/format";
import { AdminPager, AdminSearchForm } from "./list-controls";
import { useAdminAddress, useAdminUsers } from "./use-admin";
import { UserAccessForm } from "./user-access-form";

const number = new Intl.NumberFormat("en-US");

/** The plan as it stands: active with its end, ended, or none. */
function planText(user: AdminUser): string {
  if (user.subscriptionStatus === "active") {
    const plan = user.subscriptionPlan
      ? `${user.subscriptionPlan[0]?.toUpperCase()}${user.subscriptionPlan.slice(1)}`
      : "Active";
    return user.subscriptionEndDate ? `${plan} until ${formatDate(user.subscriptionEndDate)}` : plan;
  }
  if (user.subscriptionStatus === "expired") return "Ended";
  return "No plan";
}

/** The Users tab: every account, searched by name or email, 20 a page, with role and type changes. */
export function AdminUsers({ params }: { params: AdminListParams }) {
  const { go } = useAdminAddress();
  const { data, isPending, isError, error } = useAdminUsers(params, true);
  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / (data?.pageSize || 1)));
  // What is on screen: while the next page loads, the previous one stays, and so does its page number.
  const summary = data
    ? `${countLabel(total, params.search ? "matching user" : "user")} · page ${data.page} of ${number.format(pages)}`
    : undefined;

  return (
    <section aria-label="Users" className="space-y-4">
      <AdminSearchForm
        tab="users"
        params={params}
        label="Search users"
        placeholder="Search by name or email..."
        onSearch={(search) => go("users", { search, page: 1 })}
      />
      {isPending ? (
        <p className="py-8 text-center text-muted-foreground">Loading users...</p>
      ) : isError ? (
        <p role="alert" className="py-8 text-center text-destructive">
          {error.message}
        </p>
      ) : data.users.length === 0 ? (
        <div className="rounded-xl border border-dashed bg-background p-12 text-center">
          <h2 className="text-lg font-semibold">No users found</h2>
          <p className="mt-1 text-sm text-muted-foreground">
            {params.search ? "No user's name or email matches this search." : "There are no more users."}
          </p>
        </div>
      ) : (
        <div className="overflow-x-auto rounded-xl border bg-background">
          <table className="w-full text-left text-sm">
            <thead className="border-b bg-muted/40 text-xs uppercase text-muted-foreground">
              <tr>
                <th className="px-4 py-3 font-medium">User</th>
                <th className="px-4 py-3 font-medium">Plan</th>
                <th className="px-4 py-3 text-right font-medium">Articles</th>
                <th className="px-4 py-3 font-medium">Joined</th>
                <th className="px-4 py-3 font-medium">Last seen</th>
                <th className="px-4 py-3 font-medium">Role and type</th>
              </tr>
            </thead>
            <tbody>
              {data.users.map((user) => (
                <tr key={user.id} className="border-b align-top last:border-0" data-testid="admin-user">
                  <td className="px-4 py-3">
                    <div className="flex flex-wrap items-center gap-2 font-medium">
                      {displayName(user)}
                      {user.role === "admin" && <Badge>{ROLE_LABELS.admin}</Badge>}
                    </div>
                    <div className="text-muted-foreground [overflow-wrap:anywhere]">{user.email}</div>
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap">{planText(user)}</td>
                  <td
                    className="px-4 py-3 text-right tabular-nums"
                    title={`${user.articlesGenerated} generated in all`}
                  >
                    {number.format(user.articleCount)}
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap">{formatDate(user.createdAt)}</td>
                  <td className="px-4 py-3 whitespace-nowrap">
                    {user.lastSeenAt ? formatDate(user.lastSeenAt) : "No session"}
                  </td>
                  <td className="px-4 py-3">
                    <UserAccessForm key={`${user.id}:${user.role}:${user.userType}`} user={user} params={params} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <AdminPager tab="users" params={params} hasNext={params.page < pages} summary={summary} />
    </section>
  );
}
