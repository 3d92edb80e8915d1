// The floor's limits (docs/floor.md), without zod: the web app imports them.

/** A reply is texted: at most two SMS segments' worth, so it arrives as one message on most phones. */
export const MAX_SUPPORT_REPLY = 320
/** Replies to one request per hour: a thread, not a way to flood a diner's phone. */
export const SUPPORT_REPLIES_PER_HOUR = 5
