import type { FastifyInstance, onRequestHookHandler } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { MAILBOX_PATH, mailboxResponse, mailIdParams, mailMessage } from "../../contract/account";
import { errorResponse } from "../../contract/common";
import type { AppConfig } from "../config";
import { HttpError } from "../http/errors";
import { createMailer, type Mailer } from "./mailer";

declare module "fastify" {
  interface FastifyInstance {
    /** The app's mail (server/mail/mailer.ts): SMTP_URL's server, or the dev mailbox. */
    mailer: Mailer;
  }
}

export const NO_DEV_MAILBOX =
  "Mail goes to the SMTP server (SMTP_URL), so there is no dev mailbox. Look in the addressee's inbox.";

/**
 * Adds `app.mailer` for every feature, waits for mail still being sent when the app closes, and
 * serves the dev mailbox (GET /api/admin/mailbox and /api/admin/mailbox/{id}) behind `adminOnly`
 * (the auth feature's requireAdmin: given, so mail depends on no feature).
 */
export async function registerMail(
  app: FastifyInstance,
  config: AppConfig,
  { adminOnly }: { adminOnly: onRequestHookHandler },
): Promise<void> {
  const mailer = createMailer(config, app.log);
  app.decorate("mailer", mailer);
  app.addHook("onClose", async () => mailer.close());
  await app.register(mailboxRoutes, { mailer, adminOnly });
}

const mailboxRoutes: FastifyPluginAsyncZod<{ mailer: Mailer; adminOnly: onRequestHookHandler }> = async (
  app,
  { mailer, adminOnly },
) => {
  const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
  const mailbox = () => {
    if (!mailer.mailbox) throw new HttpError(404, NO_DEV_MAILBOX);
    return mailer.mailbox;
  };

  app.get(MAILBOX_PATH, { onRequest: adminOnly, schema: { response: { 200: mailboxResponse, ...errors } } }, async () =>
    mailbox().list(),
  );

  app.get(
    `${MAILBOX_PATH}/:id`,
    { onRequest: adminOnly, schema: { params: mailIdParams, response: { 200: mailMessage, ...errors } } },
    async (request) => {
      const message = await mailbox().read(request.params.id);
      if (!message) throw new HttpError(404, "No such message in the mailbox.");
      return message;
    },
  );
};
