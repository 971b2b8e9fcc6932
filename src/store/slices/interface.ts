/** The interface slice: screens, dialogs, notices, the announcement and camera requests. */
import type { Slice } from '../state';
import type { CameraRequest, InterfaceSlice } from './interface.types';

let cameraId = 0;

/** A new camera request (each has its own id, so that asking twice is seen twice). */
export const newCamera = (board: number | null = null, boards?: number[]): CameraRequest => ({
  id: ++cameraId,
  board,
  ...(boards ? { boards: [...boards] } : {}),
});

export const createInterfaceSlice: Slice<InterfaceSlice> = (set) => ({
  screen: 'setup',
  dialog: null,
  notice: null,
  announcement: '',
  camera: { id: 0, board: null },

  showSetup() {
    set({ screen: 'setup', dialog: null, selected: null, targets: [], choice: null });
  },

  setDialog(dialog) {
    set({ dialog });
  },

  setNotice(notice) {
    set({ notice });
  },

  frameAll() {
    set({ camera: newCamera() });
  },

  focusBoard(board) {
    set({ camera: newCamera(board) });
  },

  focusBoards(boards) {
    set({ camera: newCamera(null, boards) });
  },
});
