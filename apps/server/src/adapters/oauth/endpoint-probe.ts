/**
 * Is an OAuth provider's token endpoint reachable from here (the doctor's probe)? One plain GET without a body or a
 * credential: any HTTP answer (a token endpoint answers GET with 400, 404 or 405) means DNS, TLS and the network
 * path work; only no answer at all is a failure. No secret is sent, so none can leak to a wrong URL.
 */
export type EndpointReach = { reachable: true; status: number } | { reachable: false; reason: string };

export async function probeEndpoint(
  url: string,
  options: { timeoutMs?: number; fetch?: typeof fetch } = {},
): Promise<EndpointReach> {
  try {
    const response = await (options.fetch ?? fetch)(url, {
      method: 'GET',
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    await response.body?.cancel();
    return { reachable: true, status: response.status };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    const name = (error as Error).name;
    return { reachable: false, reason: cause?.code ?? (name === 'TimeoutError' ? 'timeout' : name) };
  }
}
