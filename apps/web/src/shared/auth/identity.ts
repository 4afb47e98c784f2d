import { User, UserManager, WebStorageStateStore, type IdTokenClaims } from 'oidc-client-ts';
import type { IdentitySettings } from '@archway/contract';
import { clearLoginMessage, clearTokenQuietly, setLoginMessage, setToken } from './session.ts';

/**
 * Sign-in through the OpenID Connect provider (calls-and-errors §7.2): code + PKCE, the user
 * kept in sessionStorage, its access token mirrored into sessionStorage `token`.
 */

const LOGIN_PATH = `${import.meta.env.BASE_URL}login`;
export const HOME_PATH = '/home';

let manager: UserManager | null = null;
let settings: IdentitySettings | null = null;

export function identitySettings(): IdentitySettings | null {
  return settings;
}

export function hasUserManager(): boolean {
  return manager !== null;
}

/** Builds the UserManager; a failure is logged and leaves no manager (the app still mounts). */
export async function initIdentity(loaded: IdentitySettings): Promise<void> {
  settings = loaded;
  try {
    const userManager = new UserManager({
      authority: loaded.authority,
      client_id: loaded.client_id,
      redirect_uri: loaded.redirect_uri,
      silent_redirect_uri: loaded.silent_redirect_uri,
      post_logout_redirect_uri: loaded.post_logout_redirect_uri,
      response_type: loaded.response_type,
      scope: loaded.scope,
      userStore: new WebStorageStateStore({ store: window.sessionStorage }),
      automaticSilentRenew: true,
      monitorSession: true,
    });
    userManager.events.addUserLoaded((user) => setToken(user.access_token));
    userManager.events.addUserSignedOut(() => {
      void userManager.removeUser();
      setToken(null);
    });
    manager = userManager;
    const user = await userManager.getUser();
    if (user) setToken(user.access_token);
  } catch (error) {
    console.error('sign-in manager could not be created', error);
    manager = null;
  }
}

/** Redirects to the provider's sign-in; `returnPath` is where the callback lands afterwards. */
export async function startSignIn(returnPath: string = HOME_PATH): Promise<boolean> {
  if (!manager) return false;
  await manager.signinRedirect({ state: returnPath });
  return true;
}

let callback: Promise<string> | null = null;

/** Completes the redirect sign-in once (even if called twice) and answers the return path. */
export function completeSignIn(): Promise<string> {
  callback ??= (async () => {
    if (!manager) throw new Error('no sign-in manager');
    const user = await manager.signinRedirectCallback();
    setToken(user.access_token);
    clearLoginMessage();
    return typeof user.state === 'string' && user.state.startsWith('/') ? user.state : HOME_PATH;
  })();
  return callback;
}

/** Silent renew for the request layer's 401 handling. */
export async function renewUser(): Promise<boolean> {
  if (!manager) return false;
  try {
    const user = await manager.signinSilent();
    if (!user) return false;
    setToken(user.access_token);
    return true;
  } catch {
    return false;
  }
}

let losing = false;

/** The session is gone: clear the token, remember "login expired" and sign in again. */
export function loseSession(): void {
  if (losing) return;
  losing = true;
  clearTokenQuietly();
  setLoginMessage('generic.sessionExpired');
  void (manager?.removeUser() ?? Promise.resolve()).finally(() => window.location.assign(LOGIN_PATH));
}

/** "Exit": sign out at the provider, which lands on /login. */
export async function signOut(): Promise<void> {
  clearTokenQuietly();
  if (!manager) {
    window.location.assign(LOGIN_PATH);
    return;
  }
  await manager.signoutRedirect();
}

function decodeClaims(token: string): Partial<IdTokenClaims> {
  try {
    const part = token.split('.')[1] ?? '';
    const text = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(text, (c) => c.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes)) as Partial<IdTokenClaims>;
  } catch {
    return {};
  }
}

/** Simulate-login: stores a user built from an access token of `POST /account/token`. */
export async function storeTokenUser(accessToken: string, expiresIn: number): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  const claims = decodeClaims(accessToken);
  const profile: IdTokenClaims = {
    ...claims,
    iss: claims.iss ?? settings?.authority ?? '',
    sub: claims.sub ?? '',
    aud: claims.aud ?? settings?.client_id ?? '',
    exp: claims.exp ?? now + expiresIn,
    iat: claims.iat ?? now,
  };
  const user = new User({
    access_token: accessToken,
    token_type: 'Bearer',
    profile,
    expires_at: now + expiresIn,
    session_state: null,
  });
  await manager?.storeUser(user);
  setToken(accessToken);
}
