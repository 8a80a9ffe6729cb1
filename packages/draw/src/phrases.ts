/**
 * The verifier's fixed phrases that pages translate, in a module of their own: a page can recognise them without
 * loading the verifier (and its BLS12-381 code).
 */

/** What the `beacon` check of a drand beacon expects (and finds, when it holds). */
export const BEACON_SIGNED = 'signed by drand, the first round after the close';
