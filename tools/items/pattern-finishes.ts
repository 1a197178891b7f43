// The finishes whose look depends on the pattern seed (0..1000) enough that community guides rank
// seeds for them: the only finishes `npm run items:sync` writes to dataset/items/. Matched against the
// English finish name (the part after " | "), on every weapon, knife and glove that has it.
// A finish is listed here once; every paint index it has (Doppler phases and gems, the glove and knife
// versions of a finish) becomes its own paint of the item.

export const PATTERN_FINISHES: readonly string[] = [
  // Blue/gold/purple coverage of the case-hardening texture moves with the seed ("blue gems").
  "Case Hardened",
  // Number and placement of web strands on the visible side (knife "full webs", glove palm webs).
  "Crimson Web",
  "Emerald Web",
  // Colour gradient offsets: the fade percentage is a function of the seed.
  "Fade",
  "Amber Fade",
  "Acid Fade",
  // Fire & Ice and other colour layouts.
  "Marble Fade",
  // Each phase and gem is a separate paint index; within one, seeds decide the visible colours.
  "Doppler",
  "Gamma Doppler",
  // Heart, diamond and "angel" shapes on the blade.
  "Slaughter",
  // Blue/orange split of the heat-treated texture.
  "Heat Treated",
  "Crimson Kimono",
  "Overprint",
  "Phoenix Blacklight",
  "Urban Masked",
  "Scorched",
  "Pink DDPAT",
  "Moonrise",
  "Nocts",
  "Snow Splash",
  // Placement of the large face/graffiti on the visible side.
  "Kami",
  "Sandstorm",
  "Abyss",
  "Amberline",
  "Grinder",
  "Electric Hive",
  "Serpent Strike",
  "Trace Lock",
  "Berries And Cherries",
];
