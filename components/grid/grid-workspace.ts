/** The grid's form and its live table with the actions on it, loaded when someone first switches to grid mode. */
export { GridForm } from "./grid-form";
export { LiveGridView } from "./live-grid-view";
