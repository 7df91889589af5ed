import type { PageProps } from "./contract";

/**
 * What a form page's island is hydrated with: the page's props less the tariff and the other
 * languages' paths, which only the server's render of the whole page reads
 * (server/src/site/document.rs: `island_props`).
 */
export type IslandProps = Omit<PageProps, "tariff" | "alternates">;
