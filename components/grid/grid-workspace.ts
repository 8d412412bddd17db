/** The grid's form and table, loaded when someone first switches to grid mode. */
export { GridForm } from "./grid-form";
export { GridView } from "./grid-view";
