/**
 * The verifier's fixed phrases that pages translate, in a module of their own: a page can recognise them without
 * loading the verifier (and its BLS12-381 code).
 */

/** What the `beacon` check of a drand beacon expects (and finds, when it holds). */
export const BEACON_SIGNED = 'signed by drand, the first round after the close';

/** What the `record` check expects (and finds, when the draw's public record holds). */
export const RECORD_MATCHES = 'the on-chain commitment record matches';
