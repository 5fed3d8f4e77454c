/**
 * Receipts: every quotation, credited speaker and moment link in an article checked in code
 * against the video's sources (check.ts mends, audit.ts only counts). See check.ts for the rules.
 */
export { type AuditReport, auditArticle, emptyAuditReport, QUOTE_LINK_TOLERANCE } from "./audit";
export { type CheckInput, type CheckResult, checkArticle, momentOf, notesChecker } from "./check";
export type { ReceiptSources } from "./sources";
