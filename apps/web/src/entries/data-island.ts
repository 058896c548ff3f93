/** The `<script type="application/json">` a pre-rendered page carries its data in. */
export const DATA_ISLAND_ID = 'eclat-data';

/** The public reads the page was rendered with, by their key in lib/public-resource. */
export type DataIsland = { resources: Record<string, unknown> };

/** The island's JSON, safe inside a `<script>` element (no `</script>`, no HTML comment opener). */
export function serializeDataIsland(data: DataIsland): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
