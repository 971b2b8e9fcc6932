/**
 * How the player likes to see the game (not part of the game): flat piece badges instead of
 * 3D pieces, and the "my boards" view. Kept in the browser; a store of its own, apart from
 * the game's.
 */
import { create } from 'zustand';

export interface ViewSettings {
  /** Pieces as flat badges facing the camera (small screens). */
  flatPieces: boolean;
  /** "My boards" on or off; null: the default (on for a human to move at 6–8 players). */
  myBoards: boolean | null;
  setFlatPieces(on: boolean): void;
  setMyBoards(on: boolean): void;
}

const KEY = 'ndchess.view';

function stored(): Pick<ViewSettings, 'flatPieces' | 'myBoards'> {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Record<string, unknown>;
    return {
      flatPieces: v.flatPieces === true,
      myBoards: typeof v.myBoards === 'boolean' ? v.myBoards : null,
    };
  } catch {
    return { flatPieces: false, myBoards: null };
  }
}

export const useViewSettings = create<ViewSettings>()((set, get) => {
  const save = () => {
    try {
      const { flatPieces, myBoards } = get();
      localStorage.setItem(KEY, JSON.stringify({ flatPieces, myBoards }));
    } catch {
      // Storage may be unavailable (private mode): the setting then lasts for the page only.
    }
  };
  return {
    ...(typeof localStorage === 'undefined' ? { flatPieces: false, myBoards: null } : stored()),
    setFlatPieces(on) {
      set({ flatPieces: on });
      save();
    },
    setMyBoards(on) {
      set({ myBoards: on });
      save();
    },
  };
});

/** Whether "my boards" is on for a game of n players (the default: from 6 players up). */
export const myBoardsOn = (setting: boolean | null, n: number): boolean => setting ?? n >= 6;
