/**
 * When the app fails while drawing, say so instead of leaving a blank page, and offer to keep
 * the stored game aside (or download it) and start fresh.
 */
import { Component, type ReactNode } from 'react';
import { AUTOSAVE_KEY, setAsideAfterCrash, type StorageProblem } from '../device/persist';
import { download } from '../ui/download';

interface State {
  error: Error | null;
  /** What happened to the stored game when the player chose to start fresh. */
  aside: StorageProblem | null;
}

function stored(): string | null {
  try {
    return localStorage.getItem(AUTOSAVE_KEY);
  } catch {
    return null;
  }
}

export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, aside: null };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  private startFresh = () => {
    const aside = setAsideAfterCrash();
    if (aside?.download) this.setState({ aside });
    else location.reload();
  };

  private dropAndStartFresh = () => {
    try {
      localStorage.removeItem(AUTOSAVE_KEY);
    } catch {
      // No storage: nothing stored to drop.
    }
    location.reload();
  };

  override render() {
    const { error, aside } = this.state;
    if (!error) return this.props.children;
    const raw = aside?.download?.data ?? stored();
    return (
      <div className="dialog crashed" role="alertdialog" aria-labelledby="crashed-title">
        <h2 id="crashed-title">Something went wrong</h2>
        <p>The page stopped with an error: {String(error.message).slice(0, 300)}</p>
        {aside ? (
          <p>{aside.text}</p>
        ) : (
          raw !== null && (
            <p>
              The saved game is still stored in this browser. Keep it aside (it is not loaded again,
              and can be downloaded) and start fresh, or download it first.
            </p>
          )
        )}
        <div className="choices">
          {raw !== null && (
            <button type="button" onClick={() => download(`ndchess-saved-${Date.now()}.json`, raw)}>
              Download the saved data
            </button>
          )}
          {aside ? (
            <button type="button" className="primary" onClick={this.dropAndStartFresh}>
              Start fresh without it
            </button>
          ) : (
            <button type="button" className="primary" onClick={this.startFresh}>
              {raw !== null ? 'Keep it aside and start fresh' : 'Start fresh'}
            </button>
          )}
        </div>
      </div>
    );
  }
}
