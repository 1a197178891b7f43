// What a guide's table holds, column by column, as data: the words a header cell uses for each column's role
// (in the languages guides are written in), the cells that are prices, percentages, decimals or dates (never
// seeds, whatever the header says), the cells of a level column that grade nothing, and how the levels of a
// level column are put best first: by a legend on the page, or by the natural order of their labels.
// tools/draft/tables.ts reads tables with these; each rule has a test page in test/tools/draft/tables.test.ts.

import { phrasesSource } from "./languages.ts";

/**
 * What a column holds: the row's `rank` (`#`, `Place`), its `seeds`, its `level` (`Tier`, `Grade`: the
 * levels of one system), a `label` naming a level (`Name`, `Type`: named levels), a `note` on the seeds, a
 * `measurement` of the row's seed (`Blue %`), or something `other` that is never seeds (a price, a date).
 */
export type ColumnRole = "rank" | "seeds" | "level" | "label" | "note" | "measurement" | "other";

/**
 * Header words of each role, tried in this order: the first role one of whose words the header holds (as a
 * whole word; a `whole` role's word must be the whole header, `Rank`, not `Rank of the seed`) is the column's.
 * A header naming no role is read as a `label`. English, Russian, Portuguese, Spanish, German, French, Polish, Turkish,
 * Chinese.
 */
export const COLUMN_ROLES: readonly { role: ColumnRole; whole?: true; words: readonly string[] }[] = [
  {
    role: "seeds",
    words: [
      ...["seed", "seeds", "pattern", "patterns", "template", "templates", "pattern id", "pattern ids", "paint seed", "paint seeds", "pattern #", "seed #", "id"],
      ...["сид", "сиды", "паттерн", "паттерны", "шаблон", "шаблоны"],
      ...["semente", "sementes", "padrão", "padrao", "padrões"],
      ...["semilla", "semillas", "patrón", "patron", "patrones", "plantilla"],
      ...["muster", "vorlage"],
      ...["motif", "motifs", "graine"],
      ...["wzór", "wzor", "wzory", "szablon"],
      ...["desen", "şablon", "tohum"],
      ...["图案", "模板", "模版", "种子", "图案编号", "模板编号"],
    ],
  },
  {
    role: "other",
    words: [
      ...["price", "prices", "cost", "value", "worth", "market", "usd", "eur", "$", "€", "£", "¥", "₽", "float", "wear", "date", "added", "updated", "when", "since", "year"],
      ...["цена", "стоимость", "флоат", "износ", "дата", "добавлен", "добавлено"],
      ...["preço", "preco", "valor", "desgaste", "data", "adicionado"],
      ...["precio", "fecha", "añadido", "agregado"],
      ...["preis", "wert", "abnutzung", "datum", "hinzugefügt"],
      ...["prix", "valeur", "usure", "ajouté", "ajoute"],
      ...["cena", "wartość", "wartosc", "zużycie", "dodano"],
      ...["fiyat", "değer", "aşınma", "tarih", "eklendi", "eklenme"],
      ...["价格", "价钱", "价值", "磨损", "日期", "添加", "时间"],
    ],
  },
  {
    role: "measurement",
    words: ["%", "percent", "percentage", "процент", "porcentagem", "porcentaje", "prozent", "pourcentage", "procent", "yüzde", "百分比"],
  },
  {
    role: "rank",
    whole: true,
    words: [
      ...["#", "no", "no.", "nr", "nr.", "№", "rank", "ranking", "place", "pos", "pos.", "position", "top"],
      ...["место", "ранг", "позиция"],
      ...["posição", "posicao", "lugar", "classificação"],
      ...["puesto", "posición", "rango"],
      ...["platz", "rang"],
      ...["classement"],
      ...["miejsce", "pozycja", "ranga"],
      ...["sıra", "sıralama", "derece"],
      ...["排名", "名次", "序号"],
    ],
  },
  {
    role: "note",
    words: [
      ...["note", "notes", "comment", "comments", "description", "why", "remark", "remarks", "detail", "details", "look", "looks"],
      ...["примечание", "примечания", "комментарий", "описание", "заметки"],
      ...["nota", "notas", "observação", "observações", "comentário", "descrição"],
      ...["comentario", "comentarios", "descripción", "observaciones"],
      ...["notiz", "notizen", "anmerkung", "anmerkungen", "kommentar", "beschreibung"],
      ...["commentaire", "remarque", "remarques"],
      ...["uwagi", "notatki", "komentarz", "opis"],
      ...["not", "notlar", "açıklama", "yorum"],
      ...["备注", "说明", "描述", "评论"],
    ],
  },
  {
    role: "level",
    words: [
      ...["tier", "tiers", "tier list", "level", "levels", "grade", "grades", "class", "rating"],
      ...["тир", "уровень", "класс", "грейд"],
      ...["nível", "nivel", "classe"],
      ...["grado", "clase"],
      ...["stufe", "klasse", "niveau"],
      ...["poziom", "klasa"],
      ...["seviye", "kademe", "sınıf"],
      ...["等级", "级别", "档次", "梯队", "层级", "评级"],
    ],
  },
  {
    role: "label",
    words: [
      ...["name", "type", "group", "groups", "category", "band", "fade", "kind"],
      ...["название", "тип", "группа", "категория"],
      ...["nome", "tipo", "grupo", "categoria"],
      ...["nombre", "categoría"],
      ...["typ", "gruppe", "kategorie"],
      ...["nom", "groupe", "catégorie"],
      ...["nazwa", "grupa", "kategoria"],
      ...["isim", "tür", "grup", "kategori"],
      ...["名称", "类型", "分组", "类别"],
    ],
  },
];

/** The role a header cell's words name (`COLUMN_ROLES`), or null when they name none. */
export function columnRole(header: string): ColumnRole | null {
  const text = header.trim().replace(/[\s:：*]+$/u, "");
  for (const { role, whole, words } of ROLE_PATTERNS) if ((whole ? words.whole : words.anywhere).test(text)) return role;
  return null;
}

const ROLE_PATTERNS = COLUMN_ROLES.map(({ role, whole, words }) => ({
  role,
  whole: whole === true,
  // Symbols (`#`, `%`, `$`) are words of their own: no letter may touch them.
  words: { whole: new RegExp(`^(?:${phrasesSource(words)})$`, "iu"), anywhere: new RegExp(phrasesSource(words), "iu") },
}));

/**
 * A `rank` header (`Rank`, `Rang`) over cells that are labels (`S`, `A`, `Tier 1`) heads a level column; over
 * numbers (`1`, `#2`, `3.`, `4th`) it ranks the rows.
 */
export const RANK_CELL = /^(?:#|no\.?|nr\.?|№)?\s?\d{1,4}(?:st|nd|rd|th|\.|\))?$/iu;

/** What a cell is by its content alone, when it is one of these: never a seed. */
export type CellKind = "price" | "percentage" | "decimal" | "date";

/** Cells that are a price, a percentage, a decimal (a float) or a date; tried in this order. */
export const CELL_KINDS: readonly { kind: CellKind; pattern: RegExp }[] = [
  { kind: "percentage", pattern: /^[~≈<>]?\s?\d{1,3}(?:[.,]\d+)?\s?%$/u },
  // $120, ~$900, $2,500+, $700-900, €45, R$ 50, 1 200 ₽, 45 €, 300 USD, 12k, 1.2k
  {
    kind: "price",
    pattern:
      /^(?:[~≈<>]|ca\.?|approx\.?)?\s?(?:(?:us|r|a|c)?\$|[€£¥₽₺₴]|zł)\s?\d[\d\s.,]*[km]?\+?(?:\s?[-–]\s?(?:\$|[€£¥₽₺₴])?\s?\d[\d\s.,]*[km]?\+?)?$|^[~≈]?\d[\d\s.,]*[km]?\+?\s?(?:\$|[€£¥₽₺₴]|usd|eur|rub|pln|brl|try|zł|руб\.?|р\.|元)$|^[~≈]?\d{1,4}(?:[.,]\d)?[km]\+?$/iu,
  },
  // 2024-03-01, 01.03.2024, 3/1/2024, 12 Jan 2024, Jan 12, 2024, March 2024
  {
    kind: "date",
    pattern: /^(?:(?:19|20)\d\d[-./]\d{1,2}(?:[-./]\d{1,2})?|\d{1,2}[-./]\d{1,2}[-./](?:19|20)?\d\d|\d{1,2}\.?\s\p{L}{3,9}\.?,?\s(?:19|20)\d\d|\p{L}{3,9}\.?\s(?:\d{1,2},?\s)?(?:19|20)\d\d)$/u,
  },
  // 0.07, 0,153, 12.50: a float or a decimal figure (a seed is a whole number)
  { kind: "decimal", pattern: /^[~≈<>]?\s?(?:\d{1,4}\.\d{1,6}|0,\d{1,6})$/u },
];

/** A column is of a kind when more than this share of its filled cells below the header are. */
export const MOSTLY = 0.5;

/**
 * A level cell saying its row is not graded: a dash, `none`, `n/a`, `?`, `✗`; or any not-graded phrase of
 * the page's languages (`not blue`, languages.ts). An empty level cell grades nothing either.
 */
export const NOT_GRADED_CELL = /^(?:[-–—−‐~?✗✘×/]+|n\/?a|none|nothing|no|ungraded|untiered)$/iu;

/**
 * The natural order of a level column's labels, best first, each read without its level word (`Tier 1` as
 * `1`, `S Tier` as `s`): when every label of the column reads as one of these, the column's levels are put in
 * its order. `place` is smaller for the better label.
 */
export const LEVEL_ORDERS: readonly { name: string; pattern: RegExp; place: (groups: Record<string, string | undefined>) => number }[] = [
  { name: "numbered, 1 best", pattern: /^t?\s?(?<n>\d{1,3})$/iu, place: ({ n }) => Number(n) },
  { name: "percentages, highest best", pattern: /^(?<n>\d{1,3}(?:[.,]\d+)?)\s?%/u, place: ({ n }) => -Number(n!.replace(",", ".")) },
  {
    name: "letter grades, S before A before B",
    pattern: /^(?<grade>s{1,3}|[a-f])\s?(?<sign>\+{1,2}|-)?$/iu,
    place: ({ grade, sign }) => ["sss", "ss", "s", "a", "b", "c", "d", "e", "f"].indexOf(grade!.toLowerCase()) * 4 + (sign === "++" ? 0 : sign === "+" ? 1 : sign === "-" ? 3 : 2),
  },
  { name: "Roman numerals, I best", pattern: /^(?<roman>i{1,3}|iv|vi{0,3}|ix|x)$/iu, place: ({ roman }) => ROMAN.indexOf(roman!.toLowerCase()) },
  {
    name: "top to bottom",
    pattern: /^(?<word>god|top|high|upper|mid|middle|low|lower|bottom)$/iu,
    place: ({ word }) => ["god", "top", "high", "upper", "mid", "middle", "low", "lower", "bottom"].indexOf(word!.toLowerCase()),
  },
];

const ROMAN = ["i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x"];

/**
 * A line of the page naming the best (or worst) of a level column's levels: `Tier 1 is the best`, `S = best`,
 * `Best: S`, `C is the lowest`; the level is read from the words it names, a lead-in (`Legend:`) left out. With the natural order of the labels it says which way that order runs.
 */
export const LEVEL_LEGENDS: readonly { pattern: RegExp; best: boolean }[] = [
  { pattern: /^(?<level>.{1,40}?)\s(?:is|are|=|means?)\s(?:the\s)?(?:best|highest|top|rarest|greatest)(?![\p{L}])/iu, best: true },
  { pattern: /^(?<level>.{1,40}?)\s?(?:=|[-–—:])\s?(?:the\s)?(?:best|highest|top)(?![\p{L}])/iu, best: true },
  { pattern: /^(?:the\s)?(?:best|highest)(?:\s(?:one\s)?(?:is|are)\s|\s?[:=]\s?)(?<level>.{1,40}?)[.!]?$/iu, best: true },
  { pattern: /^(?<level>.{1,40}?)\s(?:is|are|=|means?)\s(?:the\s)?(?:worst|lowest)(?![\p{L}])/iu, best: false },
  { pattern: /^(?<level>.{1,40}?)\s?(?:=|[-–—:])\s?(?:the\s)?(?:worst|lowest)(?![\p{L}])/iu, best: false },
];
