/**
 * Share (issue #47 item 4): the game's link, copied at once where the browser lets the page (and
 * shown in a field to copy by hand where not), an online game's permanent replay link, or why no
 * link can be made (a game too long: Save instead).
 */
import { useGame } from '../store/store';
import { SHARE_TEXT } from '../text';
import { downloadGame } from './download';
import { LinkField } from './LinkField';

/** The Share button: makes the link (store.shareLink) and opens this dialog. */
export function ShareButton({ className }: { className?: string }) {
  const shareLink = useGame((s) => s.shareLink);
  return (
    <button type="button" className={className} onClick={() => void shareLink()}>
      {SHARE_TEXT.button}
    </button>
  );
}

export function ShareDialog() {
  const share = useGame((s) => s.share);
  const setDialog = useGame((s) => s.setDialog);
  const exportGame = useGame((s) => s.exportGame);
  return (
    <div className="dialog share" role="dialog" aria-modal="true" aria-label={SHARE_TEXT.title}>
      <h2>{SHARE_TEXT.title}</h2>
      {!share ? (
        <p>{SHARE_TEXT.making}</p>
      ) : 'error' in share ? (
        <>
          <p className="error" role="alert" data-testid="share-error">
            {share.error}
          </p>
          <button type="button" className="primary" onClick={() => downloadGame(exportGame())}>
            {SHARE_TEXT.export}
          </button>
        </>
      ) : (
        <>
          <LinkField
            id="share-link"
            label={SHARE_TEXT.title}
            link={share.link}
            shareText={SHARE_TEXT.title}
            note={SHARE_TEXT.linkNote}
            copyAtOnce
          />
          {share.replay && (
            <LinkField
              id="replay-link"
              label={SHARE_TEXT.replayTitle}
              link={share.replay}
              shareText={SHARE_TEXT.replayTitle}
              note={SHARE_TEXT.replayNote}
            />
          )}
        </>
      )}
      <div className="choices">
        <button type="button" onClick={() => setDialog(null)}>
          {SHARE_TEXT.close}
        </button>
      </div>
    </div>
  );
}
