import { redirect, type LoaderFunctionArgs } from 'react-router';
import { session } from '../api/session';
import { notifier } from '../api/notifier';
import { queryClient } from '../api/queryClient';
import { i18next } from '../i18n';
import { permissionQuery } from './permissions';

/** Only same-site paths are followed after sign-in (no //evil.example or absolute URLs). */
export function safeRedirect(value: string | null | undefined, fallback = '/'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value.startsWith('/login') ? fallback : value;
}

/**
 * Guard of every signed-in route (spec §4): without a stored token the visitor goes to /login, remembering
 * where they wanted to go; with one, the permission tree is loaded once. A failed load is told as
 * "permission failed" and the shell offers to try again.
 */
export async function shellLoader({ request }: LoaderFunctionArgs): Promise<null> {
  if (!session.isSignedIn()) {
    const url = new URL(request.url);
    const here = `${url.pathname}${url.search}`;
    throw redirect(here === '/' ? '/login' : `/login?redirect=${encodeURIComponent(here)}`);
  }
  try {
    await queryClient.ensureQueryData(permissionQuery);
  } catch {
    if (session.isSignedIn()) notifier().error(i18next.t('shell.permissionFailed'));
  }
  return null;
}

/** Public sign-in pages send a signed-in visitor on to the console. */
export function guestLoader({ request }: LoaderFunctionArgs): null {
  if (session.isSignedIn()) {
    const target = new URL(request.url).searchParams.get('redirect');
    throw redirect(safeRedirect(target));
  }
  return null;
}

/**
 * Guard of the wall-screen pages: a display link (`?token=`) opens them without an account (the server holds
 * the token to the display's plants); without one they are signed-in pages like any other.
 */
export async function displayLoader(args: LoaderFunctionArgs): Promise<null> {
  if (new URL(args.request.url).searchParams.get('token')) return null;
  return shellLoader(args);
}
