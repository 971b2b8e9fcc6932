/**
 * The seats of an online room before its game starts: the invite link to copy or share, who
 * holds each seat, a form to claim an open one with a name, and (for the room's creator) a bot
 * for an open seat. The game starts by itself when every seat is filled.
 */
import { useState } from 'react';
import type { BotLevel } from '../store/config';
import { onlineClient, MAX_NAME } from '../online/onlineRoom';
import type { OnlineInfo } from '../online/onlineState';
import { useGame } from '../store/store';
import { roomTermsWords, type RoomTerms } from '../text';
import { LinkField } from './LinkField';
import { BotLevelSelect } from './BotLevelSelect';
import { Notice } from './Notice';
import { PairingWait } from './PairingWait';
import { AccountButton } from './account/AccountDialog';

/** The invite link with Copy (Clipboard API, else the text is selected to copy) and Share. */
export function InviteLink({ link }: { link: string }) {
  return (
    <LinkField
      id="invite-link"
      label="Invite link"
      link={link}
      shareText="Join my game"
      note="Anyone with this link can take an open seat or watch."
    />
  );
}

function ClaimForm({ seat, suggested }: { seat: number; suggested: string }) {
  const [name, setName] = useState(suggested);
  return (
    <form
      className="claim"
      onSubmit={(e) => {
        e.preventDefault();
        if (name.trim()) void onlineClient.claimSeat(seat, name.trim());
      }}
    >
      <input
        type="text"
        aria-label={`Your name for seat ${seat + 1}`}
        value={name}
        maxLength={MAX_NAME}
        onChange={(e) => setName(e.target.value)}
      />
      <button type="submit" className="primary" disabled={!name.trim()}>
        Take this seat
      </button>
    </form>
  );
}

/** The creator gives every open seat to a bot of the chosen level. */
function BotFill() {
  const [level, setLevel] = useState<BotLevel>(2);
  return (
    <div className="bot-fill">
      <BotLevelSelect label="Bot level for the open seats" value={level} set={setLevel} />
      <button type="button" onClick={() => onlineClient.fillWithBots(level)}>
        Fill the open seats with bots
      </button>
    </div>
  );
}

function seatWords(online: OnlineInfo, i: number): string {
  const seat = online.seats[i];
  if (seat.holder === 'open') return 'open';
  if (seat.holder === 'bot') return `bot, level ${seat.level ?? 1}`;
  const you = online.seat === i ? 'you' : '';
  const away = seat.presence && seat.presence !== 'connected' ? 'reconnecting…' : '';
  return [you, away].filter(Boolean).join(' · ') || 'ready';
}

/** What a joiner agrees to, shown before a seat is claimed: clocks, grace period, rules. */
function Terms({ terms }: { terms: RoomTerms }) {
  return (
    <dl className="terms" aria-label="This game's terms">
      {roomTermsWords(terms).map(([label, words]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{words}</dd>
        </div>
      ))}
    </dl>
  );
}

export function Lobby() {
  const online = useGame((s) => s.online);
  if (!online)
    return (
      <main className="lobby">
        <section>
          <p role="status">Opening the online game…</p>
        </section>
        <Notice />
      </main>
    );
  if (online.pairing)
    return (
      <PairingWait online={online} wait={online.pairing} connection={connectionWords(online)} />
    );
  const open = online.seats.filter((s) => s.holder === 'open').length;
  const canClaim = online.seat === null && !online.takenOver;
  return (
    <main className="lobby">
      <section aria-labelledby="lobby-title">
        <h1 id="lobby-title">Online game</h1>
        <InviteLink link={online.invite} />
        {online.terms && <Terms terms={online.terms} />}
        <ol className="seats" aria-label="Seats">
          {online.seats.map((seat, i) => (
            <li
              key={i}
              className={`seat ${seat.holder}${online.seat === i ? ' mine' : ''}`}
              data-testid={`seat-${i}`}
            >
              <span className="swatch" style={{ background: seat.colour }} />
              <span className="name">{seat.name}</span>
              <span className="state">{seatWords(online, i)}</span>
              {seat.holder === 'open' && canClaim && <ClaimForm seat={i} suggested={seat.name} />}
            </li>
          ))}
        </ol>
        {online.hostToken && open > 0 && <BotFill />}
        <p className="waiting" role="status" data-testid="lobby-status">
          {connectionWords(online) ??
            (open
              ? `Waiting for ${open} more player${open === 1 ? '' : 's'}; the game starts when every seat is taken.`
              : 'Every seat is taken: starting…')}
        </p>
        {online.seat === null && !online.takenOver && open === 0 && (
          <p className="note">Every seat is taken: you will watch.</p>
        )}
        <div className="actions">
          <button type="button" onClick={() => onlineClient.leaveRoom()}>
            Leave
          </button>
          <AccountButton />
        </div>
      </section>
      <Notice />
    </main>
  );
}

/** The connection in words when it is not simply open. */
export function connectionWords(online: OnlineInfo): string | null {
  if (online.takenOver) return 'Your seat is now played in another tab of this browser.';
  switch (online.connection) {
    case 'connecting':
      return 'Connecting to the room…';
    case 'reconnecting':
      return 'Connection lost: reconnecting…';
    case 'closed':
      return 'Not connected to the room.';
    default:
      return null;
  }
}
