/**
 * The identity on the setup screen (issue #64 item 1): "You are <name>, rating N" once the server
 * said so (or that the page plays as a guest) with the Account button; and, where a person first
 * plays online, the offer to keep the name they typed as their player (guest play stays).
 */
import { useEffect } from 'react';
import { DEFAULT_NAMES } from '../../store/config';
import { createIdentity, loadIdentityOnce, mainRating, useIdentity } from '../../online/identity';
import { ACCOUNT_TEXT as T } from '../../text/account';
import { AccountButton } from './AccountDialog';

export function IdentityLine() {
  const identity = useIdentity((s) => s.identity);
  const me = useIdentity((s) => s.me);
  const problem = useIdentity((s) => s.problem);
  return (
    <p className="identity-line" data-testid="identity-line">
      <span>
        {problem
          ? T.unusable
          : me
            ? T.youAre(me.name, mainRating(me))
            : identity
              ? T.youAreName(identity.name)
              : T.guestLine}
      </span>{' '}
      <AccountButton />
    </p>
  );
}

/** Offered beside online play while this device has no player: keep `name` as one. */
export function OfferIdentity({ name }: { name: string }) {
  const loaded = useIdentity((s) => s.loaded);
  const identity = useIdentity((s) => s.identity);
  const problem = useIdentity((s) => s.problem);
  const busy = useIdentity((s) => s.busy);
  const error = useIdentity((s) => s.error);
  const open = useIdentity((s) => s.open);
  useEffect(() => void loadIdentityOnce(), []);
  if (!loaded || identity || problem) return null;
  // A default name ("Orange") is nobody's choice: ask for theirs first.
  if (DEFAULT_NAMES.includes(name)) return <p className="note offer-identity">{T.chooseName}</p>;
  return (
    <div className="offer-identity" role="group" aria-label={T.create}>
      <button
        type="button"
        className="primary"
        disabled={busy}
        onClick={() => void createIdentity(name)}
      >
        {T.createAs(name)}
      </button>
      <p className="note">
        {T.createNote} {T.guestInstead}
      </p>
      {error && !open && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
