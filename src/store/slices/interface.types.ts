/** The interface slice (interface.ts): screens, dialogs, notices and camera requests. */

/** 'lobby': the seats of an online room before its game starts. */
export type Screen = 'setup' | 'lobby' | 'game';

/** 'out': the end dialog of this device's humans, all out while the bots play on (humansOut.ts). */
export type Dialog = null | 'rules' | 'resign' | 'over' | 'out' | 'text' | 'share';

export interface Notice {
  kind: 'error' | 'info';
  text: string;
  /**
   * Stays when the next actions are played (dismissed, or replaced by another notice): for what
   * a player must read before the bots' replies come, as when taking over a seat of the demo.
   */
  sticky?: boolean;
}

export interface CameraRequest {
  id: number;
  /** null: frame all boards (or `boards`, when given). */
  board: number | null;
  /** Frame these boards together (the demo's director); the live ones among them count. */
  boards?: number[];
}

/** Screens, dialogs, notices, the announcement and requests to the camera. */
export interface InterfaceSlice {
  screen: Screen;
  dialog: Dialog;
  notice: Notice | null;
  /** What a screen reader hears after the position shown changed. */
  announcement: string;
  camera: CameraRequest;

  showSetup(): void;
  setDialog(dialog: Dialog): void;
  setNotice(notice: Notice | null): void;
  frameAll(): void;
  focusBoard(board: number): void;
  focusBoards(boards: number[]): void;
}
