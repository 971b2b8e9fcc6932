/**
 * The draw offer in the HUD (issue #45 item 5; R8.2: a draw by agreement of every remaining
 * player): "Offer draw" with a confirm step for the player on this device, the standing offer
 * and its answers in words, and Accept / Decline for whoever on this device is asked. On this
 * device the store keeps the offer (the humans are asked in turn, bots answer at once); online
 * the same controls send the room's draw messages and show the offer the room broadcasts.
 */
import { useState } from 'react';
import { PLAY, drawWaitingFor } from '../core';
import { movable, onlineDrawVoice } from '../store/movable';
import { onlineClient } from '../online/onlineRoom';
import type { OnlineInfo } from '../online/onlineState';
import { standingDraw, useGame } from '../store/store';
import { DRAW_OFFER_TEXT as T } from '../text';

/** Offer, accept or decline (the room's draw message's answers). */
type DrawAnswer = Parameters<typeof onlineClient.sendDraw>[0];

/** An offer by names: who offered, who accepted, who is still asked, who declined. */
interface OfferWords {
  by: string;
  accepted: string[];
  waiting: string[];
  declinedBy: string | null;
}

interface ViewProps {
  /** The player on this device may offer now. */
  canOffer: boolean;
  /** The name of the player on this device asked to answer, or null. */
  asked: string | null;
  offer: OfferWords | null;
  /** Further words: the bots' answers with their reasons. */
  notes: readonly string[];
  send(answer: DrawAnswer): void;
}

function DrawOfferView({ canOffer, asked, offer, notes, send }: ViewProps) {
  const [confirming, setConfirming] = useState(false);
  if (!canOffer && !asked && !offer) return null;
  const said = offer
    ? offer.declinedBy === null
      ? T.standing(offer.by, offer.accepted, offer.waiting)
      : T.declined(offer.by, offer.declinedBy)
    : null;
  return (
    <section className="draw-offer" aria-label="Draw offer">
      {said && <p data-testid="draw-offer-status">{said}</p>}
      {notes.map((n) => (
        <p key={n}>{n}</p>
      ))}
      {asked ? (
        <>
          <p>{T.ask(asked)}</p>
          <div className="controls">
            <button type="button" onClick={() => send('accept')}>
              {T.accept}
            </button>
            <button type="button" onClick={() => send('decline')}>
              {T.decline}
            </button>
          </div>
        </>
      ) : canOffer && confirming ? (
        <>
          <p>{T.confirm}</p>
          <div className="controls">
            <button
              type="button"
              onClick={() => {
                setConfirming(false);
                send('offer');
              }}
            >
              {T.yes}
            </button>
            <button type="button" onClick={() => setConfirming(false)}>
              {T.no}
            </button>
          </div>
        </>
      ) : canOffer ? (
        <div className="controls">
          <button type="button" onClick={() => setConfirming(true)}>
            {T.offer}
          </button>
        </div>
      ) : null}
    </section>
  );
}

/** A game on this device: the human to move offers; the humans still asked answer in turn. */
function LocalDrawOffer() {
  const s = useGame();
  const view = s.view;
  if (!view || view.position.phase !== PLAY) return null;
  const draw = standingDraw(s);
  const offer = draw?.offer ?? null;
  const name = (p: number) => view.players[p].name;
  const waiting = offer ? drawWaitingFor(offer, view) : [];
  const standing = !!offer && offer.declinedBy === null;
  const send = (answer: DrawAnswer) =>
    answer === 'offer' ? s.offerDraw() : s.answerDraw(answer === 'accept');
  return (
    <DrawOfferView
      canOffer={movable(s).offerDraw.ok}
      asked={standing && waiting.length ? name(waiting[0]) : null}
      offer={
        offer && {
          by: name(offer.by),
          accepted: offer.accepted.map(name),
          waiting: waiting.map(name),
          declinedBy: offer.declinedBy === null ? null : name(offer.declinedBy),
        }
      }
      notes={draw?.answers ?? []}
      send={send}
    />
  );
}

/** An online room: this device's seat offers and answers; the room's offer is shown. */
function OnlineDrawOffer({ online }: { online: OnlineInfo }) {
  const canOffer = useGame((s) => movable(s).offerDraw.ok);
  const mayAnswer = useGame((s) => onlineDrawVoice(online, s.game, s.cursor));
  const status = online.drawOffer ?? null;
  const mine = online.seat;
  const name = (seat: number) => online.seats[seat]?.name ?? `Seat ${seat + 1}`;
  const standing = !!status && status.declinedBy === null;
  return (
    <DrawOfferView
      canOffer={canOffer}
      asked={mayAnswer && standing && status.waitingFor.includes(mine!) ? name(mine!) : null}
      offer={
        status && {
          by: name(status.by),
          accepted: status.accepted.map(name),
          waiting: status.waitingFor.map(name),
          declinedBy: status.declinedBy === null ? null : name(status.declinedBy),
        }
      }
      notes={status?.botAnswers.map((a) => T.botAnswer(name(a.seat), a)) ?? []}
      send={onlineClient.sendDraw}
    />
  );
}

/** The draw offer's controls and words, for a game on this device or online. */
export function DrawOffer() {
  const online = useGame((s) => s.online);
  return online ? <OnlineDrawOffer online={online} /> : <LocalDrawOffer />;
}
