import "server-only";
import type { LimitSpec } from "./client-limits";

/**
 * Limits on the account side of the playground, where one request can cost far more than it
 * looks: a sign-in makes the server call the provider (discovery, token exchange), a token is a
 * row and an audit line, an export reads up to 100,000 audit lines. Generous for people, tight
 * enough that a script on the team's network cannot turn them into load.
 */

/** Per client address: the start and the return of a sign-in spend one each (an office shares one address). */
export const OIDC_SIGN_IN_LIMIT: LimitSpec = { name: "oidc", points: 120, durationSeconds: 60 };

/** Per person: personal API tokens made in an hour. */
export const TOKEN_CREATION_LIMIT: LimitSpec = { name: "tokens", points: 20, durationSeconds: 3600 };

/** Per person: CSV exports of the Usage page in ten minutes. */
export const USAGE_EXPORT_LIMIT: LimitSpec = { name: "usage-export", points: 30, durationSeconds: 600 };

/**
 * Per person: searches of the library and of the Team view in a minute. Typing makes one about
 * every quarter of a second at most; a script making more is turning search into load.
 */
export const LIBRARY_SEARCH_LIMIT: LimitSpec = { name: "library-search", points: 300, durationSeconds: 60 };

/** Per person: changes to collections in a minute (made, renamed, runs added or taken off, roles, links, deleted). */
export const COLLECTION_CHANGE_LIMIT: LimitSpec = { name: "collection-change", points: 120, durationSeconds: 60 };

/** Batches one person makes: each can be thousands of rows, so a few a minute is plenty. */
export const BATCH_CREATION_LIMIT: LimitSpec = { name: "batch-create", points: 30, durationSeconds: 60 };
