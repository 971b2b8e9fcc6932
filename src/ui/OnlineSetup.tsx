/**
 * "Play online" on the setup screen: the room's settings besides the game's setup and its clocks
 * (the grace period of a disconnected player and what happens after it) and the button that
 * creates the room. The setup above decides the seats: a human seat is open for a person
 * (the first one is yours, with its name), a bot seat is played by the server's bot.
 */
import { useState } from 'react';
import { BOT_LEVELS, type BotLevel, type GameConfig } from '../store/config';
import { onlineClient, useRoomBusy } from '../online/onlineRoom';
import type { RoomSettings } from '../online/onlineState';
import { WholeNumber } from './ClockChoice';
import { OpenTables } from './OpenTables';
import { PlayNow } from './PlayNow';
import { OfferIdentity } from './account/IdentityLine';

export const DEFAULT_ROOM_SETTINGS: RoomSettings = {
  graceSeconds: 60,
  afterGrace: { kind: 'bot', level: 2 },
};

export function OnlineSetup({ draft, invalid }: { draft: GameConfig; invalid: boolean }) {
  const [settings, setSettings] = useState<RoomSettings>(DEFAULT_ROOM_SETTINGS);
  const busy = useRoomBusy();
  const humans = draft.players.filter((p) => p.kind === 'human').length;
  const after = settings.afterGrace;
  const me = draft.players.find((p) => p.kind === 'human')?.name.trim() || 'Player';
  return (
    <>
      <OfferIdentity name={me} />
      <PlayNow name={me} />
      <OpenTables name={me} />
      <fieldset className="online-setup">
        <legend>Play online</legend>
        <p className="note">
          Each human seat above is open for a friend; the first is yours, with its name. You get a
          link to send them. Bot seats are played by the server.
        </p>
        <label className="row">
          <span>A player who leaves keeps the seat for</span>
          <WholeNumber
            label="Grace period in seconds"
            min={10}
            max={600}
            value={settings.graceSeconds}
            fallback={60}
            set={(graceSeconds) => setSettings((s) => ({ ...s, graceSeconds }))}
          />
          <small>seconds, then</small>
          <select
            aria-label="After the grace period"
            value={after.kind === 'bot' ? `bot-${after.level}` : 'eliminate'}
            onChange={(e) =>
              setSettings((s) => ({
                ...s,
                afterGrace:
                  e.target.value === 'eliminate'
                    ? { kind: 'eliminate' }
                    : { kind: 'bot', level: Number(e.target.value.slice(4)) as BotLevel },
              }))
            }
          >
            {BOT_LEVELS.map(({ level, name }) => (
              <option key={level} value={`bot-${level}`}>
                a bot (level {level}, {name}) takes it
              </option>
            ))}
            <option value="eliminate">they are out (as if they resigned)</option>
          </select>
        </label>
        <div className="actions">
          <button
            type="button"
            className="primary"
            disabled={invalid || humans === 0 || busy}
            title={humans === 0 ? 'An online game needs at least one human seat' : undefined}
            onClick={() => void onlineClient.createRoom(draft, settings)}
          >
            {busy ? 'Creating the room…' : 'Create online game'}
          </button>
        </div>
      </fieldset>
    </>
  );
}
