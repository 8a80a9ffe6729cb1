/**
 * Where a visitor without a session is sent, and where sign-out lands (docs/original-spec.md §2):
 * `/signup/audience` if the path contains `audience`, otherwise `/signup/streamer`.
 */
export function signInPathFor(pathname: string): string {
  return pathname.includes('audience') ? '/signup/audience' : '/signup/streamer';
}
