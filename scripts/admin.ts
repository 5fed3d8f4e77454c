// Account administration from the shell: `npm run admin -- grant <email>` (or `revoke <email>`).
// Running it proves access to the server, which signing up with an address never does. On the
// embedded database stop the server first (one process at a time), or use the setup link the
// server logs at start instead (server/auth/admin-setup.ts).
import { demoteAdmins, promoteAdmins } from "../server/auth/repository";
import { configOrExit, openAppDatabase } from "../server/boot";

const USAGE = "Usage: npm run admin -- grant <email>   (or: revoke <email>)";

async function run(args: string[]): Promise<number> {
  const [command, email] = args;
  // "promote" is the command's earlier name.
  const grant = command === "grant" || command === "promote";
  if ((!grant && command !== "revoke") || !email?.trim()) {
    console.error(USAGE);
    return 2;
  }
  const config = configOrExit();
  const database = await openAppDatabase(config);
  try {
    const changed = grant
      ? await promoteAdmins(database.db, [email.trim()])
      : await demoteAdmins(database.db, [email.trim()]);
    if (changed.length === 0) {
      console.error(`No account with the email ${email.trim()}. Register it first, then ${command} it.`);
      return 1;
    }
    console.log(grant ? `${changed[0]} is now an admin.` : `${changed[0]} is no longer an admin.`);
    return 0;
  } finally {
    await database.close();
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
