// varia serve: the standard piece shapes, drawn here rather than taken from
// a font (a machine may have no font with chess glyphs). Each is SVG path
// data in a 100x100 box, as a script's own `image` is: `body` is filled in
// the side's colour and outlined, `lines` are drawn over it. Made for
// varia; a script's `glyph = "knight"` names one of them.
"use strict";

const STANDARD_PIECES = {
  king: {
    body: "M46 6 H54 V14 H62 V22 H54 V30 H46 V22 H38 V14 H46 Z " +
      "M50 34 C62 28 82 32 82 50 C82 62 72 66 70 76 H30 C28 66 18 62 18 50 C18 32 38 28 50 34 Z " +
      "M26 78 H74 V90 H26 Z",
    lines: "M31 70 H69 M50 36 V70",
  },
  queen: {
    body: "M24 78 L12 34 L28 56 L32 24 L44 52 L50 18 L56 52 L68 24 L72 56 L88 34 L76 78 Z " +
      "M7 30 A5 5 0 1 1 17 30 A5 5 0 1 1 7 30 Z M27 20 A5 5 0 1 1 37 20 A5 5 0 1 1 27 20 Z " +
      "M45 14 A5 5 0 1 1 55 14 A5 5 0 1 1 45 14 Z M63 20 A5 5 0 1 1 73 20 A5 5 0 1 1 63 20 Z " +
      "M83 30 A5 5 0 1 1 93 30 A5 5 0 1 1 83 30 Z M22 80 H78 V90 H22 Z",
    lines: "M26 70 H74",
  },
  rook: {
    body: "M22 90 H78 V78 H72 L68 40 H74 V14 H64 V22 H56 V14 H44 V22 H36 V14 H26 V40 H32 L28 78 H22 Z",
    lines: "M30 40 H70 M30 74 H70",
  },
  bishop: {
    body: "M44 12 A6 6 0 1 1 56 12 A6 6 0 1 1 44 12 Z " +
      "M50 20 C68 32 72 50 62 64 H38 C28 50 32 32 50 20 Z M36 66 H64 V74 H36 Z " +
      "M22 90 C30 80 44 82 50 76 C56 82 70 80 78 90 Z",
    lines: "M50 34 V52 M42 43 H58",
  },
  knight: {
    body: "M28 90 H80 C82 62 78 36 62 22 L58 8 L50 18 C40 20 30 28 24 42 L16 56 " +
      "C14 64 22 68 28 62 L38 54 C44 56 48 52 50 48 C50 62 38 72 28 90 Z",
    lines: "M38 34 A2.5 2.5 0 1 1 38.1 34 M20 58 L24 56",
  },
  pawn: {
    body: "M36 28 A14 14 0 1 1 64 28 A14 14 0 1 1 36 28 Z " +
      "M42 44 H58 C60 58 66 66 72 76 H28 C34 66 40 58 42 44 Z M22 78 H78 V90 H22 Z",
    lines: "",
  },
};
