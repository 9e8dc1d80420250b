/**
 * Who is signed in, and whether they are an admin (spec section 4), as one store shared by every
 * component that calls `useAuth()`. supabase-js keeps the session in localStorage, refreshes it and
 * tells us about every change; the store adds the role check and opens the admin's local replica
 * once an admin is signed in (the visitor's again after sign-out).
 *
 * The role check is remembered per user in localStorage: offline, a stored session is all an admin
 * has, and the back office must still open on its local replica (admins edit on flaky venue Wi-Fi).
 * A stored session of a user remembered as an admin opens the back office at once, before supabase-js
 * or the server has answered anything; the role is checked again once they do, in the background,
 * and only an answer from the server changes it. A check that could not reach the server falls back
 * to the memory; any answer from the server, or any other failure, counts as it is (a failed check
 * means not admin).
 * The back office's kept lists and pages (kept-admin-rows.ts, kept-admin-pages.ts) are dropped with
 * the role: at sign-out, or when the server says the user is no admin; the pages at each sign-in too.
 * Likewise, when supabase-js cannot refresh an expired session because the network is down, it keeps
 * the session in storage but reports nobody signed in; the store then keeps that user signed in on
 * the stored session (the replica's pushes wait for a fresh token), and refreshes once back online.
 */
import type { Session, SupabaseClient, User } from '@supabase/supabase-js';
import { useMemo, useSyncExternalStore } from 'react';
import { replicaState, requestReplica } from './engine-store.ts';
import { clearKeptPageOfOthers, dropKeptAdminPages } from './kept-admin-pages.ts';
import { dropKeptRows, readKeptRows } from './kept-admin-rows.ts';
import { storedSession } from './stored-session.ts';
import { createSessionlessClient, getSupabase, invokeFunctionSignedOut } from './supabase-client.ts';

export interface AuthState {
  /** True until the session is known and, with a user, the role check has answered. */
  loading: boolean;
  user: User | null;
  session: Session | null;
  isAdmin: boolean;
  /**
   * Nobody is signed in because the user chose 'Sign Out' in this tab (until the next sign-in or page
   * load): the back office page it was chosen on then goes home rather than to the sign-in page.
   */
  signedOut: boolean;
}

export interface AuthActions {
  /** Signs in with e-mail and password; throws the server's error (its message is the user's). */
  signIn(email: string, password: string): Promise<void>;
  /**
   * Creates an account (e-mail confirmation links lead to the site root). This tab stays signed out:
   * the user signs in with the new credentials next (spec: sign-up returns to sign-in mode).
   */
  signUp(email: string, password: string): Promise<void>;
  /** Signs this device out (works offline too). */
  signOut(): Promise<void>;
  /**
   * Accepts an admin invite with the token of its e-mailed link, for the signed-in user (whose
   * address must be the invited one); the role holds at once. Throws with the server's words.
   */
  acceptAdminInvite(token: string): Promise<void>;
  /**
   * Sets up the invited address with the token of its e-mailed link, for someone who cannot sign in
   * to the account that holds it (a stranger registered it first): the account is replaced by one
   * with this password, which is an admin. The person signs in with it next. Throws with the
   * server's words.
   */
  claimAdminInvite(token: string, email: string, password: string): Promise<void>;
}

const LOADING: AuthState = { loading: true, user: null, session: null, isAdmin: false, signedOut: false };
const SIGNED_OUT: AuthState = { loading: false, user: null, session: null, isAdmin: false, signedOut: false };
const ROLE_MEMORY_KEY = 'cdo-vision:admin-role';

/** The role of the signed-in user; `answered` when the server said so (else it came from memory). */
interface KnownRole {
  userId: string;
  isAdmin: boolean;
  answered: boolean;
}

let state: AuthState = LOADING;
let started = false;
/** The role answer for the signed-in user: what token refreshes show while they check it again. */
let knownRole: KnownRole | null = null;
/** Counts session changes, so that a slow role check for an older session is ignored. */
let sessionChanges = 0;
/** The user chose to sign out (cleared by the next sign-in). */
let userSignedOut = false;
/** When the role of the user shown was last checked in the background (Date.now()). */
let roleRecheckedAt = 0;
/** The least time between two background checks of the role as a tab comes back into view. */
const RECHECK_ON_VIEW_MS = 60_000;
const listeners = new Set<() => void>();

function setState(next: AuthState): void {
  state = next;
  for (const listener of listeners) listener();
}

function rememberRole(role: { userId: string; isAdmin: boolean } | null): void {
  try {
    if (role) localStorage.setItem(ROLE_MEMORY_KEY, JSON.stringify(role));
    else localStorage.removeItem(ROLE_MEMORY_KEY);
  } catch {
    // Storage refused (private mode, full): the check simply runs online next time.
  }
}

function rememberedRole(userId: string): boolean {
  try {
    const stored = JSON.parse(localStorage.getItem(ROLE_MEMORY_KEY) ?? 'null') as unknown;
    return (
      typeof stored === 'object' &&
      stored !== null &&
      (stored as { userId?: unknown }).userId === userId &&
      (stored as { isAdmin?: unknown }).isAdmin === true
    );
  } catch {
    return false;
  }
}

/**
 * Admin only when a user_roles row with role admin exists for the user; a check the server refused
 * means not admin. `answered` is false when the request never reached the server: the role then
 * comes from memory.
 */
async function checkAdmin(client: SupabaseClient, userId: string): Promise<KnownRole> {
  try {
    const { data, error, status } = await client
      .from('user_roles')
      .select('role')
      .eq('user_id', userId)
      .eq('role', 'admin')
      .maybeSingle();
    if (!error) {
      const isAdmin = data?.role === 'admin';
      rememberRole({ userId, isAdmin });
      return { userId, isAdmin, answered: true };
    }
    // status 0: the request never reached the server.
    if (status === 0) return { userId, isAdmin: rememberedRole(userId), answered: false };
    return { userId, isAdmin: false, answered: true };
  } catch {
    return { userId, isAdmin: rememberedRole(userId), answered: false };
  }
}

/**
 * Checks the role of a user shown on what was known of it, without holding anything up; only an
 * answer from the server that differs changes what the app shows.
 */
async function recheckRole(client: SupabaseClient, user: User, change: number): Promise<void> {
  roleRecheckedAt = Date.now();
  const checked = await checkAdmin(client, user.id);
  if (change !== sessionChanges || !checked.answered || knownRole?.userId !== user.id) return;
  const changed = knownRole.isAdmin !== checked.isAdmin;
  knownRole = checked;
  if (!changed) return;
  setState({ ...state, loading: false, isAdmin: checked.isAdmin });
  openReplicaFor(client, checked.isAdmin);
}

function recheckShownRole(client: SupabaseClient): void {
  const { user } = state;
  if (!user || knownRole?.userId !== user.id || Date.now() - roleRecheckedAt < RECHECK_ON_VIEW_MS) return;
  void recheckRole(client, user, sessionChanges);
}

/** Drops what the back office kept on this device: its lists and its pages. */
function dropKeptCopies(): Promise<unknown> {
  return Promise.all([dropKeptRows(), dropKeptAdminPages()]);
}

/** The admin's replica for an admin; otherwise the visitor's, if an admin's was open. */
function openReplicaFor(client: SupabaseClient, isAdmin: boolean): void {
  if (isAdmin) {
    void requestReplica('admin', client);
    return;
  }
  const current = replicaState();
  if (current.status !== 'idle' && current.mode === 'admin') {
    void dropKeptCopies();
    void requestReplica('public');
  }
}

async function onSession(client: SupabaseClient, reported: Session | null): Promise<void> {
  const change = ++sessionChanges;
  const kept = reported ? null : storedSession();
  if (kept) {
    // Offline with an expired token: still signed in, on what we knew of the role.
    const isAdmin = knownRole?.userId === kept.user.id ? knownRole.isAdmin : rememberedRole(kept.user.id);
    knownRole = { userId: kept.user.id, isAdmin, answered: knownRole?.answered ?? false };
    setState({ loading: false, user: kept.user, session: kept, isAdmin, signedOut: false });
    openReplicaFor(client, isAdmin);
    return;
  }
  const session = reported;
  const user = session?.user ?? null;
  if (!user || !session) {
    knownRole = null;
    setState({ ...SIGNED_OUT, signedOut: userSignedOut });
    openReplicaFor(client, false);
    return;
  }
  userSignedOut = false;
  if (knownRole?.userId === user.id) {
    // A refreshed token or an updated user: the role shown stands, and is checked again in the
    // background (another admin may have removed it; or it came from memory, the back office
    // opened offline or before the server answered).
    setState({ loading: false, user, session, isAdmin: knownRole.isAdmin, signedOut: false });
    void recheckRole(client, user, change);
    return;
  }
  setState({ loading: true, user, session, isAdmin: false, signedOut: false });
  const checked = await checkAdmin(client, user.id);
  if (change !== sessionChanges) return;
  knownRole = checked;
  setState({ loading: false, user, session, isAdmin: checked.isAdmin, signedOut: false });
  openReplicaFor(client, checked.isAdmin);
}

/**
 * Before supabase-js has said anything (it first tries to refresh an expired token, which offline or
 * on slow Wi-Fi takes seconds): a stored session of a user remembered as an admin opens the back
 * office at once, on the local replica. supabase-js's answer, and the role check that follows it
 * online, confirm or change that.
 */
function startFromMemory(): void {
  const kept = storedSession();
  if (!kept || !rememberedRole(kept.user.id)) return;
  knownRole = { userId: kept.user.id, isAdmin: true, answered: false };
  setState({ loading: false, user: kept.user, session: kept, isAdmin: true, signedOut: false });
}

/**
 * In the browser, as this module loads, before anything renders (the back office's pages load it
 * with theirs): the lists a remembered admin last saw are read from this device, a kept page on
 * screen that was kept for anyone else is cleared, and a remembered admin is signed in from memory.
 */
function startFromKeptCopies(): void {
  if (typeof window === 'undefined') return;
  const kept = storedSession();
  const adminId = kept && rememberedRole(kept.user.id) ? kept.user.id : null;
  clearKeptPageOfOthers(adminId);
  if (adminId) readKeptRows(adminId);
  // The app's first render then opens the back office at once, as the page kept on screen shows it.
  startFromMemory();
}
startFromKeptCopies();

function start(): void {
  if (started) return;
  started = true;
  startFromMemory();
  getSupabase().then(
    (client) => {
      if (state.isAdmin && state.user) openReplicaFor(client, true);
      client.auth.onAuthStateChange((_event, session) => {
        // supabase-js holds its session lock while it calls back; a query from inside the callback
        // would wait on that lock, so the role check runs just after.
        setTimeout(() => void onSession(client, session), 0);
      });
      // Back online: reading the session refreshes an expired one (and announces it).
      window.addEventListener('online', () => void client.auth.getSession());
      // A tab coming back into view checks the role again: another admin may have removed it.
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') recheckShownRole(client);
      });
    },
    () => {
      // No client (the run-time settings did not load): nobody can be signed in. Try again later.
      started = false;
      setState(SIGNED_OUT);
    },
  );
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  start();
  return () => listeners.delete(listener);
}

const getSnapshot = () => state;
const getServerSnapshot = () => LOADING;

async function signIn(email: string, password: string): Promise<void> {
  const client = await getSupabase();
  // Pages kept for whoever signed in before are not shown to whoever signs in now.
  await dropKeptAdminPages();
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw error;
}

async function signUp(email: string, password: string): Promise<void> {
  const client = await createSessionlessClient();
  const { data, error } = await client.auth.signUp({
    email,
    password,
    options: { emailRedirectTo: `${window.location.origin}/` },
  });
  if (error) throw error;
  // Without e-mail confirmation the answer carries a session: hand it back, the user signs in next.
  if (data.session) await client.auth.signOut({ scope: 'local' }).catch(() => undefined);
}

async function signOut(): Promise<void> {
  const client = await getSupabase();
  userSignedOut = true;
  rememberRole(null);
  await dropKeptCopies();
  const { error } = await client.auth.signOut({ scope: 'local' });
  // supabase-js forgets the session on this device before it tells the server: offline, or with the
  // server down, only the telling failed, and the device is signed out all the same.
  if (error && storedSession()) throw error;
}

async function acceptAdminInvite(token: string): Promise<void> {
  const client = await getSupabase();
  const { error } = await client.rpc('accept_admin_invite', { invite_token: token });
  if (error) throw new Error(error.message);
  const { user, session } = state;
  if (!user) return;
  knownRole = { userId: user.id, isAdmin: true, answered: true };
  rememberRole(knownRole);
  setState({ loading: false, user, session, isAdmin: true, signedOut: false });
  openReplicaFor(client, true);
}

async function claimAdminInvite(token: string, email: string, password: string): Promise<void> {
  await invokeFunctionSignedOut('claim-admin-invite', { token, email, password }, 'Failed to accept the invite');
}

const actions: AuthActions = { signIn, signUp, signOut, acceptAdminInvite, claimAdminInvite };

/** The auth state (one shared store; cheap to call from many components) and the auth actions. */
export function useAuth(): AuthState & AuthActions {
  const snapshot = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  return useMemo(() => ({ ...snapshot, ...actions }), [snapshot]);
}
