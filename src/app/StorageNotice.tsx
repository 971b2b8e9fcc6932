/** What went wrong with the browser's storage (see src/device/persist.ts), with what to do. */
import { download } from '../ui/download';
import { keptKeys, removeKept, useStorage } from '../device/persist';

export function StorageNotice() {
  const problem = useStorage((s) => s.problem);
  if (!problem) return null;
  const kept = keptKeys().length;
  return (
    <div className="notice error storage" role="alert">
      <span>{problem.text}</span>
      {problem.download && (
        <button
          type="button"
          onClick={() => download(problem.download!.name, problem.download!.data)}
        >
          Download
        </button>
      )}
      {kept > 0 && (
        <button type="button" onClick={() => removeKept()}>
          Remove kept data
        </button>
      )}
      <button
        type="button"
        onClick={() => useStorage.setState({ problem: null })}
        aria-label="Dismiss"
      >
        ×
      </button>
    </div>
  );
}
