/**
 * The 'Add New Admin', 'Invite Admin' and 'Change Password' dialogs of User Management (spec sections
 * 2, 5, 8).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { FormEvent, ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { emailField } from '../../lib/email-field.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog, DialogClose } from '../../ui/dialog.tsx';
import { Field, Input } from '../../ui/field.tsx';
import { toast, toastError } from '../../ui/toaster.tsx';

/** Spec section 5: non-blank after trimming; no length rule is shown (the server applies its own). */
const nonBlank = (message: string) => z.string().check(z.refine((value) => value.trim() !== '', message));

const newAdminSchema = z.object({ email: nonBlank('Email is required'), password: nonBlank('Password is required') });
const inviteSchema = z.object({
  email: emailField(),
});
const newPasswordSchema = z.object({ newPassword: nonBlank('New password is required') });

/**
 * A dialog with a form: its fields, then Cancel and the submit button ('Loading...' while it runs).
 * Closing it (Cancel, Escape, the close button) clears the form first.
 */
function FormDialog({
  open,
  onClose,
  clear,
  title,
  description,
  onSubmit,
  submitting,
  submitLabel,
  children,
}: {
  open: boolean;
  onClose: () => void;
  clear: () => void;
  title: string;
  description: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  submitting: boolean;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) return;
        clear();
        onClose();
      }}
      title={title}
      description={description}
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
        {children}
        <div className="flex justify-end gap-2">
          <DialogClose>
            <Button variant="outline" disabled={submitting}>
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit" disabled={submitting}>
            {submitting ? 'Loading...' : submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

export interface AddAdminDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  createAdmin: (email: string, password: string) => Promise<{ invited: boolean }>;
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
      const { invited } = await createAdmin(email.trim(), password);
      if (invited) {
        // Someone registered this address already: only its mailbox's owner may take the role.
        toast.success('This address already has an account', {
          description: `We e-mailed ${email.trim()} an admin invite. They become an admin once they open it and sign in.`,
        });
      } else {
        toast.success('Admin account created. They can login now.');
      }
      reset();
      onOpenChange(false);
      onCreated();
    } catch (error) {
      toastError(error, 'Failed to create admin');
    }
  });

  return (
    <FormDialog
      open={open}
      onClose={() => onOpenChange(false)}
      clear={reset}
      title="Add New Admin"
      description="Create a new admin account. They can login immediately with these credentials."
      onSubmit={submit}
      submitting={isSubmitting}
      submitLabel="Create Admin"
    >
      <Field label="Email" error={errors.email?.message}>
        {(ids) => <Input {...ids} type="email" autoComplete="off" required {...register('email')} />}
      </Field>
      <Field label="Password" error={errors.password?.message}>
        {(ids) => <Input {...ids} type="password" autoComplete="new-password" required {...register('password')} />}
      </Field>
    </FormDialog>
  );
}

export interface InviteAdminDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  inviteAdmin: (email: string) => Promise<void>;
  onInvited: () => void;
}

export function InviteAdminDialog({ open, onOpenChange, inviteAdmin, onInvited }: InviteAdminDialogProps) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<z.infer<typeof inviteSchema>>({
    resolver: zodResolver(inviteSchema),
    defaultValues: { email: '' },
  });

  const submit = handleSubmit(async ({ email }) => {
    try {
      await inviteAdmin(email);
      toast.success(`Invite sent to ${email}`);
      reset();
      onOpenChange(false);
      onInvited();
    } catch (error) {
      toastError(error, 'Failed to send the invite');
    }
  });

  return (
    <FormDialog
      open={open}
      onClose={() => onOpenChange(false)}
      clear={reset}
      title="Invite Admin"
      description="We e-mail them a link. They become an admin once they open it and sign in with this address."
      onSubmit={submit}
      submitting={isSubmitting}
      submitLabel="Send Invite"
    >
      <Field label="Email" error={errors.email?.message}>
        {(ids) => <Input {...ids} type="email" autoComplete="off" required {...register('email')} />}
      </Field>
    </FormDialog>
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

  const submit = handleSubmit(async ({ newPassword }) => {
    if (!admin) return;
    try {
      await changePassword(admin.user_id, newPassword);
      toast.success('Password changed successfully');
      reset();
      onClose();
    } catch (error) {
      toastError(error, 'Failed to change password');
    }
  });

  return (
    <FormDialog
      open={admin !== null}
      onClose={onClose}
      clear={reset}
      title="Change Password"
      description={`Update the password for ${admin?.email ?? ''}`}
      onSubmit={submit}
      submitting={isSubmitting}
      submitLabel="Change Password"
    >
      <Field label="New Password" error={errors.newPassword?.message}>
        {(ids) => <Input {...ids} type="password" autoComplete="new-password" required {...register('newPassword')} />}
      </Field>
    </FormDialog>
  );
}
