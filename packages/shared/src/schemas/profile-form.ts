import { z } from 'zod';
import { emailSchema, userMetadataSchema, usernameSchema } from './user.ts';

/**
 * The account settings form as a whole (web client validation before PUT /api/profile): the same
 * field rules as sign-up and the profile metadata shape.
 */
export const profileFormSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  description: z.string().trim().max(1000, 'Description must be at most 1000 characters'),
  metadata: userMetadataSchema,
});
