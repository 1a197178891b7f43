import type { ReadableCapture } from "../../generator/capture/capture.ts";
import type { TextElement } from "../../generator/capture/capture-text.ts";
import type { BodyLine } from "../../generator/capture/lines.ts";
import { CAPTION_AFTER_IMAGE, IMAGE_TAGS } from "../../generator/capture/shapes.ts";

// Captions written under a picture as plain page text: the line right after an image, when it is set in a
// caption's style (`<i>`, `<em>`, `<small>`, a `caption` class) or says it describes the picture (`Collage:
// 661, 151`). Its seeds are the caption's, not a list's; read as a heading (an italic line is a heading
// element), such a line would name a level of its own. A plain line right after a picture may be either a
// caption or the list going on past the picture: lists.ts tells them apart by what the line lists.

export interface Pictures {
  /** Lines that are a picture's caption. */
  captions: Set<BodyLine>;
  /** Lines written right after a picture: a caption when they only repeat seeds listed just above. */
  afterImage: Set<BodyLine>;
}

export function readPictures(capture: ReadableCapture, lines: readonly BodyLine[]): Pictures {
  const captions = new Set<BodyLine>();
  const afterImage = new Set<BodyLine>();
  const starts = lines.map((line) => line.start);
  const styled = capture.elements.filter(captionStyled);
  const styledStarts = styled.map((element) => element.start);
  for (const image of capture.elements) {
    if (!IMAGE_TAGS.has(image.tag)) continue;
    const at = firstAtOrAfter(starts, image.start);
    const line = lines[at];
    // An image inside a line (an emoji picture between words) captions nothing.
    if (line === undefined || (at > 0 && lines[at - 1]!.end > image.start)) continue;
    afterImage.add(line);
    // The styled element opened between the image and the line, holding the whole line.
    let holder: TextElement | undefined;
    for (let index = firstAtOrAfter(styledStarts, image.start); index < styled.length && styled[index]!.start <= line.start; index++) {
      if (line.end <= styled[index]!.end) holder = styled[index];
    }
    if (holder === undefined && !CAPTION_AFTER_IMAGE.words.test(line.text)) continue;
    captions.add(line);
    // A caption in one element may run over several lines.
    if (holder !== undefined) for (let next = at + 1; next < lines.length && lines[next]!.end <= holder.end; next++) captions.add(lines[next]!);
  }
  return { captions, afterImage };
}

function captionStyled(element: TextElement): boolean {
  return CAPTION_AFTER_IMAGE.tags.has(element.tag) || CAPTION_AFTER_IMAGE.name.test(element.attributes.class ?? "");
}

function firstAtOrAfter(starts: readonly number[], offset: number): number {
  let low = 0;
  let high = starts.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (starts[middle]! < offset) low = middle + 1;
    else high = middle;
  }
  return low;
}
