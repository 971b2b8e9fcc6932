/**
 * The share slice (issue #47 item 4): the game shown as a link (its record compressed in the
 * fragment, shareLink.ts), an online game's permanent replay link, and opening either kind read-only.
 */
import { saveGame, writeGameText } from '../../core';
import { SHARE_TEXT } from '../../text';
import { seatsOf } from '../config';
import { hintsToSave } from '../../device/persist';
import {
  gameLink,
  pageAddress,
  readFragment,
  readGameRecord,
  readReplay,
  replayLink,
} from '../../device/shareLink';
import type { Slice } from '../state';
import type { ShareOutcome, ShareSlice } from './share.types';

export const createShareSlice: Slice<ShareSlice> = (set, get) => ({
  openedFrom: null,
  share: null,

  async shareLink() {
    const { game, config, hintsUsed, online } = get();
    let outcome: ShareOutcome;
    if (!game) outcome = { error: SHARE_TEXT.noGame };
    else if (game.fromPosition) outcome = { error: SHARE_TEXT.fromPosition };
    else {
      const file = saveGame(game, seatsOf(config), hintsToSave(game, hintsUsed));
      const link = await gameLink(pageAddress(), writeGameText(file, game));
      const replayId = online?.replay ?? null;
      outcome = link.ok
        ? { link: link.value, replay: replayId && replayLink(pageAddress(), replayId) }
        : { error: link.error };
    }
    set({ share: outcome, dialog: 'share' });
    return outcome;
  },

  async openSharedLink(fragment) {
    const link = readFragment(fragment);
    if (!link) return false;
    const refuse = (text: string) => {
      set({ notice: { kind: 'error', text } });
      return false;
    };
    if (get().online) return refuse(SHARE_TEXT.notOnline);
    const loaded =
      link.kind === 'game' ? await readGameRecord(link.record) : await readReplay(link.id);
    if (!loaded.ok) return refuse(SHARE_TEXT.notOpened(loaded.error));
    get().openReadOnly(loaded.value, link.kind === 'game' ? { kind: 'link' } : link);
    // A link opens the game in review: the panel opens and the review starts (issue #47 item 4).
    get().openReview();
    return true;
  },
});
