/** The share slice (share.ts): games by link. */

/** How a game shown read-only was opened: a shared link (#game=…) or a server's replay (#replay=…). */
export type OpenedFrom = { kind: 'link' } | { kind: 'replay'; id: string };

/** What Share made: the game's link (and the online game's permanent replay link), or why not. */
export type ShareOutcome = { link: string; replay: string | null } | { error: string };

/** Games by link (slices/share.ts, issue #47 item 4). */
export interface ShareSlice {
  /** How the game shown was opened, when from a link (it is then read-only); null otherwise. */
  openedFrom: OpenedFrom | null;
  /** What the Share dialog shows: the last outcome of shareLink, or null. */
  share: ShareOutcome | null;
  /** The link of the game shown (its whole record), or why it cannot be made; opens the Share dialog. */
  shareLink(): Promise<ShareOutcome>;
  /**
   * Open a link's fragment (`#game=…` or `#replay=…`) read-only (openReadOnly). A damaged link, or
   * one the server does not know, is said in a notice and the game shown stays. False then, or
   * when the fragment is neither kind.
   */
  openSharedLink(fragment: string): Promise<boolean>;
}
