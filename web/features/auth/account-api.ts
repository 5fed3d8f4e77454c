import { type AccountMessage, accountMessageResponse } from "@contract/account";
import { apiRequest } from "@/lib/api";

/**
 * Posts to one of the account's mailed-link routes (contract/account.ts) and answers its
 * sentence; a refusal throws ApiError with the server's own sentence.
 */
export async function postAccount(path: string, body?: unknown): Promise<AccountMessage> {
  const response = await apiRequest("POST", path, body);
  return accountMessageResponse.parse(await response.json());
}
