/**
 * The fields a resident signs up and logs in with. Their own module, so the public forms load
 * them without the profile schemas.
 */
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../constants.ts';

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Enter a valid email address' }))
  .pipe(z.string().max(254));
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(200, 'Password must be at most 200 characters');
export const usernameSchema = z
  .string()
  .trim()
  .min(2, 'Username must be at least 2 characters')
  .max(40, 'Username must be at most 40 characters')
  .regex(
    /^[\p{L}\p{N}_.\- ]+$/u,
    'Username may contain letters, numbers, spaces, dots, dashes and underscores',
  );
