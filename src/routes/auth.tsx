import { Link, Navigate, createFileRoute, useNavigate } from '@tanstack/react-router';
import { useAuth } from '../data/auth.ts';
import { AuthForm } from '../features/auth/auth-form.tsx';

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
  const { loading, user, signIn, signUp } = useAuth();
  const navigate = useNavigate();
  // Spec section 6: a signed-in user has nothing to do here.
  if (!loading && user) return <Navigate to="/admin" replace />;
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 bg-slate-50 px-4 py-12">
      <AuthForm signIn={signIn} signUp={signUp} onSignedIn={() => void navigate({ to: '/admin' })} />
      <Link to="/" className="text-sm font-medium text-brand-strong underline-offset-4 hover:underline">
        ← Back to site
      </Link>
    </main>
  );
}
