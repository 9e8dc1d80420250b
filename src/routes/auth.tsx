import { Link, Navigate, createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useAuth } from '../data/auth.ts';
import { forgetAdminInviteToken, takeAdminInviteToken } from '../features/auth/admin-invite-link.ts';
import { AdminInviteNotice, AuthForm } from '../features/auth/auth-form.tsx';
import { Button } from '../ui/button.tsx';
import { toast, toastError } from '../ui/toaster.tsx';

export const Route = createFileRoute('/auth')({
  head: () => ({
    meta: [
      { title: 'Sign In | CDO Vision' },
      { name: 'description', content: 'Sign in to the CDO Vision back office, or create an account.' },
      { name: 'robots', content: 'noindex' },
    ],
  }),
  component: AuthPage,
});

/** The server's refusal of an invite presented by an account with another address (the link stays good). */
const OTHER_ADDRESS = /sent to another e-mail address/;

function AuthPage() {
  const { loading, user, signIn, signUp, signOut, acceptAdminInvite, claimAdminInvite } = useAuth();
  const navigate = useNavigate();
  // An admin invite link lands here; the invite is accepted once the person is signed in.
  const [inviteToken, setInviteToken] = useState(takeAdminInviteToken);
  // Signed in with another address than the invited one: the invite waits for the right account.
  const [otherAccount, setOtherAccount] = useState<string | null>(null);
  const accepting = useRef(false);

  // A link pasted into a tab already on this page changes only the fragment: no new page load.
  useEffect(() => {
    const onHashChange = () => {
      const token = takeAdminInviteToken();
      if (!token) return;
      accepting.current = false;
      setOtherAccount(null);
      setInviteToken(token);
    };
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, []);

  useEffect(() => {
    if (loading || !user || !inviteToken || accepting.current) return;
    accepting.current = true;
    acceptAdminInvite(inviteToken).then(
      () => {
        toast.success('Invite accepted', { description: 'You are now an admin.' });
        forgetAdminInviteToken();
        setInviteToken(null);
      },
      (error: unknown) => {
        if (error instanceof Error && OTHER_ADDRESS.test(error.message)) {
          setOtherAccount(user.email ?? '');
          return;
        }
        toastError(error);
        forgetAdminInviteToken();
        setInviteToken(null);
      },
    );
  }, [loading, user, inviteToken, acceptAdminInvite]);

  // Spec section 6: a signed-in user has nothing to do here.
  if (!loading && user && !inviteToken) return <Navigate to="/admin" replace />;
  if (user && inviteToken && otherAccount !== null) {
    return (
      <main className="flex min-h-screen flex-col items-center justify-center gap-6 bg-slate-50 px-4 py-12">
        <section
          aria-label="Admin invite"
          className="w-full max-w-md rounded-lg border border-brand/30 bg-white p-6 text-sm text-slate-700 shadow-sm"
        >
          <h1 className="text-lg font-semibold text-ink">This invite is for another account</h1>
          <p className="mt-2">
            You are signed in as {otherAccount || 'another account'}, and the invite was sent to another e-mail address.
            Sign out, then sign in or sign up with the address the invite was sent to.
          </p>
          <Button
            className="mt-4"
            onClick={() => {
              void signOut().then(
                () => {
                  accepting.current = false;
                  setOtherAccount(null);
                },
                (error: unknown) => toastError(error),
              );
            }}
          >
            Sign out
          </Button>
        </section>
      </main>
    );
  }
  if (user && inviteToken) {
    return (
      <main className="flex min-h-screen items-center justify-center text-slate-600">
        <p role="status">Accepting your invite...</p>
      </main>
    );
  }
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 bg-slate-50 px-4 py-12">
      {inviteToken ? (
        <AdminInviteNotice
          onClaim={async (email, password) => {
            await claimAdminInvite(inviteToken, email, password);
            // Used up: signing in must not present it again.
            forgetAdminInviteToken();
            setInviteToken(null);
            try {
              await signIn(email, password);
              toast.success('Invite accepted', { description: 'You are now an admin.' });
            } catch {
              // The account is an admin's whatever stopped this sign-in; the form below is the way in.
              toast.success('Your admin account is ready', { description: 'Sign in with your new password.' });
            }
          }}
        />
      ) : null}
      <AuthForm
        signIn={signIn}
        signUp={signUp}
        onSignedIn={() => {
          if (!inviteToken) void navigate({ to: '/admin' });
        }}
      />
      <Link to="/" className="text-sm font-medium text-brand-strong underline-offset-4 hover:underline">
        ← Back to site
      </Link>
    </main>
  );
}
