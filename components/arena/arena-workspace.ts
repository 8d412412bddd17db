/** The arena's form and panel, loaded when someone first opens the Arena tab. */
export { ArenaForm } from "./arena-form";
export { ArenaPanel } from "./arena-panel";
