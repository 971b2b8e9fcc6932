/** A choice of bot level (1–3, with its name), for the bots that fill an online room's seats. */
import { BOT_LEVELS, type BotLevel } from '../store/config';

export function BotLevelSelect(props: {
  label: string;
  value: BotLevel;
  set: (level: BotLevel) => void;
}) {
  const { label, value, set } = props;
  return (
    <select
      aria-label={label}
      value={value}
      onChange={(e) => set(Number(e.target.value) as BotLevel)}
    >
      {BOT_LEVELS.map((b) => (
        <option key={b.level} value={b.level}>
          level {b.level} ({b.name})
        </option>
      ))}
    </select>
  );
}
