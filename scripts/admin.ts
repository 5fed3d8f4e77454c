// Account administration from the shell: `npm run admin -- promote <email>`.
import { promoteAdmins } from "../server/auth/repository";
import { configOrExit, openAppDatabase } from "../server/boot";

const USAGE = "Usage: npm run admin -- promote <email>";

async function run(args: string[]): Promise<number> {
  const [command, email] = args;
  if (command !== "promote" || !email) {
    console.error(USAGE);
    return 2;
  }
  const config = configOrExit();
  const database = await openAppDatabase(config);
  try {
    const promoted = await promoteAdmins(database.db, [email.trim()]);
    if (promoted.length === 0) {
      console.error(`No account with the email ${email}. Register it first, then promote it.`);
      return 1;
    }
    console.log(`${promoted[0]} is now an admin.`);
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
