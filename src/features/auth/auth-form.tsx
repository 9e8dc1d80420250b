/**
 * Sign in / sign up (spec sections 2, 4, 5, 8): one form that toggles between the two modes. Errors
 * come back as a destructive 'Error' toast with the server's message; a new account returns the form
 * to sign-in mode, and a sign-in hands over to `onSignedIn`.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { emailField } from '../../lib/email-field.ts';
import { Button } from '../../ui/button.tsx';
import { Field, Input } from '../../ui/field.tsx';
import { toast, toastError } from '../../ui/toaster.tsx';

export const MIN_PASSWORD_LENGTH = 6;

const credentialsSchema = z.object({
  email: emailField(),
  password: z
    .string()
    .check(
      z.minLength(1, 'Password is required'),
      z.minLength(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`),
    ),
});

type Credentials = z.infer<typeof credentialsSchema>;
type Mode = 'sign-in' | 'sign-up';

/** An e-mail address and a password, checked as the sign-in form checks them. */
function useCredentialsForm() {
  return useForm<Credentials>({
    resolver: zodResolver(credentialsSchema),
    defaultValues: { email: '', password: '' },
  });
}

export interface AuthFormProps {
  signIn(email: string, password: string): Promise<void>;
  signUp(email: string, password: string): Promise<void>;
  onSignedIn(): void;
}

export function AuthForm({ signIn, signUp, onSignedIn }: AuthFormProps) {
  const [mode, setMode] = useState<Mode>('sign-in');
  const headingId = useId();
  const {
    register,
    handleSubmit,
    resetField,
    formState: { errors, isSubmitting },
  } = useCredentialsForm();

  const submit = handleSubmit(async ({ email, password }) => {
    try {
      if (mode === 'sign-in') {
        await signIn(email, password);
        toast.success('Welcome back!', { description: "You've successfully logged in." });
        onSignedIn();
      } else {
        await signUp(email, password);
        toast.success('Account created!', { description: 'You can now log in with your credentials.' });
        resetField('password');
        setMode('sign-in');
      }
    } catch (error) {
      toastError(error, 'Something went wrong. Please try again.');
    }
  });

  const signingIn = mode === 'sign-in';
  return (
    <section
      aria-labelledby={headingId}
      className="w-full max-w-md rounded-lg border border-slate-200 bg-white p-8 shadow-sm"
    >
      <h1 id={headingId} className="text-2xl font-bold text-ink">
        {signingIn ? 'Sign In' : 'Create Account'}
      </h1>
      <p className="mt-1 text-sm text-slate-600">
        {signingIn ? 'Sign in to manage CDO Vision events.' : 'Create an account to get started.'}
      </p>
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-6 space-y-4">
        <Field label="Email" error={errors.email?.message}>
          {(ids) => <Input {...ids} type="email" autoComplete="email" required {...register('email')} />}
        </Field>
        <Field label="Password" error={errors.password?.message}>
          {(ids) => (
            <Input
              {...ids}
              type="password"
              autoComplete={signingIn ? 'current-password' : 'new-password'}
              required
              minLength={MIN_PASSWORD_LENGTH}
              {...register('password')}
            />
          )}
        </Field>
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Loading...' : signingIn ? 'Sign In' : 'Sign Up'}
        </Button>
      </form>
      <p className="mt-4 text-center text-sm text-slate-700">
        {signingIn ? "Don't have an account?" : 'Already have an account?'}{' '}
        <button
          type="button"
          className="font-medium text-brand-strong underline underline-offset-2 hover:no-underline"
          onClick={() => setMode(signingIn ? 'sign-up' : 'sign-in')}
          disabled={isSubmitting}
        >
          {signingIn ? 'Sign up' : 'Sign in'}
        </button>
      </p>
    </section>
  );
}

export interface AdminInviteNoticeProps {
  /**
   * Sets up the invited address with a new password (the invite's link proves the mailbox), for
   * someone who cannot sign in to the account a stranger registered with it first.
   */
  onClaim(email: string, password: string): Promise<void>;
}

/**
 * Shown above the form when the page was opened from an admin invite link. It also offers the way in
 * when the invited address already has an account whose password the person does not know.
 */
export function AdminInviteNotice({ onClaim }: AdminInviteNoticeProps) {
  const [claiming, setClaiming] = useState(false);
  const formId = useId();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useCredentialsForm();
  const submit = handleSubmit(async ({ email, password }) => {
    try {
      await onClaim(email, password);
    } catch (error) {
      toastError(error, 'Something went wrong. Please try again.');
    }
  });

  return (
    <section
      aria-label="Admin invite"
      className="w-full max-w-md rounded-lg border border-brand/30 bg-white p-4 text-sm text-slate-700 shadow-sm"
    >
      <p className="font-semibold text-ink">You're invited to become an admin.</p>
      <p className="mt-1">
        Sign in with the e-mail address the invite was sent to. No account yet? Sign up with that address, then sign in.
        You become an admin as soon as you are signed in.
      </p>
      <p className="mt-2">
        This address already has an account, but not with a password you know?{' '}
        <button
          type="button"
          className="font-medium text-brand-strong underline underline-offset-2 hover:no-underline"
          aria-expanded={claiming}
          aria-controls={formId}
          onClick={() => setClaiming((open) => !open)}
        >
          Set a new password
        </button>
      </p>
      {claiming ? (
        <form id={formId} noValidate onSubmit={(event) => void submit(event)} className="mt-4 space-y-4">
          <p>
            The invite link proves the address is yours. The account that holds it is replaced by a new admin account
            with this password.
          </p>
          <Field label="Invited email" error={errors.email?.message}>
            {(ids) => <Input {...ids} type="email" autoComplete="email" required {...register('email')} />}
          </Field>
          <Field label="New password" error={errors.password?.message}>
            {(ids) => (
              <Input
                {...ids}
                type="password"
                autoComplete="new-password"
                required
                minLength={MIN_PASSWORD_LENGTH}
                {...register('password')}
              />
            )}
          </Field>
          <Button type="submit" className="w-full" disabled={isSubmitting}>
            {isSubmitting ? 'Loading...' : 'Set password and accept the invite'}
          </Button>
        </form>
      ) : null}
    </section>
  );
}
