/** The arena's form and panel and how its sessions are kept, loaded when someone first opens the Arena tab. */
export { ArenaForm } from "./arena-form";
export { ArenaPanel } from "./arena-panel";
export { withVote } from "@/lib/arena/arena-session";
export { loadArenas, storeArenas } from "@/lib/browser/arena-storage";
