import { Link, Navigate, createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useAuth } from '../data/auth.ts';
import { forgetAdminInviteToken, takeAdminInviteToken } from '../features/auth/admin-invite-link.ts';
import { AdminInviteNotice, AuthForm } from '../features/auth/auth-form.tsx';
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

function AuthPage() {
  const { loading, user, signIn, signUp, acceptAdminInvite, claimAdminInvite } = useAuth();
  const navigate = useNavigate();
  // An admin invite link lands here; the invite is accepted once the person is signed in.
  const [inviteToken, setInviteToken] = useState(takeAdminInviteToken);
  const accepting = useRef(false);

  useEffect(() => {
    if (loading || !user || !inviteToken || accepting.current) return;
    accepting.current = true;
    acceptAdminInvite(inviteToken)
      .then(
        () => toast.success('Invite accepted', { description: 'You are now an admin.' }),
        (error: unknown) => toastError(error),
      )
      .finally(() => {
        forgetAdminInviteToken();
        setInviteToken(null);
      });
  }, [loading, user, inviteToken, acceptAdminInvite]);

  // Spec section 6: a signed-in user has nothing to do here.
  if (!loading && user && !inviteToken) return <Navigate to="/admin" replace />;
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
            await signIn(email, password);
            toast.success('Invite accepted', { description: 'You are now an admin.' });
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
