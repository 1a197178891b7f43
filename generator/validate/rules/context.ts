import type { ItemFile } from "../../../contract/schema/item.ts";

/** What guide rules may know about the rest of the dataset. */
export interface GuideContext {
  /** Checked items by slug. */
  items: ReadonlyMap<string, ItemFile>;
  /**
   * Slugs of item files that exist but could not be checked (bad JSON or shape; those are reported on
   * their own). A guide naming one is not judged against it, so one mistake is not reported twice.
   */
  uncheckedSlugs: ReadonlySet<string>;
}
