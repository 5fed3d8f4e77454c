import { z } from "zod";

/** Every error the API answers has this shape: one sentence a person can read. */
export const errorResponse = z.object({ message: z.string() });
export type ErrorResponse = z.infer<typeof errorResponse>;

/**
 * A required text field with messages a person understands, whatever was sent: missing, the
 * wrong type, blank, or too long.
 */
export function requiredText(label: string, max: number) {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be text`,
    })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` });
}

/** A list of choices from a fixed set; repeats are dropped, order kept. */
export function choiceList<const T extends readonly [string, ...string[]]>(label: string, choices: T) {
  return z
    .array(
      z.enum(choices, {
        error: (issue) =>
          typeof issue.input === "string"
            ? `"${issue.input.slice(0, 40)}" is not one of the ${label} we offer`
            : `${label} must be a list of names`,
      }),
      { error: `${label} must be a list` },
    )
    .max(choices.length * 2, { error: `Too many ${label}` })
    .default([])
    .transform((values) => [...new Set(values)]);
}

/** The largest value of a PostgreSQL integer column (ids are serial): 2^31 - 1. */
export const MAX_RECORD_ID = 2_147_483_647;

/** An id as a path segment holds it: 1 to 9 digits (so always below MAX_RECORD_ID). */
export const ID_SEGMENT = /^\d{1,9}$/;

/** A record id in a path segment, as a number; anything else is a 400 with this message. */
export function pathId(message: string) {
  return z.string().regex(ID_SEGMENT, { error: message }).transform(Number);
}

/**
 * A record id sent as a number or numeric text: a whole number from 1 to MAX_RECORD_ID, so an
 * id the database could not even compare is a 400 with this message, not a database error.
 */
export function recordId(message: string) {
  return z.coerce
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(MAX_RECORD_ID, { error: message });
}
