import { EXPORT_PATH } from "@contract/account";
import { Download } from "lucide-react";
import { buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

/**
 * Settings' "Download my data" (issue 18 item 4): a plain link to GET /api/user/export, which
 * answers a JSON file as an attachment, so it works the same with or without JavaScript.
 */
export function ExportCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Your data</CardTitle>
        <CardDescription>
          One JSON file with your account details, your articles (in Markdown), your ratings, bookmarks, follows and
          comments, and the articles you have read.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <a href={EXPORT_PATH} download className={buttonVariants({ variant: "outline" })}>
          <Download className="mr-2 h-4 w-4" aria-hidden />
          Download my data
        </a>
      </CardContent>
    </Card>
  );
}
