/**
 * What the game says in words: captions of what an action made happen, announcements, turn
 * wording and moves in plain language. Pure functions over the core, used by the store, the HUD
 * and the demo alike.
 */
export {
  captionOf,
  captionsAt,
  captionsOf,
  eliminationNote,
  listOf,
  namesOf,
  seatActionText,
  sentences,
  type NameOf,
} from './captions';
export { announcement } from './announce';
export { isYou, says, theirs, verbOf, whom, whose } from './grammar';
export { bannerText, dueText, kingHeldText, turnSentence, turnWord } from './turn';
export { describeMove } from './moves';
export { drawReasonText } from './draw';
export { seatsSaid } from './seats';
export { HINTS, HINT_MOMENTS, hintMoment, type HintMoment } from './hints';
export { inTouchWords } from './touchWords';
export { ONLINE_BLOCK_TEXT, ONLINE_TEXT } from './online';
export { PAIRING_TEXT } from './pairing';
export { LISTING_TEXT, tableFormatWords } from './listing';
export {
  HOUSE_RULES,
  OPTIONAL_RULES,
  RULES_PAGE_TEXT,
  roomTermsWords,
  rulesOn,
  shiftRefusedText,
  type RoomTerms,
} from './terms';
export { DRAW_OFFER_TEXT } from './drawOffer';
export { CLOCK_TEXT } from './clocks';
export { PREMOVE_TEXT } from './premove';
export { MOVABLE_TEXT } from './movable';
export { HUMANS_OUT_TEXT } from './humansOut';
export { spotName } from './squares';
export { SHARE_TEXT } from './share';
export { CHAT_TEXT } from './chat';
export { REMATCH_TEXT } from './rematch';
export { MOMENTS_TEXT, momentText } from './moments';
export { PROFILE_TEXT, poolWords, resultWords } from './profiles';
