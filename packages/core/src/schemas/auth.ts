import { z } from "zod";
import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../catalogue/constants.ts";
import { messages } from "../messages.ts";
import { hasNoNul } from "./text.ts";

const email = z
  .string()
  .trim()
  .min(1, messages.auth.emailRequired)
  .pipe(z.email(messages.auth.emailInvalid))
  .transform((v) => v.toLowerCase());

export const signInSchema = z.object({
  email,
  password: z.string().min(1, messages.auth.passwordRequired),
});
export type SignInInput = z.input<typeof signInSchema>;

/** A password is strong enough when it has 8..128 characters with at least one letter and one digit. */
export const passwordSchema = z
  .string()
  .min(1, messages.auth.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, messages.auth.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, messages.auth.passwordTooLong)
  .refine((v) => /\p{L}/u.test(v) && /\d/.test(v), messages.auth.passwordWeak);

export const signUpSchema = z.object({
  name: z
    .string()
    .trim()
    .max(NAME_MAX_LENGTH, messages.auth.nameTooLong)
    .refine(hasNoNul, messages.common.nulCharacter),
  email,
  password: passwordSchema,
});
export type SignUpInput = z.input<typeof signUpSchema>;
