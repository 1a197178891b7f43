// `node test/support/draft-figures.ts`: prints, capture by capture, how close guide:draft comes to a careful
// transcription (test/support/draft-agreement.ts): recall, precision and order of its (level, seed) pairs,
// and how many of its quotes are not verbatim in the capture.

import { allFigures, figuresTable } from "./draft-agreement.ts";

process.stdout.write(`${figuresTable(allFigures())}\n`);
