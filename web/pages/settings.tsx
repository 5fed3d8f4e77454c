import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { PageShell, SignInRequired } from "@/features/layout/page-shell";
import { ProfilePictureCard } from "@/features/profile-picture/profile-picture-card";
import { ChangePasswordCard } from "@/features/settings/change-password-card";
import { DeleteAccountCard } from "@/features/settings/delete-account-card";
import { ExportCard } from "@/features/settings/export-card";
import { ProfileCard } from "@/features/settings/profile-card";
import { useAuth } from "@/hooks/use-auth";
import { displayName } from "@/lib/format";

function Row({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="flex flex-col gap-1 border-b py-3 last:border-0 sm:flex-row sm:items-center sm:justify-between">
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className="break-all text-sm font-medium sm:text-right">{value}</dd>
    </div>
  );
}

export default function SettingsPage() {
  const { user } = useAuth();
  if (!user) return <SignInRequired message="Please sign in to manage your settings." />;

  return (
    <PageShell className="max-w-3xl space-y-6">
      <h1 className="text-3xl font-bold tracking-tight">Settings</h1>
      <ProfilePictureCard user={user} />
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">Account Information</CardTitle>
          <CardDescription>Your account details.</CardDescription>
        </CardHeader>
        <CardContent>
          <dl>
            <Row label="Name" value={displayName(user)} />
            <Row label="Email" value={user.email} />
            <Row label="Account Type" value={user.userType || "guest"} />
            <Row label="Articles Generated" value={user.articlesGenerated ?? 0} />
          </dl>
        </CardContent>
      </Card>
      <ProfileCard user={user} />
      <ChangePasswordCard />
      <ExportCard />
      <DeleteAccountCard />
    </PageShell>
  );
}
