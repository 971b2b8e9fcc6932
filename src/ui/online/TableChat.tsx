/**
 * The table chat in the online HUD (issue #49 item 4): the room's lines as text (React text
 * nodes, never HTML), a field and a Send button, preset phrases for touch, and a Mute button
 * per sender. A player sees the players' lines; a spectator sees the spectators' lines too.
 */
import { useState, type FormEvent } from 'react';
import { onlineClient, useTableChat } from '../../online/onlineRoom';
import { MAX_CHAT, type ChatLine } from '../../online/tableChat';
import { useGame } from '../../store/store';
import { CHAT_TEXT as T } from '../../text';

const senderName = (line: ChatLine): string => line.name ?? T.spectator(line.spectator ?? 0);

export function TableChat() {
  const seat = useGame((s) => s.online?.seat ?? null);
  const { lines, muted } = useTableChat();
  const [draft, setDraft] = useState('');
  // Seated after watching a while: the spectators' lines heard before are not shown.
  const readable = lines.filter((l) => seat === null || l.channel === 'players');
  const shown = readable.filter((l) => !muted.includes(l.from));
  const names = new Map(readable.map((l) => [l.from, senderName(l)]));
  const mutedNames = muted.map((from) => names.get(from)).filter((n) => n !== undefined);
  const own = seat === null ? null : `seat-${seat}`;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = draft.trim();
    if (!text) return;
    onlineClient.chat.send(text);
    setDraft('');
  };

  return (
    <details className="table-chat">
      <summary>{T.summary(shown.length)}</summary>
      <section aria-label={T.title}>
        <p className="audience">{T.audience(seat === null)}</p>
        <ol className="lines" aria-live="polite" data-testid="chat-lines">
          {shown.length === 0 && <li className="empty">{T.empty}</li>}
          {shown.map((line) => (
            <li key={line.id} data-channel={line.channel}>
              <strong>{senderName(line)}</strong>
              {': '}
              <span className="text">{line.text}</span>
              {line.from !== own && (
                <button
                  type="button"
                  className="mute"
                  aria-label={T.mute(senderName(line))}
                  onClick={() => onlineClient.chat.toggleMute(line.from)}
                >
                  {T.muteLabel}
                </button>
              )}
            </li>
          ))}
        </ol>
        {mutedNames.length > 0 && (
          <p className="muted" data-testid="chat-muted">
            {T.muted(mutedNames)}{' '}
            {muted.map((from) => (
              <button
                key={from}
                type="button"
                aria-label={T.unmute(names.get(from) ?? from)}
                onClick={() => onlineClient.chat.toggleMute(from)}
              >
                {T.unmuteLabel} {names.get(from)}
              </button>
            ))}
          </p>
        )}
        <div className="presets">
          {T.presets.map((phrase) => (
            <button key={phrase} type="button" onClick={() => onlineClient.chat.send(phrase)}>
              {phrase}
            </button>
          ))}
        </div>
        <form onSubmit={submit}>
          <input
            type="text"
            aria-label={T.field}
            placeholder={T.placeholder}
            maxLength={MAX_CHAT}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
          />
          <button type="submit" disabled={!draft.trim()}>
            {T.send}
          </button>
        </form>
      </section>
    </details>
  );
}
