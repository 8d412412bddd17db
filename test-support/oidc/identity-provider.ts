import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

/**
 * A real OpenID Connect provider (oidc-provider) on loopback, for the tests of sign-in: discovery,
 * the authorization code flow with PKCE, signed ID tokens, UserInfo. Its development login form
 * takes any password; the login name picks one of `people` (whose claims it then vouches for).
 */

export type TestPerson = { email: string; name: string; groups?: string[]; emailVerified?: boolean };

export type IdentityProvider = { issuer: string; clientId: string; clientSecret: string; close: () => Promise<void> };

export async function startIdentityProvider(options: {
  people: Record<string, TestPerson>;
  redirectUris: string[];
  port?: number;
}): Promise<IdentityProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = "image-playground";
  const clientSecret = "idp-client-secret-5d1e9b";
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "groups"] },
    cookies: { keys: ["identity-provider-test-cookie-key"] },
    pkce: { required: () => true },
    async findAccount(_context, id) {
      const person = options.people[id];
      return {
        accountId: id,
        async claims() {
          return person
            ? { sub: id, email: person.email, email_verified: person.emailVerified ?? true, name: person.name, groups: person.groups ?? [] }
            : { sub: id };
        },
      };
    },
  });
  // Its own warnings about development settings (the login form, generated keys) are for people, not tests.
  provider.on("server_error", () => undefined);
  server.on("request", provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
