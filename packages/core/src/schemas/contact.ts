import { z } from "zod";
import { CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX, CONTACT_SUBJECT_MAX } from "../catalogue/constants.ts";
import { messages } from "../messages.ts";
import { hasNoNul } from "./text.ts";

const required = (label: string, max: number) =>
  z
    .string({ error: messages.contact.fillAllFields })
    .trim()
    .min(1, messages.contact.fillAllFields)
    .max(max, messages.contact.tooLong(label, max))
    .refine(hasNoNul, messages.common.nulCharacter);

/**
 * The contact form (spec: firstName, lastName, email, subject, message; all required). `website` is a
 * honeypot: hidden from people, filled in by bots; a message that carries it is accepted and dropped.
 */
export const contactMessageSchema = z.object({
  firstName: required("First name", CONTACT_NAME_MAX),
  lastName: required("Last name", CONTACT_NAME_MAX),
  email: z
    .string({ error: messages.contact.fillAllFields })
    .trim()
    .min(1, messages.contact.fillAllFields)
    .max(254, messages.contact.emailInvalid)
    .pipe(z.email(messages.contact.emailInvalid)),
  subject: required("Subject", CONTACT_SUBJECT_MAX),
  message: required("Message", CONTACT_MESSAGE_MAX),
  website: z.string().max(500).optional(),
});
export type ContactMessageInput = z.input<typeof contactMessageSchema>;
export type ContactMessage = z.output<typeof contactMessageSchema>;

export const contactResponseSchema = z.object({ success: z.literal(true) });
export type ContactResponse = z.infer<typeof contactResponseSchema>;

/** Lifecycle of a stored message: queued for SMTP, kept in the outbox (no SMTP configured), sent or failed. */
export const CONTACT_STATUSES = ["queued", "outbox", "sent", "failed"] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];
