/**
 * change-admin-password (spec 2 "Admin: User Management", 6, 7): an admin sets a new password for
 * another admin. Not for the caller's own account (that goes through the signed-in user's own
 * password change, which GoTrue guards), and not for non-admin accounts: the spec gives admins power
 * over admin accounts only, and resetting any user's password would be an account takeover tool.
 * The auth service applies its password rules and, as GoTrue does, signs the target out everywhere.
 */
import { z } from 'zod';
import { isAdmin, requireAdmin } from '../_shared/admin-auth.ts';
import { authServiceFailure } from '../_shared/auth-errors.ts';
import { FunctionError, jsonFunction, jsonResponse, readJsonBody } from '../_shared/http.ts';
import { requirePasswordLength } from '../_shared/password-rule.ts';
import { createServiceClient } from '../_shared/supabase.ts';

const ChangePasswordBody = z.object({
  userId: z.string({ error: 'userId is required' }).pipe(z.guid({ error: 'userId must be a user id' })),
  newPassword: z.string({ error: 'New password is required' }).refine((password) => password.trim() !== '', {
    error: 'New password is required',
  }),
});

export const handler = jsonFunction(
  { name: 'change-admin-password', failureMessage: 'Failed to change password' },
  async (request) => {
    const service = createServiceClient();
    const caller = await requireAdmin(request, service, 'Only admins can change admin passwords');
    const { userId, newPassword } = await readJsonBody(request, ChangePasswordBody);
    if (userId.toLowerCase() === caller.id.toLowerCase()) {
      throw new FunctionError(400, 'You cannot change your own password here');
    }
    if (!(await isAdmin(service, userId))) {
      throw new FunctionError(403, "Only another admin's password can be changed here");
    }
    requirePasswordLength(newPassword);
    const { error } = await service.auth.admin.updateUserById(userId, { password: newPassword });
    if (error) throw authServiceFailure(error, 'changing the password');
    return jsonResponse({ success: true });
  },
);
