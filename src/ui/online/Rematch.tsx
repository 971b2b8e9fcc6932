/**
 * The rematch in the online HUD (issue #49 item 3): once the game is over, a seated person may
 * ask for the same table again; the request as it stands (who accepted, who is still asked, who
 * declined or left) and Accept / Decline for this device's player when asked. Watchers see the
 * request and follow the table to the next game.
 */
import { OVER } from '../../core';
import { onlineClient, useRematch } from '../../online/onlineRoom';
import { useGame } from '../../store/store';
import { REMATCH_TEXT as T } from '../../text';

const { answer } = onlineClient.rematch;

export function Rematch() {
  const over = useGame((s) => s.game?.position.phase === OVER);
  const online = useGame((s) => s.online);
  const status = useRematch((s) => s.status);
  if (!over || !online) return null;
  const name = (seat: number) => online.seats[seat]?.name ?? `${seat + 1}`;
  const mine = online.seat;
  const asked = status !== null && status.accepted.length > 0;
  const said = !status
    ? null
    : status.next
      ? T.starting
      : asked
        ? T.standing(status.accepted.map(name), status.waitingFor.map(name))
        : status.cancelled
          ? (status.cancelled.by === 'declined' ? T.declined : T.left)(name(status.cancelled.seat))
          : null;
  const waitingForMe = mine !== null && asked && status.waitingFor.includes(mine);
  const hasBots = online.seats.some((s) => s.holder === 'bot');
  return (
    <section className="rematch" aria-label={T.title}>
      {said && <p data-testid="rematch-status">{said}</p>}
      {hasBots && asked && <p>{T.bots}</p>}
      {mine !== null && !status?.next && (
        <div className="controls">
          {waitingForMe ? (
            <>
              <button type="button" className="primary" onClick={() => answer(true)}>
                {T.accept}
              </button>
              <button type="button" onClick={() => answer(false)}>
                {T.decline}
              </button>
            </>
          ) : (
            !asked && (
              <button type="button" title={T.askTitle} onClick={() => answer(true)}>
                {T.ask}
              </button>
            )
          )}
        </div>
      )}
    </section>
  );
}
