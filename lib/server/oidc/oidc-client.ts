import "server-only";
import * as client from "openid-client";
import { OIDC_CALLBACK_PATH, type OidcConfig } from "./oidc-config";
import type { LoginState } from "./login-state";

/**
 * The protocol, through openid-client (a certified relying party): discovery from the issuer, the
 * authorization code flow with PKCE (S256), state and nonce, and the ID token's signature, issuer,
 * audience, expiry and nonce checked when the code is exchanged; then UserInfo for the claims
 * the ID token leaves out.
 */

const DISCOVERY_TIMEOUT_MS = 10_000;
const discovered = new Map<string, Promise<client.Configuration>>();

/** Discovered once per process; a failure is forgotten, so the next sign-in tries again. */
function configurationOf(oidc: OidcConfig): Promise<client.Configuration> {
  const key = `${oidc.issuer}\n${oidc.clientId}`;
  let found = discovered.get(key);
  if (!found) {
    const issuer = new URL(oidc.issuer);
    // http: only ever for a provider on this machine (checked with the configuration).
    const execute = issuer.protocol === "http:" ? [client.allowInsecureRequests] : [];
    found = client.discovery(issuer, oidc.clientId, oidc.clientSecret, undefined, { execute, timeout: DISCOVERY_TIMEOUT_MS / 1000 });
    discovered.set(key, found);
    found.catch(() => discovered.delete(key));
  }
  return found;
}

export const redirectUriOf = (oidc: Pick<OidcConfig, "publicUrl">) => `${oidc.publicUrl}${OIDC_CALLBACK_PATH}`;

export async function authorizationRequest(oidc: OidcConfig, next: string, now = Date.now()): Promise<{ url: string; login: LoginState }> {
  const configuration = await configurationOf(oidc);
  const verifier = client.randomPKCECodeVerifier();
  const login: LoginState = { state: client.randomState(), nonce: client.randomNonce(), verifier, next, expires: now + 600_000 };
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUriOf(oidc),
    scope: oidc.scopes,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state: login.state,
    nonce: login.nonce,
  });
  return { url: url.href, login };
}

/** Exchanges the code the provider sent back; the ID token's claims, or throws when any check fails. */
export async function claimsOfCallback(oidc: OidcConfig, search: string, login: LoginState): Promise<Record<string, unknown>> {
  const configuration = await configurationOf(oidc);
  const current = new URL(`${redirectUriOf(oidc)}${search}`);
  const tokens = await client.authorizationCodeGrant(configuration, current, {
    pkceCodeVerifier: login.verifier,
    expectedState: login.state,
    expectedNonce: login.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) throw new Error("The provider's answer held no ID token.");
  // Many providers put email, name and groups only in the UserInfo answer; it must be about the
  // same subject as the ID token (openid-client checks), and the ID token's own claims win.
  const userInfoEndpoint = configuration.serverMetadata().userinfo_endpoint;
  const userInfo =
    userInfoEndpoint && tokens.access_token ? await client.fetchUserInfo(configuration, tokens.access_token, claims.sub) : {};
  return { ...userInfo, ...claims };
}
