import type { Guide } from "../../../contract/schema/guide.ts";
import type { Capture } from "../../capture/capture.ts";
import { finding, type Finding } from "../finding.ts";

/**
 * `snapshot.sha256` is the hex sha256 of the capture's bytes
 * (dataset/README.md, "Guide documents: guides/<platform_id>.json").
 */
export function snapshotMatchesCapture(snapshot: Pick<Guide["snapshot"], "sha256">, capture: Capture): Finding[] {
  const findings: Finding[] = [];
  if (snapshot.sha256 !== capture.sha256) {
    // A capture never changes once a guide is transcribed from it: a mismatch is almost always the capture
    // re-saved or re-encoded (an editor, a CRLF checkout), not a sha256 to update.
    findings.push(
      finding(
        "$.snapshot.sha256",
        `does not match the bytes of ${capture.shownPath}: a capture never changes once a guide is transcribed from it; if it was edited or re-saved, restore it with \`git checkout -- dataset/${capture.shownPath}\``,
        `${JSON.stringify(capture.sha256)}, the capture's sha256, only for a capture that is new or really retrieved again`,
      ),
    );
  }
  if ("problem" in capture.readable) findings.push(finding("$.snapshot.path", capture.readable.problem, capture.readable.expected));
  return findings;
}
