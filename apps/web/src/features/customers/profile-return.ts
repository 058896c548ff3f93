import { paths } from '@/config/paths';

/** The pages that send a person without a profile to /profile and get them back after the first save. */
const RETURN_PAGES: readonly string[] = [paths.checkout.getHref(), paths.requestQuote.getHref()];

/** /profile, coming back to `page` after the first save. */
export function profileSetupHref(page: string): string {
  return `${paths.profile.getHref()}?${new URLSearchParams({ returnTo: page }).toString()}`;
}

/** Where a first save may send the user back to (only known pages: no open redirect). */
export function readReturnTo(value: string | null): string | null {
  return value !== null && RETURN_PAGES.includes(value) ? value : null;
}
