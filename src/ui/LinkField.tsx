/**
 * A link to hand on (an online room's invite, a shared game, a replay): a field one can select,
 * Copy (the Clipboard API; where it is refused, the text is selected to copy by hand), and the
 * device's Share sheet where there is one.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export interface LinkFieldProps {
  /** The field's id, and its test id. */
  id: string;
  label: string;
  link: string;
  /** What the Share sheet says with the link. */
  shareText: string;
  /** Said under the field until Copy says how it went. */
  note: string;
  /** Copy as soon as it shows (after a click that asked for the link). */
  copyAtOnce?: boolean;
}

export function LinkField({ id, label, link, shareText, note, copyAtOnce }: LinkFieldProps) {
  const field = useRef<HTMLInputElement>(null);
  const [said, setSaid] = useState('');
  const select = () => {
    field.current?.focus();
    field.current?.select();
  };
  const copy = useCallback(
    () =>
      // No clipboard at all (a page not served securely) is refused the same way.
      Promise.resolve()
        .then(() => navigator.clipboard.writeText(link))
        .then(
          () => setSaid('Link copied.'),
          () => {
            field.current?.focus();
            field.current?.select();
            setSaid('Copying was refused here: the link is selected, copy it yourself.');
          },
        ),
    [link],
  );
  useEffect(() => {
    if (copyAtOnce) void copy();
  }, [copyAtOnce, copy]);
  const share = typeof navigator.share === 'function';
  return (
    <div className="invite">
      <label htmlFor={id}>{label}</label>
      <div className="invite-row">
        <input
          id={id}
          ref={field}
          type="text"
          readOnly
          value={link}
          data-testid={id}
          onFocus={select}
        />
        <button type="button" onClick={() => void copy()}>
          Copy
        </button>
        {share && (
          <button
            type="button"
            onClick={() =>
              void navigator
                .share({ title: 'n-Dimensional Chess', text: shareText, url: link })
                .catch(() => undefined)
            }
          >
            Share
          </button>
        )}
      </div>
      <p className="note" role="status">
        {said || note}
      </p>
    </div>
  );
}
