/**
 * What a form page's island is hydrated with: the Rust side's `IslandProps`
 * (server/src/site/contract.rs), what the island's components read of the page's props.
 */
export type { IslandProps } from "./contract";
