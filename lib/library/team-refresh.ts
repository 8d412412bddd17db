/**
 * The Team view lists the teammates' runs too, whose changes a person's own feed does not carry:
 * it reads its first page again this often while it is on screen.
 */
export const TEAM_REFRESH_MS = 15_000;
