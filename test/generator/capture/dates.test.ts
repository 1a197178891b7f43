import { describe, expect, it } from "vitest";
import { dateShapes, localDateTime, shapeSource } from "../../../generator/capture/dates.ts";
import { LANGUAGES } from "../../../generator/capture/languages.ts";

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
  { written: "2023年11月4日 下午8:17", local: "2023-11-04T20:17:00", why: "Chinese (simplified) written without spaces" },
  { written: "2023-11-04 14:05", local: "2023-11-04T14:05:00", why: "ISO, in any language" },
  { written: "0999-11-04 14:05", local: "0999-11-04T14:05:00", why: "ISO, a year before 1000 kept at four digits" },
  { written: "31 Feb 2023", local: null, why: "no day of the calendar" },
  { written: "29 Feb 2023", local: null, why: "no leap day in 2023" },
  { written: "29 Feb 2024", local: "2024-02-29T00:00:00", why: "the leap day of 2024" },
  { written: "31 Jul 2023", local: "2023-07-31T00:00:00", why: "the last day of a 31-day month" },
  { written: "2023 年 0 月 4 日", local: null, why: "no month 0" },
  { written: "2023 年 13 月 4 日", local: null, why: "no month 13" },
  { written: "4°/nov./2023", local: null, why: "a degree sign is no ordinal of a day" },
  { written: "no date here", local: null, why: "no date" },
];

describe("the dates a page writes", () => {
  for (const { written, local, why } of WRITTEN) {
    it(`reads ${JSON.stringify(written)} as ${local} (${why})`, () => {
      // The shapes compiled here as well as those compiled once as the module loads, which are the default.
      expect(localDateTime(written, 2024, dateShapes(LANGUAGES))).toBe(local);
      expect(localDateTime(written, 2024)).toBe(local);
    });
  }

  it("reads no date where none is written", () => {
    expect(localDateTime(null, 2024)).toBeNull();
    expect(localDateTime(undefined, 2024)).toBeNull();
  });

  it("takes, of two shapes reading the same length, the first one listed", () => {
    const english = LANGUAGES.find((language) => language.code === "en")!;
    const dayFirst = dateShapes([{ ...english, dates: ["{day}/{monthNumber}", "{monthNumber}/{day}"] }]);
    const monthFirst = dateShapes([{ ...english, dates: ["{monthNumber}/{day}", "{day}/{monthNumber}"] }]);
    expect(localDateTime("1/2", 2024, dayFirst)).toBe("2024-02-01T00:00:00");
    expect(localDateTime("1/2", 2024, monthFirst)).toBe("2024-01-02T00:00:00");
  });

  it("passes over a longer reading that names no day of the calendar for a shorter one that does", () => {
    const english = LANGUAGES.find((language) => language.code === "en")!;
    const shapes = dateShapes([{ ...english, dates: ["{monthNumber}/{day}/{year}", "{day}/{monthNumber}"] }]);
    expect(localDateTime("13/1/2023", 2024, shapes)).toBe("2024-01-13T00:00:00");
  });

  it("refuses a shape naming a placeholder it does not know", () => {
    const english = LANGUAGES.find((language) => language.code === "en")!;
    expect(() => shapeSource("{day} {weekday}", english)).toThrow("unknown date placeholder {weekday} in en");
  });
});
