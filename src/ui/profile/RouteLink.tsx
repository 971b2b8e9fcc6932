/**
 * A link to a profile page (or back to the game): a real link, so that it can be opened in a new
 * tab or copied, that a plain click follows inside the app without loading the page again.
 */
import type { MouseEvent, ReactNode } from 'react';
import { goTo, pathOfRoute, type PageRoute } from '../../online/profileRoute';

/** Whether a click on a link is a plain one (not one that opens a new tab or window). */
export const plainClick = (e: MouseEvent) =>
  e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;

export function RouteLink({
  to,
  className,
  current,
  children,
}: {
  /** The page (null: the game). */
  to: PageRoute | null;
  className?: string;
  /** This link is the page shown (aria-current). */
  current?: boolean;
  children: ReactNode;
}) {
  return (
    <a
      href={to ? pathOfRoute(to) : '/'}
      className={className}
      aria-current={current ? 'page' : undefined}
      onClick={(e) => {
        if (!plainClick(e)) return;
        e.preventDefault();
        goTo(to);
      }}
    >
      {children}
    </a>
  );
}
