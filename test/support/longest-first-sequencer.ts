// Vitest's sequencer with the order of test/support/file-order.ts (the files expected to take
// longest first, across both projects). Vitest's own order (larger files first among the
// uncached, one project after the other) is kept where the expected times tie.

import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { longestFirst } from "./file-order.ts";

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const vitestOrder = await super.sort(files);
    const described = vitestOrder.map((spec) => ({
      spec,
      path: path.relative(root, spec.moduleId).split(path.sep).join("/"),
      cachedMs: this.ctx.cache.getTestSpecificationResult(spec)?.duration,
    }));
    return longestFirst(described).map(({ spec }) => spec);
  }
}
