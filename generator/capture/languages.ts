// The words guide pages are written in, as data: one entry per language Steam guides are written in, so that
// a maintainer adds a language by adding an entry, without code. The drafter (generator/capture/shapes.ts), the
// number reader (numbers.ts) and the attribution reader (attribution.ts, dates.ts) read every language at
// once: a page rarely says which it is in, and often mixes English level words into another language.
//
// Words are lowercase and matched whole (a word of a script written without spaces, Chinese or Japanese, is
// whole wherever it stands). Where a list says "opening with", a stem is enough (`изменени`).

export interface Language {
  /** BCP 47 tag, as Steam names its interface languages (`en`, `ru`, `pt-BR`, `zh-CN`, ...). */
  code: string;
  /** The language's English name, for messages. */
  name: string;
  /**
   * Words that name a level when a number or a letter grade follows (`Tier 1`, `Уровень 2`, `Nível S`). A
   * word ending in a dot is an abbreviation, read with or without it (`Cat. 1`, `Cat 1`).
   */
  levelWords: readonly string[];
  /** Words that name a level written after its grade (`S tier`, `1-й уровень`, `1. Stufe`, `一级`, `第一梯队`). */
  levelWordsAfter: readonly string[];
  /** What may open a grade written before a level word (`第` of `第一梯队`). */
  levelPrefixes: readonly string[];
  /** Words for the numbers 1, 2, 3, ... as level labels write them (`一级`, `第二梯队`), in order. */
  numerals: readonly string[];
  /** What follows a number to make it an ordinal (`1st`, `1-й`, `1º`, `1er`, `1.`): `1st tier` is a level. */
  ordinalSuffixes: readonly string[];
  /** Words written before a level word that make it a named level of a tier list (`God tier`, `Top tier`, `神级`). */
  levelAdjectives: readonly string[];
  /**
   * Besides the level words: words that, written just before a number in a sentence, make it a level or a
   * ranking rather than a seed (`not a Top 10`, `Phase 2 has none`, `No. 3`).
   */
  labelWordsBeforeNumber: readonly string[];
  /**
   * Words and phrases a heading or a lead-in line opens with, or holds, when what follows it is not graded:
   * near misses, lists of patterns that are not the property, exclusions, mentions, questions, changelogs,
   * sales and prices.
   */
  notGraded: readonly string[];
  /** What a heading opens with when it names a section the guide does not grade (changelog, FAQ, credits, introduction). */
  ungradedSections: readonly string[];
  /** Headings that, as the whole heading, name such a section (`About`, `Links`). */
  ungradedHeadings: readonly string[];
  /** Words that join seeds in a list (`661, 151 and 321`, `661, 151 и 321`). */
  conjunctions: readonly string[];
  /**
   * Words that keep a small number written after a seed and a dash a seed rather than a count of something:
   * the list going on (`661 - 15 to 32`) or a sentence about it (`661 - 15 is close`).
   */
  seedContinuers: readonly string[];
  /** Words written after a number that make it a count (`12 seeds`, `3 months`, `12 сидов`, `3 месяца`). */
  countWords: readonly string[];
  /** Words written after an amount that make it a price (`5 keys`, `600 USD`, `5 ключей`, `2.500 zł`). */
  priceWords: readonly string[];
  /**
   * How the language groups thousands (`12,481`, `12.481`, `12 481`). A number grouped with a space counts
   * only before a count or price word of the language (`12 481 просмотров`), since seeds are listed with spaces
   * too; a no-break space (U+00A0, U+202F) always groups.
   */
  thousandsSeparators: readonly string[];
  /** The decimal mark: `99,5 %` in most European languages. */
  decimalMark: "." | ",";
  /**
   * Month names as Steam and pages write them in dates, for each month its full names and every short form,
   * with the dot Steam writes after it where it does (`nov.` of pt-BR's `4/nov./2023`: `out`, without the dot,
   * is a word).
   */
  months: readonly (readonly string[])[];
  /**
   * How Steam writes a date and time in this interface language: `{day}`, `{month}` (a name of `months`),
   * `{monthNumber}`, `{year}`, `{hour}`, `{minute}`, `{ampm}` (a word of `dayPeriods`); `[...]` is left out
   * when absent (the year, for the current year); a space stands for any spacing, or none.
   */
  dates: readonly string[];
  /** The words of a twelve-hour clock (`8:17pm`, `下午 8:17`). */
  dayPeriods: { am: readonly string[]; pm: readonly string[] };
  /** The labels Steam writes before a guide's dates (`Posted`, `Updated`): a label opens with one of these. */
  postedLabels: readonly string[];
  updatedLabels: readonly string[];
  /**
   * The game's paint names in this language, as guides write them for Doppler phases and gems: the word for a
   * phase (written before its number, `Fase 2`, `Фаза 2`) and each gem's name, keyed by the English
   * `paint_label` the item files use. Lowercase.
   */
  phaseWords: readonly string[];
  gemNames: Readonly<Record<"Ruby" | "Sapphire" | "Emerald" | "Black Pearl", readonly string[]>>;
}

export const ENGLISH: Language = {
  code: "en",
  name: "English",
  levelWords: ["tier", "tear", "grade", "class", "level", "rank", "category", "cat."],
  levelWordsAfter: ["tier"],
  levelPrefixes: [],
  numerals: [],
  ordinalSuffixes: ["st", "nd", "rd", "th"],
  levelAdjectives: ["god", "top", "high", "upper", "mid", "middle", "lower", "low", "bottom", "elite", "max", "best"],
  labelWordsBeforeNumber: ["tiers", "ranked", "top", "phase", "no.", "nr."],
  notGraded: [
    "close but no", "close but not", "not quite", "almost", "not blue", "not a blue gem", "not gems", "not ranked", "not graded", "not tiered",
    "unranked", "excluded", "exclusions", "honourable mentions", "honorable mentions", "runners up", "faq", "questions", "changelog", "change log",
    "update log", "updates", "sold", "for sale", "prices", "price", "price check", "my inventory", "owned", "fakes", "overrated", "avoid",
  ],
  ungradedSections: [
    "changelog", "change log", "changes", "update", "patch notes", "version history", "history", "faq", "f.a.q", "frequently asked", "questions",
    "q&a", "q & a", "q &a", "q& a", "credit", "thanks", "special thanks", "acknowledg", "source", "references", "contact", "disclaimer", "introduction", "intro",
    "preface", "table of contents", "how to check", "how to find", "how to inspect", "how to read", "how to use", "useful links", "support", "donat",
    "conclusion", "final thoughts", "final words", "closing", "outro",
  ],
  ungradedHeadings: ["about", "about me", "about this guide", "about the author", "contents", "link", "links"],
  conjunctions: ["and", "or", "nor"],
  seedContinuers: ["to", "then", "than", "vs", "versus", "is", "are", "was", "were", "has", "have", "had", "with", "but", "also", "too", "like", "as", "plus"],
  // `419 likes` is a count; `419 like the 661` is a seed and the verb, so the singular is no count word (nor
  // `seed`, `pattern`, `skin`, `item`: `661 seed` names the seed).
  countWords: [
    "view", "views", "visitor", "visitors", "rating", "ratings", "favourite", "favourites", "favorite", "favorites", "comment", "comments",
    "subscriber", "subscribers", "star", "stars", "vote", "votes", "likes", "award", "awards", "people", "times", "day", "days", "hour", "hours",
    "minute", "minutes", "week", "weeks", "month", "months", "year", "years", "screenshot", "screenshots", "image", "images", "picture", "pictures",
    "seeds", "patterns", "skins", "items",
  ],
  priceWords: ["usd", "eur", "key", "keys", "cent", "cents", "dollar", "dollars"],
  thousandsSeparators: [","],
  decimalMark: ".",
  months: [
    ["january", "jan"],
    ["february", "feb"],
    ["march", "mar"],
    ["april", "apr"],
    ["may"],
    ["june", "jun"],
    ["july", "jul"],
    ["august", "aug"],
    ["september", "sep", "sept"],
    ["october", "oct"],
    ["november", "nov"],
    ["december", "dec"],
  ],
  // `4 Nov, 2023 @ 8:17pm`, `4 Nov @ 8:17pm` in the current year; pages also write `Nov 4, 2023`.
  dates: [
    "{day} {month}[,][ {year}][[ @][ at][,] {hour}:{minute}[ {ampm}]]",
    "{month} {day}[,][ {year}][[ @][ at][,] {hour}:{minute}[ {ampm}]]",
    "{day} of {month}[,][ {year}][[ @][ at][,] {hour}:{minute}[ {ampm}]]",
  ],
  dayPeriods: { am: ["am"], pm: ["pm"] },
  postedLabels: ["posted"],
  updatedLabels: ["updated"],
  phaseWords: ["phase"],
  gemNames: { Ruby: ["ruby"], Sapphire: ["sapphire"], Emerald: ["emerald"], "Black Pearl": ["black pearl"] },
};

export const RUSSIAN: Language = {
  code: "ru",
  name: "Russian",
  levelWords: ["уровень", "тир", "ранг", "класс", "категория", "ступень", "грейд"],
  levelWordsAfter: ["уровень", "тир", "ранг", "класс", "категория"],
  levelPrefixes: [],
  numerals: [],
  ordinalSuffixes: ["-й", "-ый", "-ий", "-ой", "-я", "-ая", "-е", "-ое", "-го", "-ого"],
  levelAdjectives: ["топ", "топовый", "высший", "лучший", "средний", "низкий", "низший", "божественный"],
  labelWordsBeforeNumber: ["уровни", "тиры", "топ", "фаза", "№", "номер", "место"],
  notGraded: [
    "почти", "близко, но нет", "почти, но нет", "не совсем", "не blue gem", "не блю гем", "не синий", "не синие", "не голубой", "не ранжировано",
    "без ранга", "вне рейтинга", "исключено", "исключения", "исключённые", "исключенные", "почётные упоминания", "почетные упоминания",
    "достойны упоминания", "стоит упомянуть", "чаво", "faq", "вопросы", "часто задаваемые вопросы", "список изменений", "изменения", "обновления",
    "история изменений", "продано", "продан", "продаётся", "продается", "на продажу", "цены", "цена", "мой инвентарь", "подделки", "фейки",
    "переоценённые", "переоцененные", "избегайте", "не покупайте",
  ],
  ungradedSections: [
    "список изменений", "изменени", "обновлени", "история", "патчноут", "чаво", "часто задаваемые вопросы", "вопросы", "вопрос-ответ", "благодарност",
    "спасибо", "источник", "ссылки", "полезные ссылки", "контакт", "отказ от ответственности", "дисклеймер", "введение", "вступление", "предисловие",
    "содержание", "оглавление", "как проверить", "как найти", "как посмотреть", "как читать", "как пользоваться", "поддерж", "донат", "заключение",
    "итог", "послесловие", "об авторе", "о гайде", "об этом руководстве",
  ],
  ungradedHeadings: ["обо мне", "о себе"],
  conjunctions: ["и", "или", "а также"],
  seedContinuers: ["до", "затем", "потом", "чем", "vs", "против", "это", "был", "была", "было", "были", "есть", "имеет", "с", "со", "но", "тоже", "также", "как", "плюс", "лучше", "хуже"],
  // As in English, the singular of a seed's word (`сид`, `паттерн`) names the seed.
  countWords: [
    "просмотр", "просмотра", "просмотров", "просмотры", "посетитель", "посетителя", "посетителей", "оценка", "оценки", "оценок", "избранное",
    "избранном", "комментарий", "комментария", "комментариев", "подписчик", "подписчика", "подписчиков", "звезда", "звезды", "звёзд", "звезд", "голос",
    "голоса", "голосов", "лайка", "лайков", "лайки", "награда", "награды", "наград", "человек", "человека", "раз", "раза", "день", "дня", "дней",
    "час", "часа", "часов", "минута", "минуты", "минут", "неделя", "недели", "недель", "месяц", "месяца", "месяцев", "год", "года", "лет", "скриншот",
    "скриншота", "скриншотов", "изображение", "изображения", "изображений", "картинка", "картинки", "картинок", "сида", "сидов", "сиды", "паттерна",
    "паттернов", "паттерны", "скина", "скинов", "скины", "предмета", "предметов",
  ],
  priceWords: ["руб", "руб.", "рубль", "рубля", "рублей", "р.", "ключ", "ключа", "ключей", "ключи", "доллар", "доллара", "долларов", "бакс", "бакса", "баксов", "евро"],
  thousandsSeparators: [" ", "\u00a0"],
  decimalMark: ",",
  months: [
    ["январь", "января", "янв"],
    ["февраль", "февраля", "фев"],
    ["март", "марта", "мар"],
    ["апрель", "апреля", "апр"],
    ["май", "мая"],
    ["июнь", "июня", "июн"],
    ["июль", "июля", "июл"],
    ["август", "августа", "авг"],
    ["сентябрь", "сентября", "сен", "сент"],
    ["октябрь", "октября", "окт"],
    ["ноябрь", "ноября", "ноя", "нояб"],
    ["декабрь", "декабря", "дек"],
  ],
  // `4 ноя. 2023 в 20:17`
  dates: ["{day} {month}[ {year}][ г.][ в {hour}:{minute}]"],
  dayPeriods: { am: [], pm: [] },
  postedLabels: ["опубликовано", "добавлено", "размещено"],
  updatedLabels: ["обновлено", "изменено"],
  phaseWords: ["фаза"],
  gemNames: { Ruby: ["рубин"], Sapphire: ["сапфир"], Emerald: ["изумруд"], "Black Pearl": ["чёрная жемчужина", "черная жемчужина"] },
};

export const PORTUGUESE_BRAZIL: Language = {
  code: "pt-BR",
  name: "Portuguese (Brazil)",
  levelWords: ["nível", "nivel", "tier", "categoria", "classe", "rank", "grau"],
  levelWordsAfter: ["nível", "nivel", "tier", "categoria"],
  levelPrefixes: [],
  numerals: [],
  ordinalSuffixes: ["º", "ª", "°", ".º", ".ª"],
  levelAdjectives: ["top"],
  labelWordsBeforeNumber: ["níveis", "top", "fase", "nº", "n.º", "n°"],
  notGraded: [
    "quase", "quase lá", "por pouco", "não é blue gem", "não são blue gems", "não é azul", "não azul", "sem classificação", "não classificado",
    "não classificados", "excluído", "excluídos", "exclusões", "menções honrosas", "menção honrosa", "perguntas frequentes", "perguntas", "faq",
    "changelog", "registro de alterações", "alterações", "atualizações", "vendido", "vendida", "à venda", "preços", "preço", "meu inventário",
    "falsos", "superestimados", "evite",
  ],
  ungradedSections: [
    "changelog", "registro de alterações", "alterações", "mudanças", "atualizaç", "histórico", "notas de atualização", "perguntas frequentes",
    "perguntas", "faq", "créditos", "agradecimento", "obrigado", "fontes", "referências", "contato", "aviso", "introdução", "prefácio", "índice",
    "sumário", "como verificar", "como encontrar", "como ver", "como ler", "como usar", "links úteis", "suporte", "apoie", "doaç", "conclusão",
    "considerações finais", "palavras finais", "sobre o autor", "sobre o guia",
  ],
  ungradedHeadings: ["sobre", "sobre mim", "links"],
  conjunctions: ["e", "ou"],
  // Not `tem` (`has`): `15 tem` is also the 15th of July in Turkish.
  seedContinuers: ["a", "até", "depois", "então", "que", "vs", "contra", "é", "são", "foi", "era", "com", "mas", "também", "como", "mais"],
  countWords: [
    "visualizações", "visualização", "visitantes", "visitante", "avaliações", "favoritos", "comentários", "comentário", "inscritos", "estrelas",
    "votos", "curtidas", "prêmios", "pessoas", "vezes", "dias", "dia", "horas", "hora", "minutos", "semanas", "semana", "meses", "mês", "anos", "ano",
    "capturas", "imagens", "fotos", "sementes", "padrões", "itens",
  ],
  priceWords: ["reais", "chave", "chaves", "dólares", "dólar", "centavos", "brl"],
  thousandsSeparators: ["."],
  decimalMark: ",",
  months: [
    ["janeiro", "jan."],
    ["fevereiro", "fev."],
    ["março", "mar."],
    ["abril", "abr."],
    ["maio", "mai."],
    ["junho", "jun."],
    ["julho", "jul."],
    ["agosto", "ago."],
    ["setembro", "set."],
    ["outubro", "out."],
    ["novembro", "nov."],
    ["dezembro", "dez."],
  ],
  // `4/nov./2023 às 20:17`
  dates: ["{day}/{month}[/{year}][ às {hour}:{minute}]", "{day} de {month}[ de {year}][ às {hour}:{minute}]"],
  dayPeriods: { am: [], pm: [] },
  postedLabels: ["publicado", "publicada", "postado", "enviado"],
  updatedLabels: ["atualizado", "atualizada"],
  phaseWords: ["fase"],
  gemNames: { Ruby: ["rubi"], Sapphire: ["safira"], Emerald: ["esmeralda"], "Black Pearl": ["pérola negra", "perola negra"] },
};

export const SPANISH: Language = {
  code: "es",
  name: "Spanish",
  levelWords: ["nivel", "tier", "categoría", "categoria", "rango", "clase", "grado"],
  levelWordsAfter: ["nivel", "tier", "categoría"],
  levelPrefixes: [],
  numerals: [],
  ordinalSuffixes: ["º", "ª", "°", ".º", ".ª", "er", "ro", "do", "to"],
  levelAdjectives: ["top"],
  labelWordsBeforeNumber: ["niveles", "top", "fase", "nº", "n.º", "núm.", "puesto"],
  notGraded: [
    "casi", "por poco", "casi pero no", "no es blue gem", "no son blue gems", "no es azul", "no azul", "sin clasificar", "excluido", "excluidos",
    "exclusiones", "menciones honoríficas", "menciones honorificas", "mención honorífica", "menciones especiales", "preguntas frecuentes", "preguntas",
    "faq", "registro de cambios", "cambios", "actualizaciones", "vendido", "vendida", "en venta", "precios", "precio", "mi inventario", "falsos",
    "sobrevalorados", "evitar",
  ],
  ungradedSections: [
    "registro de cambios", "cambios", "changelog", "actualizaci", "historial", "notas del parche", "preguntas frecuentes", "preguntas", "faq",
    "créditos", "agradecimiento", "gracias", "fuentes", "referencias", "contacto", "aviso", "descargo", "introducción", "introduccion", "prefacio",
    "índice", "contenido", "cómo comprobar", "cómo encontrar", "cómo ver", "cómo leer", "cómo usar", "enlaces", "apoy", "donaci", "conclusión",
    "conclusion", "palabras finales", "sobre el autor", "sobre la guía", "acerca de",
  ],
  ungradedHeadings: ["sobre mí"],
  conjunctions: ["y", "o"],
  seedContinuers: ["a", "hasta", "luego", "que", "vs", "contra", "es", "son", "fue", "era", "tiene", "con", "pero", "también", "como", "más"],
  countWords: [
    "vistas", "visitas", "visitantes", "valoraciones", "favoritos", "comentarios", "suscriptores", "estrellas", "votos", "me gusta", "premios",
    "personas", "veces", "días", "dias", "día", "horas", "hora", "minutos", "semanas", "semana", "meses", "mes", "años", "año", "capturas", "imágenes",
    "fotos", "semillas", "patrones", "objetos", "artículos",
  ],
  priceWords: ["llave", "llaves", "dólares", "dólar", "euros", "euro", "céntimos", "centavos", "pesos"],
  thousandsSeparators: [".", " ", "\u00a0"],
  decimalMark: ",",
  months: [
    ["enero", "ene"],
    ["febrero", "feb"],
    ["marzo", "mar"],
    ["abril", "abr"],
    ["mayo", "may"],
    ["junio", "jun"],
    ["julio", "jul"],
    ["agosto", "ago"],
    ["septiembre", "setiembre", "sep", "sept"],
    ["octubre", "oct"],
    ["noviembre", "nov"],
    ["diciembre", "dic"],
  ],
  // `4 NOV 2023 a las 20:17`
  dates: ["{day} {month}[ {year}][ a las {hour}:{minute}]", "{day} de {month}[ de {year}][ a las {hour}:{minute}]"],
  dayPeriods: { am: [], pm: [] },
  postedLabels: ["publicado", "publicada", "publicación"],
  updatedLabels: ["actualizado", "actualizada", "actualización"],
  phaseWords: ["fase"],
  gemNames: { Ruby: ["rubí", "rubi"], Sapphire: ["zafiro"], Emerald: ["esmeralda"], "Black Pearl": ["perla negra"] },
};

export const GERMAN: Language = {
  code: "de",
  name: "German",
  levelWords: ["stufe", "tier", "rang", "klasse", "kategorie", "level", "ebene"],
  levelWordsAfter: ["stufe", "tier", "klasse", "rang", "kategorie"],
  levelPrefixes: [],
  numerals: [],
  ordinalSuffixes: ["."],
  levelAdjectives: ["top", "gott"],
  labelWordsBeforeNumber: ["stufen", "tiers", "top", "phase", "nr.", "platz"],
  notGraded: [
    "knapp daneben", "fast", "beinahe", "nicht ganz", "kein blue gem", "keine blue gems", "nicht blau", "nicht gewertet", "nicht eingestuft",
    "ohne wertung", "ausgeschlossen", "ausschlüsse", "ehrenvolle erwähnungen", "ehrenhafte erwähnungen", "erwähnenswert", "häufige fragen",
    "häufig gestellte fragen", "fragen", "faq", "änderungen", "änderungsprotokoll", "changelog", "updates", "verkauft", "zu verkaufen", "preise",
    "preis", "mein inventar", "fälschungen", "überbewertet", "vermeiden",
  ],
  ungradedSections: [
    "änderung", "changelog", "update", "aktualisierung", "versionshistorie", "verlauf", "patchnotes", "häufige fragen", "häufig gestellte fragen",
    "fragen", "faq", "credits", "danksagung", "danke", "quellen", "referenzen", "kontakt", "haftungsausschluss", "disclaimer", "einleitung",
    "einführung", "vorwort", "inhalt", "wie prüf", "wie finde", "wie man", "nützliche links", "unterstütz", "spende", "fazit", "schlusswort",
    "schluss", "über mich", "über den autor", "über diesen guide",
  ],
  // `Links` alone is also `left` in German: only the whole heading names the links.
  ungradedHeadings: ["links", "über"],
  conjunctions: ["und", "oder", "sowie"],
  seedContinuers: ["bis", "dann", "als", "vs", "gegen", "ist", "sind", "war", "waren", "hat", "haben", "mit", "aber", "auch", "wie", "plus"],
  // Not `Muster`: one pattern as well as many, so `661 Muster` may name the seed.
  countWords: [
    "aufrufe", "besucher", "bewertungen", "favoriten", "kommentare", "kommentar", "abonnenten", "sterne", "stimmen", "auszeichnungen", "leute",
    "personen", "mal", "tage", "tagen", "stunden", "stunde", "minuten", "wochen", "woche", "monate", "monat", "monaten", "jahre", "jahr", "jahren",
    "bilder", "gegenstände",
  ],
  priceWords: ["euro", "schlüssel", "dollar", "cent"],
  thousandsSeparators: [".", " ", "\u00a0"],
  decimalMark: ",",
  months: [
    ["januar", "jänner", "jan.", "jan"],
    ["februar", "feb.", "feb"],
    ["märz", "mär.", "mär"],
    ["april", "apr.", "apr"],
    ["mai"],
    ["juni", "jun."],
    ["juli", "jul."],
    ["august", "aug.", "aug"],
    ["september", "sep.", "sept.", "sep"],
    ["oktober", "okt.", "okt"],
    ["november", "nov.", "nov"],
    ["dezember", "dez.", "dez"],
  ],
  // `4. Nov. 2023 um 20:17`
  dates: ["{day}. {month}[ {year}][ um {hour}:{minute}][ uhr]"],
  dayPeriods: { am: [], pm: [] },
  postedLabels: ["veröffentlicht", "erstellt", "gepostet"],
  updatedLabels: ["aktualisiert"],
  phaseWords: ["phase"],
  gemNames: { Ruby: ["rubin"], Sapphire: ["saphir"], Emerald: ["smaragd"], "Black Pearl": ["schwarze perle"] },
};

export const FRENCH: Language = {
  code: "fr",
  name: "French",
  levelWords: ["niveau", "tier", "rang", "classe", "catégorie", "palier"],
  levelWordsAfter: ["niveau", "tier", "rang", "palier"],
  levelPrefixes: [],
  numerals: [],
  ordinalSuffixes: ["er", "re", "e", "ème", "eme", "è"],
  levelAdjectives: ["top"],
  labelWordsBeforeNumber: ["niveaux", "top", "phase", "n°", "nº"],
  notGraded: [
    "presque", "pas loin", "pas tout à fait", "pas un blue gem", "pas blue gem", "pas bleu", "non classé", "non classés", "hors classement", "exclu",
    "exclus", "exclusions", "mentions honorables", "mention honorable", "mentions spéciales", "questions fréquentes", "foire aux questions",
    "questions", "faq", "journal des modifications", "changements", "modifications", "mises à jour", "vendu", "vendus", "à vendre", "prix",
    "mon inventaire", "faux", "surcotés", "surévalués", "à éviter",
  ],
  ungradedSections: [
    "journal des modifications", "changelog", "changement", "modification", "mise à jour", "mises à jour", "historique", "notes de patch",
    "foire aux questions", "questions fréquentes", "questions", "faq", "crédits", "remerciement", "merci", "sources", "références", "contact",
    "avertissement", "introduction", "préface", "avant-propos", "sommaire", "table des matières", "comment vérifier", "comment trouver",
    "comment lire", "comment utiliser", "liens", "soutien", "soutenir", "faire un don", "dons", "conclusion", "mot de la fin", "à propos",
  ],
  ungradedHeadings: [],
  conjunctions: ["et", "ou"],
  seedContinuers: ["à", "puis", "que", "vs", "contre", "est", "sont", "était", "a", "ont", "avec", "mais", "aussi", "comme", "plus"],
  countWords: [
    "vues", "visiteurs", "évaluations", "favoris", "commentaires", "commentaire", "abonnés", "étoiles", "j'aime", "récompenses", "personnes", "fois",
    "jours", "jour", "heures", "heure", "semaines", "semaine", "mois", "ans", "années", "année", "captures", "photos", "graines", "motifs", "objets",
  ],
  priceWords: ["euros", "euro", "clés", "clé", "clefs", "clef", "dollars", "centimes"],
  thousandsSeparators: ["\u202f", "\u00a0", " ", "."],
  decimalMark: ",",
  months: [
    ["janvier", "janv."],
    ["février", "févr."],
    ["mars"],
    ["avril", "avr."],
    ["mai"],
    ["juin"],
    ["juillet", "juil."],
    ["août"],
    ["septembre", "sept."],
    ["octobre", "oct."],
    ["novembre", "nov."],
    ["décembre", "déc."],
  ],
  // `4 nov. 2023 à 20h17`
  dates: ["{day} {month}[ {year}][ à {hour}h{minute}]", "{day} {month}[ {year}][ à {hour}:{minute}]"],
  dayPeriods: { am: [], pm: [] },
  postedLabels: ["publié", "publiée", "posté", "mis en ligne"],
  updatedLabels: ["mis à jour", "mise à jour", "actualisé"],
  phaseWords: ["phase"],
  gemNames: { Ruby: ["rubis"], Sapphire: ["saphir"], Emerald: ["émeraude", "emeraude"], "Black Pearl": ["perle noire"] },
};

export const POLISH: Language = {
  code: "pl",
  name: "Polish",
  levelWords: ["poziom", "tier", "ranga", "klasa", "kategoria", "stopień", "szczebel"],
  levelWordsAfter: ["poziom", "tier", "klasa", "kategoria"],
  levelPrefixes: [],
  numerals: [],
  ordinalSuffixes: ["."],
  levelAdjectives: ["top"],
  labelWordsBeforeNumber: ["poziomy", "top", "faza", "nr", "miejsce"],
  notGraded: [
    "prawie", "blisko, ale nie", "nie do końca", "nie blue gem", "nie niebieskie", "nie niebieski", "bez oceny", "niesklasyfikowane", "wykluczone",
    "wykluczenia", "wyróżnienia", "honorowe wyróżnienia", "warte wspomnienia", "najczęściej zadawane pytania", "pytania", "faq", "lista zmian",
    "zmiany", "aktualizacje", "sprzedane", "sprzedany", "na sprzedaż", "ceny", "cena", "mój ekwipunek", "podróbki", "przereklamowane", "unikaj",
  ],
  ungradedSections: [
    "lista zmian", "zmiany", "changelog", "aktualizac", "historia", "najczęściej zadawane pytania", "pytania", "faq", "podziękowania", "dzięki",
    "źródła", "kontakt", "zastrzeżeni", "wstęp", "wprowadzenie", "przedmowa", "spis treści", "jak sprawdzić", "jak znaleźć", "jak czytać",
    "jak używać", "linki", "przydatne linki", "wsparcie", "wesprzyj", "donat", "podsumowanie", "zakończenie", "o autorze", "o poradniku",
  ],
  ungradedHeadings: ["o mnie"],
  conjunctions: ["i", "oraz", "lub", "albo", "czy"],
  seedContinuers: ["do", "potem", "niż", "vs", "kontra", "to", "jest", "są", "był", "była", "ma", "mają", "z", "ze", "ale", "też", "także", "jak", "plus"],
  countWords: [
    "wyświetleń", "wyświetlenia", "odwiedzających", "ocen", "oceny", "ulubionych", "komentarzy", "komentarze", "subskrybentów", "gwiazdek", "głosów",
    "polubień", "nagród", "osób", "osoby", "razy", "dni", "dzień", "godzin", "godziny", "minut", "minuty", "tygodni", "tygodnie", "miesięcy",
    "miesiące", "miesiąc", "lat", "lata", "rok", "zrzutów", "zdjęć", "obrazków", "seedów", "wzorów", "skinów", "przedmiotów",
  ],
  priceWords: ["zł", "zl", "pln", "złotych", "złote", "klucz", "klucze", "kluczy", "dolarów", "dolary", "euro"],
  thousandsSeparators: [" ", "\u00a0"],
  decimalMark: ",",
  months: [
    ["styczeń", "stycznia", "sty"],
    ["luty", "lutego", "lut"],
    ["marzec", "marca"],
    ["kwiecień", "kwietnia", "kwi"],
    ["maj", "maja"],
    ["czerwiec", "czerwca", "cze"],
    ["lipiec", "lipca", "lip"],
    ["sierpień", "sierpnia"],
    ["wrzesień", "września", "wrz"],
    ["październik", "października", "paź"],
    ["listopad", "listopada", "lis"],
    ["grudzień", "grudnia", "gru"],
  ],
  // `4 listopada 2023 o 20:17`
  dates: ["{day} {month}[ {year}][ o {hour}:{minute}]"],
  dayPeriods: { am: [], pm: [] },
  postedLabels: ["opublikowano", "dodano", "utworzono"],
  updatedLabels: ["zaktualizowano", "zmieniono"],
  phaseWords: ["faza"],
  gemNames: { Ruby: ["rubin"], Sapphire: ["szafir"], Emerald: ["szmaragd"], "Black Pearl": ["czarna perła", "czarna perla"] },
};

export const TURKISH: Language = {
  code: "tr",
  name: "Turkish",
  levelWords: ["seviye", "kademe", "tier", "sınıf", "kategori", "derece", "aşama"],
  levelWordsAfter: ["seviye", "seviyesi", "kademe", "kademesi", "tier", "sınıf", "sınıfı"],
  levelPrefixes: [],
  numerals: [],
  ordinalSuffixes: ["."],
  levelAdjectives: ["top"],
  labelWordsBeforeNumber: ["seviyeler", "top", "faz", "sıra"],
  notGraded: [
    "neredeyse", "az kalsın", "tam değil", "blue gem değil", "mavi değil", "derecesiz", "sıralanmamış", "hariç", "hariç tutulanlar", "mansiyon",
    "anmaya değer", "sıkça sorulan sorular", "sorular", "sss", "faq", "değişiklik günlüğü", "değişiklikler", "güncellemeler", "satıldı", "satılık",
    "fiyatlar", "fiyat", "envanterim", "sahte", "abartılmış", "kaçının",
  ],
  ungradedSections: [
    "değişiklik", "güncelleme", "sürüm geçmişi", "geçmiş", "sıkça sorulan sorular", "sorular", "sss", "faq", "teşekkür", "emeği geçen", "kaynak",
    "iletişim", "uyarı", "giriş", "önsöz", "içindekiler", "nasıl kontrol", "nasıl bulunur", "nasıl okunur", "nasıl kullanılır", "bağlantılar",
    "faydalı bağlantılar", "destek", "bağış", "sonuç", "son söz", "hakkımda", "yazar hakkında", "rehber hakkında",
  ],
  ungradedHeadings: [],
  conjunctions: ["ve", "veya", "ya da", "ile"],
  seedContinuers: ["sonra", "daha", "vs", "karşı", "gibi", "ama", "fakat", "de", "da", "artı", "en"],
  // Turkish counts with the singular (`12 yorum`); its singular seed words are left out as in English.
  countWords: [
    "görüntülenme", "ziyaretçi", "değerlendirme", "favori", "yorum", "abone", "yıldız", "oy", "beğeni", "ödül", "kişi", "kez", "defa", "kere", "gün",
    "saat", "dakika", "hafta", "ay", "yıl", "ekran görüntüsü", "resim", "görsel", "eşya",
  ],
  priceWords: ["tl", "lira", "anahtar", "dolar", "euro"],
  thousandsSeparators: ["."],
  decimalMark: ",",
  months: [
    ["ocak", "oca"],
    ["şubat", "şub"],
    ["mart", "mar"],
    ["nisan", "nis"],
    ["mayıs", "may"],
    ["haziran", "haz"],
    ["temmuz", "tem"],
    ["ağustos", "ağu"],
    ["eylül", "eyl"],
    ["ekim", "eki"],
    ["kasım", "kas"],
    ["aralık", "ara"],
  ],
  // `4 Kas 2023 @ 20:17`
  dates: ["{day} {month}[ {year}][ @ {hour}:{minute}]"],
  dayPeriods: { am: [], pm: [] },
  postedLabels: ["gönderildi", "gönderilme", "yayınlandı", "yayınlanma", "oluşturuldu"],
  updatedLabels: ["güncellendi", "güncellenme"],
  phaseWords: ["faz"],
  gemNames: { Ruby: ["yakut"], Sapphire: ["safir"], Emerald: ["zümrüt", "zumrut"], "Black Pearl": ["kara inci", "siyah inci"] },
};

export const CHINESE_SIMPLIFIED: Language = {
  code: "zh-CN",
  name: "Chinese (simplified)",
  levelWords: ["等级", "梯队", "级别", "档次", "tier"],
  levelWordsAfter: ["级", "梯队", "档", "等级", "级别"],
  levelPrefixes: ["第"],
  numerals: ["一", "二", "三", "四", "五", "六", "七", "八", "九", "十"],
  ordinalSuffixes: [],
  levelAdjectives: ["神", "顶", "最高", "最低"],
  labelWordsBeforeNumber: ["前", "第", "阶段", "排名", "编号"],
  notGraded: [
    "差一点", "接近但不是", "不算", "不是蓝宝石", "非蓝宝石", "不是蓝", "未评级", "不评级", "排除", "除外", "荣誉提名", "值得一提", "常见问题", "问答", "更新日志", "更新记录", "已售出", "已卖", "出售", "价格",
    "我的库存", "假货", "高估", "避开", "避免",
  ],
  ungradedSections: [
    "更新日志", "更新记录", "更新说明", "版本历史", "修改记录", "常见问题", "问答", "问题", "致谢", "鸣谢", "感谢", "来源", "参考资料", "参考文献", "联系", "免责声明", "声明", "简介", "介绍", "前言", "引言",
    "目录", "如何查看", "如何检查", "如何查找", "如何使用", "链接", "相关链接", "支持", "赞助", "捐赠", "打赏", "总结", "结语", "关于",
  ],
  ungradedHeadings: [],
  conjunctions: ["和", "或", "与", "及", "或者", "以及"],
  seedContinuers: [],
  countWords: ["个月", "个", "次", "人", "天", "年", "月", "日", "小时", "分钟", "周", "星期", "张", "条", "颗", "种", "款", "浏览", "评论", "收藏", "订阅", "票", "赞"],
  priceWords: ["元", "块", "块钱", "美元", "rmb", "cny", "把钥匙", "钥匙"],
  thousandsSeparators: [","],
  decimalMark: ".",
  months: [["一月"], ["二月"], ["三月"], ["四月"], ["五月"], ["六月"], ["七月"], ["八月"], ["九月"], ["十月"], ["十一月"], ["十二月"]],
  // `2023 年 11 月 4 日 下午 8:17`; Steam writes the month as a number.
  dates: ["[{year} 年 ]{monthNumber} 月 {day} 日[ [{ampm} ]{hour}:{minute}]"],
  dayPeriods: { am: ["上午", "凌晨", "早上"], pm: ["下午", "晚上", "中午"] },
  postedLabels: ["发表于", "发布于", "发布日期", "发表日期"],
  updatedLabels: ["更新于", "更新日期"],
  phaseWords: ["相位", "阶段"],
  gemNames: { Ruby: ["红宝石"], Sapphire: ["蓝宝石"], Emerald: ["绿宝石"], "Black Pearl": ["黑珍珠"] },
};

/** Every language pages are read in; English first. A language is added here, and nowhere else. */
export const LANGUAGES: readonly Language[] = [ENGLISH, RUSSIAN, PORTUGUESE_BRAZIL, SPANISH, GERMAN, FRENCH, POLISH, TURKISH, CHINESE_SIMPLIFIED];

/** The words of one field of every language, each once. */
export function wordsOf(languages: readonly Language[], field: (language: Language) => readonly string[]): string[] {
  return [...new Set(languages.flatMap(field))];
}

/**
 * Letters of the scripts written without spaces between words (Chinese, Japanese, Thai...): a word of them
 * is whole wherever it stands, and a number written against them (`661是`, `种子661`) is still a number alone.
 */
export const UNSPACED_LETTER = String.raw`[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Thai}\p{sc=Lao}\p{sc=Khmer}\p{sc=Myanmar}]`;
/** A letter of a script that spaces its words (Latin, Cyrillic, Greek...). */
export const SPACED_LETTER = String.raw`(?:(?!${UNSPACED_LETTER})\p{L})`;
const UNSPACED = new RegExp(UNSPACED_LETTER, "u");

/** Whether a word opens with a letter of an unspaced script (`个月` of `3个月`: written against its number). */
export function opensUnspaced(word: string): boolean {
  return UNSPACED.test(word.charAt(0));
}

/** Whether a word ends with a letter of an unspaced script (`等级` of `等级S`: a grade is written against it). */
export function endsUnspaced(word: string): boolean {
  return UNSPACED.test(word.charAt(word.length - 1));
}

/** A text as a regular expression source matching it literally, any run of spacing for each space. */
export function literalSource(text: string): string {
  return text
    .split(/\s+/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&"))
    .join("\\s+");
}

/**
 * What must not stand before a word for it to be whole: a letter of a spaced script or a digit (`FAQ` is whole
 * in `常见问题FAQ`), nothing when the word opens with a letter of an unspaced script.
 */
export function wordStart(word: string): string {
  return opensUnspaced(word) ? "" : String.raw`(?<!${SPACED_LETTER}|\p{N})`;
}

/** What must not follow a word for it to be whole: as `wordStart`, at its end. */
export function wordEnd(word: string): string {
  return endsUnspaced(word) ? "" : String.raw`(?!${SPACED_LETTER}|\p{N})`;
}

/**
 * One of the sources, tried in order, as a group (so that it may be quantified); a group matching nothing when
 * there are none (a language may leave a list empty).
 */
export function anyOf(sources: readonly string[]): string {
  return sources.length === 0 ? "(?:(?!))" : `(?:${sources.join("|")})`;
}

/** The phrases longest first, so that `not blue gem` wins over `not blue`. */
export function longestFirst(phrases: readonly string[]): string[] {
  return [...new Set(phrases)].sort((a, b) => b.length - a.length);
}

/** One alternative of `framedAlternatives`: its text's source, and what must stand before and after it. */
export interface Framed {
  before: string;
  source: string;
  after: string;
}

/**
 * The alternatives, tried in the order given, as one group, each run of neighbours framed alike written with
 * its frame once: `a(?!x)|b(?!x)` as `(?:a|b)(?!x)`, which matches the same text at the same place, as the
 * engine backtracks into the next alternative as it would have. A frame (a whole word's lookarounds, in case-
 * insensitive Unicode mode) is large, and repeated for each of hundreds of words it made patterns too large
 * for V8 to compile: they ran interpreted, a thousand times slower.
 */
export function framedAlternatives(alternatives: readonly Framed[]): string {
  const runs: { before: string; after: string; sources: string[] }[] = [];
  for (const { before, source, after } of alternatives) {
    const last = runs.at(-1);
    if (last !== undefined && last.before === before && last.after === after) last.sources.push(source);
    else runs.push({ before, after, sources: [source] });
  }
  return anyOf(runs.map(({ before, after, sources }) => `${before}${sources.length === 1 ? sources[0] : anyOf(sources)}${after}`));
}

/** A regular expression source matching any of the phrases as whole words (longest first). */
export function phrasesSource(phrases: readonly string[]): string {
  return framedAlternatives(longestFirst(phrases).map((phrase) => ({ before: wordStart(phrase), source: literalSource(phrase), after: wordEnd(phrase) })));
}

/** A phrase of any language saying that what follows is not graded, anywhere in a heading or lead-in. */
export const NOT_GRADED = new RegExp(phrasesSource(wordsOf(LANGUAGES, (language) => language.notGraded)), "iu");

/** The phrase of `text` that says it is not graded, or null. */
export function notGradedPhrase(text: string): string | null {
  return NOT_GRADED.exec(text)?.[0] ?? null;
}
