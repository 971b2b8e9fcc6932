/** "Page 2 of 5" between a button to the page before and one to the page after. */
import { PROFILE_TEXT } from '../../text';

export function Pager({
  page,
  pages,
  go,
  before = PROFILE_TEXT.previous,
  after = PROFILE_TEXT.next,
  label,
}: {
  page: number;
  pages: number;
  go: (page: number) => void;
  before?: string;
  after?: string;
  /** What is paged, for screen readers ("Games", "Leaderboard"). */
  label: string;
}) {
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" disabled={page <= 1} onClick={() => go(page - 1)}>
        {before}
      </button>
      <span aria-live="polite">{PROFILE_TEXT.page(page, pages)}</span>
      <button type="button" disabled={page >= pages} onClick={() => go(page + 1)}>
        {after}
      </button>
    </nav>
  );
}
