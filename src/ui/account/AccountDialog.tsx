/**
 * The Account dialog (issue #64 item 1): the player this device is on the server — name,
 * ratings per table size, rename, passkeys, a transfer code for another device, deletion with
 * confirmation — or, for a guest, making a player; and on any device, becoming an existing player
 * by passkey or transfer code. Opened by AccountButton from the setup screen and the online
 * screens; drawn over the page (a portal, outside any form of the screen below), closed with
 * Close or Escape.
 */
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import {
  addPasskey,
  closeAccount,
  createIdentity,
  deleteIdentity,
  enterTransferCode,
  forgetThisDevice,
  loadIdentityOnce,
  openAccount,
  renameIdentity,
  showTransferCode,
  signInWithPasskey,
  useIdentity,
} from '../../online/identity';
import { ACCOUNT_TEXT as T } from '../../text/account';

/** The Account button; the dialog comes with it while open. */
export function AccountButton() {
  const open = useIdentity((s) => s.open);
  useEffect(() => void loadIdentityOnce(), []);
  return (
    <>
      <button type="button" className="account-button" onClick={openAccount}>
        {T.button}
      </button>
      {open && createPortal(<AccountDialog />, document.body)}
    </>
  );
}

/** A one-field form of the dialog (its submit stays in the dialog: React passes events up through portals). */
function FieldForm({
  label,
  button,
  initial = '',
  onSubmit,
  children,
}: {
  label: string;
  button: string;
  initial?: string;
  onSubmit: (value: string) => Promise<boolean>;
  children?: ReactNode;
}) {
  const [value, setValue] = useState(initial);
  const busy = useIdentity((s) => s.busy);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    if (value.trim()) void onSubmit(value.trim()).then((ok) => ok && setValue(initial));
  };
  return (
    <form className="row account-field" onSubmit={submit}>
      <input
        type="text"
        aria-label={label}
        placeholder={label}
        value={value}
        maxLength={40}
        autoComplete="off"
        onChange={(e) => setValue(e.target.value)}
      />
      <button type="submit" disabled={busy || !value.trim()}>
        {button}
      </button>
      {children}
    </form>
  );
}

function Known() {
  const identity = useIdentity((s) => s.identity)!;
  const me = useIdentity((s) => s.me);
  const transfer = useIdentity((s) => s.transfer);
  const busy = useIdentity((s) => s.busy);
  const [confirming, setConfirming] = useState(false);
  const name = me?.name ?? identity.name;
  return (
    <>
      <p>
        {T.name}: <strong data-testid="account-name">{name}</strong>
      </p>
      <section aria-label={T.ratings}>
        <h3>{T.ratings}</h3>
        {me && me.ratings.length > 0 ? (
          <ul className="account-ratings">
            {me.ratings.map((r) => (
              <li key={r.pool}>{T.ratingRow(r)}</li>
            ))}
          </ul>
        ) : (
          <p className="note">{T.notRated}</p>
        )}
      </section>
      <section aria-label={T.rename}>
        <h3>{T.rename}</h3>
        <FieldForm label={T.newName} button={T.rename} onSubmit={renameIdentity} />
        <p className="note">{T.renameNote}</p>
      </section>
      <section aria-label={T.otherDevices}>
        <h3>{T.otherDevices}</h3>
        <p>{me && T.passkeys(me.passkeys)}</p>
        <div className="choices">
          <button type="button" disabled={busy} onClick={() => void addPasskey()}>
            {T.addPasskey}
          </button>
          <button type="button" disabled={busy} onClick={() => void showTransferCode()}>
            {T.transfer}
          </button>
        </div>
        <p className="note">{T.passkeyNote}</p>
        {transfer && (
          <p className="transfer-code" role="status">
            {T.transferShown(new Date(transfer.expiresAt).toLocaleTimeString())}
            <strong data-testid="transfer-code">{transfer.code}</strong>
            <br />
            <small>{T.transferNote}</small>
          </p>
        )}
      </section>
      <section aria-label="Delete">
        {!confirming ? (
          <button type="button" className="danger" onClick={() => setConfirming(true)}>
            {T.delete}
          </button>
        ) : (
          <div role="alertdialog" aria-label={T.deleteYes}>
            <p>{T.deleteConfirm(name)}</p>
            <div className="choices">
              <button
                type="button"
                className="danger"
                disabled={busy}
                onClick={() => void deleteIdentity().then(() => setConfirming(false))}
              >
                {T.deleteYes}
              </button>
              <button type="button" onClick={() => setConfirming(false)}>
                {T.keep}
              </button>
            </div>
          </div>
        )}
      </section>
    </>
  );
}

function Elsewhere() {
  const identity = useIdentity((s) => s.identity);
  const busy = useIdentity((s) => s.busy);
  return (
    <section aria-label={T.elsewhere}>
      <h3>{T.elsewhere}</h3>
      <p className="note">{T.elsewhereNote(identity?.name ?? null)}</p>
      <div className="choices">
        <button type="button" disabled={busy} onClick={() => void signInWithPasskey()}>
          {T.withPasskey}
        </button>
      </div>
      <FieldForm label={T.code} button={T.useCode} onSubmit={enterTransferCode} />
    </section>
  );
}

export function AccountDialog() {
  const identity = useIdentity((s) => s.identity);
  const problem = useIdentity((s) => s.problem);
  const error = useIdentity((s) => s.error);
  const busy = useIdentity((s) => s.busy);
  const dialog = useRef<HTMLDivElement>(null);
  useEffect(() => {
    dialog.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && closeAccount();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <div
      className="dialog-backdrop"
      onClick={(e) => e.target === e.currentTarget && closeAccount()}
    >
      <div
        ref={dialog}
        tabIndex={-1}
        className="dialog account"
        role="dialog"
        aria-modal="true"
        aria-label={T.title}
      >
        <h2>{T.title}</h2>
        {problem && (
          <div className="notice error" role="alert" data-testid="account-problem">
            <p>{problem}</p>
            {identity && (
              <button type="button" onClick={forgetThisDevice}>
                {T.forget}
              </button>
            )}
          </div>
        )}
        {identity ? (
          <Known />
        ) : (
          <section aria-label={T.create}>
            <p>{T.guest}</p>
            <FieldForm label={T.name} button={T.create} onSubmit={createIdentity} />
          </section>
        )}
        <Elsewhere />
        <p className="error" role="alert" data-testid="account-error">
          {error}
        </p>
        {busy && <p role="status">{T.busy}</p>}
        <div className="choices">
          <button type="button" className="primary" onClick={closeAccount}>
            {T.close}
          </button>
        </div>
      </div>
    </div>
  );
}
