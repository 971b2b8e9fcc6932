/**
 * The wait at a public table (quick pairing, issue 49 item 1): the table's format, who is seated
 * and for how long, the open seats; after the table's wait, each seated person picks a bot
 * level, and once all have, the table starts with bots of the lowest level picked.
 */
import { useEffect, useState } from 'react';
import type { BotLevel } from '../store/config';
import { onlineClient } from '../online/onlineRoom';
import type { OnlineInfo, PairingWait as Wait } from '../online/onlineState';
import { PAIRING_TEXT as T, tableFormatWords } from '../text';
import { BotLevelSelect } from './BotLevelSelect';
import { Notice } from './Notice';

/** performance.now(), again every second. */
function useNow(): number {
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(performance.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function formatWords(online: OnlineInfo): string {
  const terms = online.terms;
  const clock = terms?.timeControl
    ? `${terms.timeControl.baseMs / 60_000}+${terms.timeControl.incrementMs / 1000}`
    : 'none';
  return tableFormatWords(online.seats.length, clock, terms?.options ?? {});
}

function BotChoice({ online, wait }: { online: OnlineInfo; wait: Wait }) {
  const mine = online.seat === null ? null : wait.votes[online.seat];
  const [level, setLevel] = useState<BotLevel>(mine ?? 2);
  const seated = online.seats
    .map((seat, i) => ({ seat, i }))
    .filter(({ i }) => wait.seatedAt[i] !== null);
  const chosen = seated.filter(({ i }) => wait.votes[i] !== null);
  const waiting = seated.filter(({ i }) => wait.votes[i] === null).map(({ seat }) => seat.name);
  return (
    <div className="bot-choice" role="group" aria-label={T.startWithBots}>
      <p>{T.botsNow}</p>
      {online.seat !== null && (
        <div className="row">
          <BotLevelSelect label={T.botLevel} value={level} set={setLevel} />
          <button type="button" onClick={() => onlineClient.voteForBots(level)}>
            {T.startWithBots}
          </button>
        </div>
      )}
      <ul aria-label="Choices">
        {chosen.map(({ seat, i }) => (
          <li key={i}>{T.chose(seat.name, wait.votes[i]!)}</li>
        ))}
      </ul>
      {waiting.length > 0 && <p>{T.yetToChoose(waiting)}</p>}
    </div>
  );
}

/** `connection`: the connection in words when it is not simply open (the lobby's). */
export function PairingWait(props: { online: OnlineInfo; wait: Wait; connection: string | null }) {
  const { online, wait, connection } = props;
  const now = useNow();
  const open = online.seats.filter((s) => s.holder === 'open').length;
  const botsIn = wait.botsFrom - now;
  return (
    <main className="lobby">
      <section aria-labelledby="pairing-title">
        <h1 id="pairing-title">{T.waitTitle}</h1>
        <p data-testid="table-format">{formatWords(online)}</p>
        <ol className="seats" aria-label="Seats">
          {online.seats.map((seat, i) => {
            const since = wait.seatedAt[i];
            return (
              <li
                key={i}
                className={`seat ${seat.holder}${online.seat === i ? ' mine' : ''}`}
                data-testid={`seat-${i}`}
              >
                <span className="swatch" style={{ background: seat.colour }} />
                <span className="name">{since === null ? T.open : seat.name}</span>
                <span className="state">
                  {since === null
                    ? ''
                    : [online.seat === i ? T.you : '', T.seatedFor(now - since)]
                        .filter(Boolean)
                        .join(' · ')}
                </span>
              </li>
            );
          })}
        </ol>
        <p className="waiting" role="status" data-testid="lobby-status">
          {connection ?? T.waitingFor(open)}
        </p>
        {botsIn > 0 ? (
          <p className="note" data-testid="bots-after">
            {T.botsIn(botsIn, wait.botsFrom - wait.openedAt)}
          </p>
        ) : (
          <BotChoice online={online} wait={wait} />
        )}
        <div className="actions">
          <button type="button" onClick={() => onlineClient.leaveRoom()}>
            {T.leave}
          </button>
        </div>
      </section>
      <Notice />
    </main>
  );
}
