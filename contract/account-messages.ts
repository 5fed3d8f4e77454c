// The account's messages, apart from its schemas: the landing page shows one, and importing it
// from account.ts would bring zod into the entry chunk every page loads first.
export const ACCOUNT_DELETED = "Your account and everything in it have been deleted.";
export const DELETE_ACCOUNT_FAILED = "Could not delete your account";
export const WRONG_PASSWORD = "Your password is not correct.";
