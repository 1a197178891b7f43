import { describe, expect, it } from "vitest";
import { localDateTime } from "../../../generator/capture/dates.ts";

// Each row: a date as Steam writes it in an interface language (the year left out for the current year, 2024
// here), and the local date-time it names.
const WRITTEN: readonly { written: string; local: string | null; why: string }[] = [
  { written: "4 Nov, 2023 @ 8:17pm", local: "2023-11-04T20:17:00", why: "English" },
  { written: "4 Nov @ 8:17pm", local: "2024-11-04T20:17:00", why: "English, in the current year" },
  { written: "Nov 4, 2023 @ 2:05pm", local: "2023-11-04T14:05:00", why: "English, the month first" },
  { written: "12 Mar @ 12:05am", local: "2024-03-12T00:05:00", why: "English, five past midnight" },
  { written: "12 Mar @ 12:05pm", local: "2024-03-12T12:05:00", why: "English, five past noon" },
  { written: "4th of November 2023", local: "2023-11-04T00:00:00", why: "English as a page writes it, without a time" },
  { written: "4 ноя. 2023 в 20:17", local: "2023-11-04T20:17:00", why: "Russian" },
  { written: "1 мар в 9:05", local: "2024-03-01T09:05:00", why: "Russian, in the current year" },
  { written: "4/nov./2023 às 20:17", local: "2023-11-04T20:17:00", why: "Portuguese (Brazil)" },
  { written: "1/mar. às 9:05", local: "2024-03-01T09:05:00", why: "Portuguese (Brazil), in the current year" },
  { written: "4 NOV 2023 a las 20:17", local: "2023-11-04T20:17:00", why: "Spanish: its time, not an English date without one" },
  { written: "4. Nov. 2023 um 20:17", local: "2023-11-04T20:17:00", why: "German" },
  { written: "1. März um 9:05", local: "2024-03-01T09:05:00", why: "German, in the current year" },
  { written: "4 nov. 2023 à 20h17", local: "2023-11-04T20:17:00", why: "French" },
  { written: "4 listopada 2023 o 20:17", local: "2023-11-04T20:17:00", why: "Polish" },
  { written: "4 Kas 2023 @ 20:17", local: "2023-11-04T20:17:00", why: "Turkish" },
  { written: "2023 年 11 月 4 日 下午 8:17", local: "2023-11-04T20:17:00", why: "Chinese (simplified), in the afternoon" },
  { written: "3 月 1 日 上午 9:05", local: "2024-03-01T09:05:00", why: "Chinese (simplified), in the morning of the current year" },
  { written: "2023-11-04 14:05", local: "2023-11-04T14:05:00", why: "ISO, in any language" },
  { written: "31 Feb 2023", local: null, why: "no day of the calendar" },
  { written: "no date here", local: null, why: "no date" },
];

describe("the dates a page writes", () => {
  for (const { written, local, why } of WRITTEN) {
    it(`reads ${JSON.stringify(written)} as ${local} (${why})`, () => {
      expect(localDateTime(written, 2024)).toBe(local);
    });
  }
});
