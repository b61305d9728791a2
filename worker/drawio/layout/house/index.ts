/**
 * @module layout/house
 * A team's house style: observed in the hand edits of saved versions (`observeHandEdit`),
 * learned across diagrams (`learnHouseTheme`) and put into a graph before layout
 * (`applyHouseTheme`), with its schema.
 */
export { applyHouseTheme, type HouseApplied, type HouseStyledGraph } from "./apply.ts";
export { flowDirection } from "./flow-direction.ts";
export { houseKindOf } from "./kind.ts";
export { type DiagramObservation, type LearnOptions, learnHouseTheme } from "./learn.ts";
export { observeHandEdit } from "./observe.ts";
export * from "./schema.ts";
