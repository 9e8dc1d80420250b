/** The 'Add New Admin' and 'Change Password' dialogs of User Management (spec sections 2, 5, 8). */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { Button } from '../../ui/button.tsx';
import { Dialog, DialogClose } from '../../ui/dialog.tsx';
import { Field, Input } from '../../ui/field.tsx';
import { toast } from '../../ui/toaster.tsx';

/** Spec section 5: non-blank after trimming; no length rule is shown (the server applies its own). */
const nonBlank = (message: string) => z.string().check(z.refine((value) => value.trim() !== '', message));

const newAdminSchema = z.object({ email: nonBlank('Email is required'), password: nonBlank('Password is required') });
const newPasswordSchema = z.object({ newPassword: nonBlank('New password is required') });

function messageOf(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

export interface AddAdminDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  createAdmin: (email: string, password: string) => Promise<void>;
  onCreated: () => void;
}

export function AddAdminDialog({ open, onOpenChange, createAdmin, onCreated }: AddAdminDialogProps) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<z.infer<typeof newAdminSchema>>({
    resolver: zodResolver(newAdminSchema),
    defaultValues: { email: '', password: '' },
  });

  const submit = handleSubmit(async ({ email, password }) => {
    try {
      await createAdmin(email.trim(), password);
      toast.success('Admin account created. They can login now.');
      reset();
      onOpenChange(false);
      onCreated();
    } catch (error) {
      toast.error('Error', { description: messageOf(error, 'Failed to create admin') });
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
      title="Add New Admin"
      description="Create a new admin account. They can login immediately with these credentials."
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        <Field label="Email" error={errors.email?.message}>
          {(ids) => <Input {...ids} type="email" autoComplete="off" required {...register('email')} />}
        </Field>
        <Field label="Password" error={errors.password?.message}>
          {(ids) => <Input {...ids} type="password" autoComplete="new-password" required {...register('password')} />}
        </Field>
        <div className="flex justify-end gap-2">
          <DialogClose>
            <Button variant="outline" disabled={isSubmitting}>
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Loading...' : 'Create Admin'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

export interface ChangePasswordDialogProps {
  /** The admin whose password changes; null keeps the dialog closed. */
  admin: { user_id: string; email: string } | null;
  onClose: () => void;
  changePassword: (userId: string, newPassword: string) => Promise<void>;
}

export function ChangePasswordDialog({ admin, onClose, changePassword }: ChangePasswordDialogProps) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<z.infer<typeof newPasswordSchema>>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { newPassword: '' },
  });

  const close = () => {
    reset();
    onClose();
  };

  const submit = handleSubmit(async ({ newPassword }) => {
    if (!admin) return;
    try {
      await changePassword(admin.user_id, newPassword);
      toast.success('Password changed successfully');
      close();
    } catch (error) {
      toast.error('Error', { description: messageOf(error, 'Failed to change password') });
    }
  });

  return (
    <Dialog
      open={admin !== null}
      onOpenChange={(next) => {
        if (!next) close();
      }}
      title="Change Password"
      description={`Update the password for ${admin?.email ?? ''}`}
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        <Field label="New Password" error={errors.newPassword?.message}>
          {(ids) => (
            <Input {...ids} type="password" autoComplete="new-password" required {...register('newPassword')} />
          )}
        </Field>
        <div className="flex justify-end gap-2">
          <DialogClose>
            <Button variant="outline" disabled={isSubmitting}>
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Loading...' : 'Change Password'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
