import { describe, expect, it } from "vitest";
import { prepareCapture } from "../../../../generator/capture/capture.ts";
import { snapshotMatchesCapture } from "../../../../generator/validate/rules/snapshot.ts";
import { CAPTURE_HTML, CAPTURE_PATH, sampleGuide, sha256 } from "../../../fixtures/validate/sample-dataset.ts";

const bytes = (text: string) => new TextEncoder().encode(text);

describe("snapshotMatchesCapture", () => {
  it("accepts a sha256 equal to the hash of the capture's bytes", () => {
    expect(snapshotMatchesCapture(sampleGuide().snapshot, prepareCapture(CAPTURE_PATH, bytes(CAPTURE_HTML)))).toEqual([]);
  });

  it("reports a sha256 of other bytes: captures never change, how to restore one, and the bytes' sha256", () => {
    const edited = `${CAPTURE_HTML} `;
    expect(snapshotMatchesCapture(sampleGuide().snapshot, prepareCapture(CAPTURE_PATH, bytes(edited)))).toEqual([
      {
        path: "$.snapshot.sha256",
        message: `does not match the bytes of snapshots/${CAPTURE_PATH}: a capture never changes once a guide is transcribed from it; if it was edited or re-saved, restore it with \`git checkout -- dataset/snapshots/${CAPTURE_PATH}\``,
        expected: `"${sha256(edited)}", the capture's sha256, only for a capture that is new or really retrieved again`,
      },
    ]);
  });

  it("reports a capture that is not UTF-8", () => {
    const latin1 = Uint8Array.from([0x3c, 0x70, 0x3e, 0xe9, 0x3c]);
    const guide = sampleGuide();
    guide.snapshot.sha256 = sha256(latin1);
    expect(snapshotMatchesCapture(guide.snapshot, prepareCapture(CAPTURE_PATH, latin1))).toEqual([
      { path: "$.snapshot.path", message: `capture snapshots/${CAPTURE_PATH} is not valid UTF-8 (bad byte at offset 3)`, expected: "a capture saved as UTF-8" },
    ]);
  });

  it("reports a capture that is neither HTML nor text", () => {
    const guide = sampleGuide();
    guide.snapshot.path = "3000000001/page.pdf";
    guide.snapshot.sha256 = sha256("%PDF");
    expect(snapshotMatchesCapture(guide.snapshot, prepareCapture(guide.snapshot.path, bytes("%PDF")))).toEqual([
      { path: "$.snapshot.path", message: "capture snapshots/3000000001/page.pdf is neither .html nor .txt", expected: "a .html or .txt capture" },
    ]);
  });
});
