/**
 * Bodies of the forms on the public pages: log in, sign up, forgot and reset password, contact.
 * They need only the credential fields, so a public page's form loads a few schemas, not the
 * account and profile ones.
 */
import { z } from 'zod';
import { emailSchema, passwordSchema, usernameSchema } from './credentials.ts';

export const loginBodySchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Password is required').max(200),
});
export const signupBodySchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  username: usernameSchema,
  acceptTerms: z.literal(true, { message: 'You must accept the terms of service and privacy policy' }),
  /** The code of a lobby invitation (letters and digits without look-alikes). */
  inviteCode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-HJ-NP-Z2-9]{8}$/, 'must be the 8-character code from the invitation')
    .optional(),
});
export const forgotPasswordBodySchema = z.object({ email: emailSchema });
export const resetPasswordBodySchema = z.object({
  token: z.string().min(10).max(200),
  password: passwordSchema,
});
export const contactBodySchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100),
  email: emailSchema,
  message: z.string().trim().min(1, 'Message is required').max(5000),
});
