import {
  createContext,
  forwardRef,
  useContext,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';

/**
 * How links move between screens. The single-page app navigates in the page (react-router, bridged in
 * `components/layouts/spa-navigation.tsx`); a pre-rendered public page, which loads without the router, lets the browser
 * load the next page (the public pages are pre-rendered documents, the others load the app). Links and
 * the navigation bar read this, so the same components serve both.
 */
export type Navigation = {
  /** The current path (no query), for the active link. */
  pathname: string;
  /** State handed over by the navigation that led here (none on a page loaded by the browser). */
  state?: unknown;
  /** Navigates in the page; absent: the browser follows the link. */
  navigate?: (to: string, options?: { replace?: boolean; state?: unknown }) => void;
};

const NavigationContext = createContext<Navigation>({ pathname: '/' });
NavigationContext.displayName = 'NavigationContext';

export function NavigationProvider({ value, children }: { value: Navigation; children: ReactNode }) {
  return <NavigationContext value={value}>{children}</NavigationContext>;
}

export function useNavigationContext(): Navigation {
  return useContext(NavigationContext);
}

/** A plain left click without modifier keys on a link the page may handle itself. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    (!target || target === '_self') &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** An app path built with `paths.*.getHref()`. */
  to: string;
  replace?: boolean;
  state?: unknown;
};

/** A link to a screen of the app: a real `<a href>` (new tab, no script), navigated in the page when it can be. */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  { to, replace, state, onClick, target, children, ...rest },
  ref,
) {
  const { navigate } = useNavigationContext();
  return (
    <a
      {...rest}
      ref={ref}
      href={to}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!navigate || !isPlainClick(event, target)) return;
        event.preventDefault();
        navigate(to, { replace, state });
      }}
    >
      {children}
    </a>
  );
});

/** Whether `to` is the current page (`end`: exactly; otherwise the path or one of its sub-paths). */
export function isActivePath(pathname: string, to: string, end = false): boolean {
  const path = to.split(/[?#]/)[0] ?? to;
  if (pathname === path) return true;
  if (end || path === '/') return false;
  return pathname.startsWith(path.endsWith('/') ? path : `${path}/`);
}

/** A link that says when it is the current page (`aria-current="page"`), for the navigation bar. */
export const NavLink = forwardRef<HTMLAnchorElement, LinkProps & { end?: boolean }>(function NavLink(
  { end, ...props },
  ref,
) {
  const { pathname } = useNavigationContext();
  return (
    <Link {...props} ref={ref} aria-current={isActivePath(pathname, props.to, end) ? 'page' : undefined} />
  );
});
