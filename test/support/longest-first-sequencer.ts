// Vitest's sequencer with the order of test/support/file-order.ts (the longest files first).
// Vitest's own order (larger files first among the uncached) is kept where expected times tie.

import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { runOrder } from "./file-order.ts";

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const vitestOrder = await super.sort(files);
    const described = vitestOrder.map((spec) => ({
      spec,
      path: path.relative(root, spec.moduleId).split(path.sep).join("/"),
      cachedMs: this.ctx.cache.getTestSpecificationResult(spec)?.duration,
    }));
    return runOrder(described).map(({ spec }) => spec);
  }
}
