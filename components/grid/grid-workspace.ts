/** The grid's form, table and actions, loaded when someone first switches to grid mode. */
export { GridForm } from "./grid-form";
export { GridView } from "./grid-view";
export { GridActions } from "./grid-actions";
