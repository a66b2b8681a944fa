//! The `FF[4]` property catalogue: which properties are root-only, lists, setup, game
//! information, markup and annotations, which hold one value and how their repeats are
//! read, the old `FF[1]`–`FF[3]` names, and the value forms (types, results, dates). The
//! checks, the `--fix` corrections and the writer read it from here.

use crate::go::sgf::grammar::{is_space, whole};
use crate::go::sgf::{BoardSize, Property, Value, ValueError};

/// The root properties.
const ROOT_ONLY: [&str; 6] = ["FF", "GM", "SZ", "CA", "AP", "ST"];

/// Whether `ident` is a root property (`FF`, `GM`, `SZ`, `CA`, `AP`, `ST`).
pub(crate) fn is_root_only(ident: &str) -> bool {
    traits(ident).is(Class::ROOT_ONLY)
}

/// Whether `ident` holds a list (its repeats are one longer list).
pub(crate) fn is_list(ident: &str) -> bool {
    traits(ident).is(Class::LIST)
}

/// Whether `value` of `ident` has the type the checks require (what `bad-value` reports,
/// `KM`, `RE` and `DT` aside); `only` says it is the property's one value, where a list
/// that may be empty can be `[]`. Properties without a checked type always pass.
pub(crate) fn value_is_valid(ident: &str, raw: &str, size: BoardSize, only: bool) -> bool {
    let Some(kind) = kind(ident) else { return true };
    let value = Value { raw, span: 0..0 };
    let only_empty = only && value.is_empty();
    check_value(&value, kind, size, only_empty).is_ok()
}

/// Setup properties.
const SETUP: [&str; 4] = ["AB", "AW", "AE", "PL"];

/// Whether `ident` is setup (`AB`, `AW`, `AE`, `PL`).
pub(crate) fn is_setup(ident: &str) -> bool {
    traits(ident).is(Class::SETUP)
}

/// The game-information properties of `FF[4]`: a game keeps them in one node.
const GAME_INFO_FF4: [&str; 23] = [
    "AN", "BR", "BT", "CP", "DT", "EV", "GN", "GC", "ON", "OT", "PB", "PC", "PW", "RE", "RO", "RU",
    "SO", "TM", "US", "WR", "WT", "HA", "KM",
];

/// Position judgements: a node holds at most one.
const POSITION_ANNOTATIONS: [&str; 4] = ["GB", "GW", "DM", "UC"];

/// Move judgements: a node holds at most one, and only with a move.
const MOVE_ANNOTATIONS: [&str; 4] = ["BM", "TE", "DO", "IT"];

/// Markup: a point has at most one in a node.
const MARKUP: [&str; 5] = ["CR", "MA", "SL", "SQ", "TR"];

/// The properties of `FF[1]`–`FF[3]` that `FF[4]` dropped ([`old_property`]).
const OLD: [&str; 5] = ["KI", "L", "TC", "LT", "M"];

/// Whether `ident` is one of the game-information properties of `FF[4]`.
pub(crate) fn is_game_info(ident: &str) -> bool {
    traits(ident).is(Class::GAME_INFO)
}

/// Whether `ident` is a position judgement.
pub(crate) fn is_position_annotation(ident: &str) -> bool {
    traits(ident).is(Class::POSITION_ANNOTATION)
}

/// Whether `ident` is a move judgement.
pub(crate) fn is_move_annotation(ident: &str) -> bool {
    traits(ident).is(Class::MOVE_ANNOTATION)
}

/// Whether `ident` is markup.
pub(crate) fn is_markup(ident: &str) -> bool {
    traits(ident).is(Class::MARKUP)
}

/// A property of `FF[1]`–`FF[3]` that `FF[4]` dropped, with the one that replaced it.
pub(crate) fn old_property(ident: &str) -> Option<Option<&'static str>> {
    match ident {
        "KI" => Some(Some("KM")),
        "L" => Some(Some("LB")),
        "TC" | "LT" | "M" => Some(None),
        _ => None,
    }
}

/// Properties whose values are lists (`FF[4]` list types): repeats are one longer list.
const LISTS: [&str; 15] = [
    "AB", "AW", "AE", "CR", "MA", "SL", "SQ", "TR", "DD", "VW", "TB", "TW", "AR", "LN", "LB",
];

/// Single-valued properties the replay, the count or the players depend on: two different
/// values cannot both be true.
const DECISIVE: [&str; 15] = [
    "B", "W", "KO", "MN", "PL", "SZ", "KM", "HA", "RE", "RU", "GM", "FF", "CA", "PB", "PW",
];

/// Text properties whose repeats are joined with a line break.
const JOINED: [&str; 2] = ["C", "GC"];

/// The other single-valued `FF[4]` properties: nothing is replayed or counted from them, so
/// different values are kept side by side.
const DESCRIPTIVE: [&str; 35] = [
    "AP", "ST", "N", "GN", "EV", "RO", "DT", "PC", "BR", "WR", "BT", "WT", "TM", "OT", "ON", "SO",
    "US", "AN", "CP", "V", "DM", "GB", "GW", "HO", "UC", "BM", "TE", "DO", "IT", "BL", "WL", "OB",
    "OW", "FG", "PM",
];

/// Whether `ident` is single-valued and decisive: the replay, the count or the players
/// depend on it, so two different values cannot both be true.
pub(crate) fn is_decisive(ident: &str) -> bool {
    traits(ident).is(Class::DECISIVE)
}

/// Whether `ident` is an `FF[4]` property that holds one value, whose further values are
/// `several-values` (and what `--fix` drops).
pub fn holds_one_value(ident: &str) -> bool {
    traits(ident).holds_one_value()
}

/// Whether `ident` is a text whose repeats are read as one text joined by line breaks.
pub fn is_joined_text(ident: &str) -> bool {
    traits(ident).is(Class::JOINED)
}

/// Properties that describe the game rather than a position (`FF[4]` game-info, plus the
/// board size); they become the record's tags.
pub(crate) const GAME_INFO: [&str; 25] = [
    "SZ", "GN", "EV", "RO", "DT", "PC", "PB", "BR", "BT", "PW", "WR", "WT", "KM", "HA", "RU", "RE",
    "TM", "OT", "GC", "ON", "SO", "US", "AN", "CP", "PL",
];

/// The classes of the catalogue one property belongs to, as bits.
#[derive(Clone, Copy)]
pub(crate) struct Class(u16);

impl Class {
    pub(crate) const ROOT_ONLY: Class = Class(1);
    pub(crate) const SETUP: Class = Class(1 << 1);
    /// `FF[4]` game information (`GAME_INFO_FF4`).
    pub(crate) const GAME_INFO: Class = Class(1 << 2);
    pub(crate) const POSITION_ANNOTATION: Class = Class(1 << 3);
    pub(crate) const MOVE_ANNOTATION: Class = Class(1 << 4);
    pub(crate) const MARKUP: Class = Class(1 << 5);
    pub(crate) const OLD: Class = Class(1 << 6);
    pub(crate) const LIST: Class = Class(1 << 7);
    pub(crate) const DECISIVE: Class = Class(1 << 8);
    pub(crate) const JOINED: Class = Class(1 << 9);
    pub(crate) const DESCRIPTIVE: Class = Class(1 << 10);
    /// A tag of the record (`GAME_INFO`).
    pub(crate) const TAG: Class = Class(1 << 11);
    /// Values read otherwise than by their type (`KM`, `RE`, `DT`), and identifiers of more
    /// than two letters ([`Code::LONG`]): checked apart.
    pub(crate) const OWN_CHECKS: Class = Class(1 << 12);

    /// Both classes, for [`Traits::is`] to ask of either.
    pub(crate) const fn with(self, other: Class) -> Class {
        Class(self.0 | other.0)
    }
}

/// What the catalogue says of one identifier: its classes and its value type.
#[derive(Clone, Copy)]
pub(crate) struct Traits {
    classes: u16,
    kind: Option<Kind>,
}

impl Traits {
    const NONE: Traits = Traits {
        classes: 0,
        kind: None,
    };

    /// Whether the property belongs to `class`.
    #[inline]
    pub(crate) fn is(self, class: Class) -> bool {
        self.classes & class.0 != 0
    }

    /// Whether the property holds one value (decisive, joined or descriptive).
    #[inline]
    pub(crate) fn holds_one_value(self) -> bool {
        self.classes & (Class::DECISIVE.0 | Class::JOINED.0 | Class::DESCRIPTIVE.0) != 0
    }

    /// The value type, where one is checked.
    #[inline]
    pub(crate) fn kind(self) -> Option<Kind> {
        self.kind
    }
}

/// Slots per first letter in [`CATALOGUE`]: the one-letter identifier, then a second letter.
const SLOTS: usize = 27;

/// The slot of an identifier of one or two capitals in [`CATALOGUE`]; every identifier the
/// catalogue names is one.
#[inline]
const fn slot(ident: &[u8]) -> Option<usize> {
    match *ident {
        [a @ b'A'..=b'Z'] => Some(Code::letter(a).0 as usize),
        [a @ b'A'..=b'Z', b @ b'A'..=b'Z'] => Some(Code::pair(a, b).0 as usize),
        _ => None,
    }
}

/// An identifier's slot in [`CATALOGUE`], decided once as the parser reads the property:
/// the checks ask the catalogue and compare identifiers by it, not by their text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Code(u16);

impl Code {
    /// Every identifier of more than two letters: the catalogue names none.
    pub(crate) const LONG: Code = Code((26 * SLOTS) as u16);
    pub(crate) const B: Code = Code::named("B");
    pub(crate) const W: Code = Code::named("W");
    pub(crate) const AB: Code = Code::named("AB");
    pub(crate) const AW: Code = Code::named("AW");
    pub(crate) const AE: Code = Code::named("AE");
    pub(crate) const CA: Code = Code::named("CA");
    pub(crate) const FF: Code = Code::named("FF");
    pub(crate) const GM: Code = Code::named("GM");
    pub(crate) const SZ: Code = Code::named("SZ");
    /// How many codes there are ([`Code::LONG`] the last).
    pub(crate) const COUNT: usize = 26 * SLOTS + 1;

    /// The code's place among the [`Code::COUNT`] codes.
    #[inline]
    pub(crate) const fn index(self) -> usize {
        self.0 as usize
    }

    /// The code of a normalised identifier (upper-case letters).
    #[inline]
    pub(crate) const fn of(ident: &[u8]) -> Code {
        match slot(ident) {
            Some(at) => Code(at as u16),
            None => Code::LONG,
        }
    }

    /// The code of the one-letter identifier `letter` (`A`–`Z`).
    #[inline]
    pub(crate) const fn letter(letter: u8) -> Code {
        Code((letter - b'A') as u16 * SLOTS as u16)
    }

    /// The code of the two-letter identifier `first` `second` (`A`–`Z` each).
    #[inline]
    pub(crate) const fn pair(first: u8, second: u8) -> Code {
        Code(Code::letter(first).0 + (second - b'A') as u16 + 1)
    }

    const fn named(ident: &str) -> Code {
        let Some(at) = slot(ident.as_bytes()) else {
            panic!("not an identifier of one or two capitals");
        };
        Code(at as u16)
    }

    /// What the catalogue says of the identifier.
    #[inline]
    pub(crate) fn traits(self) -> Traits {
        CATALOGUE[usize::from(self.0)]
    }

    /// One bit of 64 for the code, shared with other codes: a set of codes in a word that
    /// may tell a repeat where there is none, never the other way.
    #[inline]
    pub(crate) fn bit(self) -> u64 {
        1 << (self.0 % 64)
    }
}

/// The catalogue by identifier, from the lists above: one look-up tells a property's classes
/// and type, where a search of the lists ran for every property of every node. The last
/// entry, [`Code::LONG`], is of the identifiers it does not name.
static CATALOGUE: [Traits; Code::COUNT] = {
    let mut table = [Traits::NONE; Code::COUNT];
    let classes: [(&[&str], Class); 13] = [
        (&ROOT_ONLY, Class::ROOT_ONLY),
        (&SETUP, Class::SETUP),
        (&GAME_INFO_FF4, Class::GAME_INFO),
        (&POSITION_ANNOTATIONS, Class::POSITION_ANNOTATION),
        (&MOVE_ANNOTATIONS, Class::MOVE_ANNOTATION),
        (&MARKUP, Class::MARKUP),
        (&OLD, Class::OLD),
        (&LISTS, Class::LIST),
        (&DECISIVE, Class::DECISIVE),
        (&JOINED, Class::JOINED),
        (&DESCRIPTIVE, Class::DESCRIPTIVE),
        (&GAME_INFO, Class::TAG),
        (&["KM", "RE", "DT"], Class::OWN_CHECKS),
    ];
    let mut c = 0;
    while c < classes.len() {
        let (idents, class) = classes[c];
        let mut i = 0;
        while i < idents.len() {
            let Some(at) = slot(idents[i].as_bytes()) else {
                panic!("an identifier of the catalogue is not one or two capitals");
            };
            table[at].classes |= class.0;
            i += 1;
        }
        c += 1;
    }
    let mut k = 0;
    while k < KINDS.len() {
        let (idents, kind) = KINDS[k];
        let mut i = 0;
        while i < idents.len() {
            let Some(at) = slot(idents[i].as_bytes()) else {
                panic!("an identifier of the catalogue is not one or two capitals");
            };
            table[at].kind = Some(kind);
            i += 1;
        }
        k += 1;
    }
    table[Code::LONG.0 as usize].classes = Class::OWN_CHECKS.0;
    table
};

/// What the catalogue says of `ident` (nothing of an identifier it does not name).
#[inline]
pub(crate) fn traits(ident: &str) -> Traits {
    match slot(ident.as_bytes()) {
        Some(at) => CATALOGUE[at],
        None => Traits::NONE,
    }
}

/// How the occurrences of one property in one node are read together.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Repeat {
    /// A list or an unknown property: the values in order, in one property.
    Merged,
    /// A single-valued property nothing depends on (`AP`, `EV`, …) with different values:
    /// they are kept side by side in one property.
    Collected,
    /// The same values again: kept once.
    Identical,
    /// Texts (`C`, `GC`) joined with a line break.
    Joined,
    /// Different values of a property that holds one: the first is used, both are kept.
    Conflict,
}

/// How `occurrences` (every property of one identifier in one node, in order) are read.
pub fn repeat(occurrences: &[Property<'_>]) -> Repeat {
    let Some(first) = occurrences.first() else {
        return Repeat::Identical;
    };
    let same = |p: &Property<'_>| p.values().map(|v| v.raw).eq(first.values().map(|v| v.raw));
    if occurrences.iter().all(same) {
        return Repeat::Identical;
    }
    let traits = traits(first.ident());
    if traits.is(Class::LIST) {
        Repeat::Merged
    } else if traits.is(Class::JOINED) {
        Repeat::Joined
    } else if traits.is(Class::DECISIVE) {
        Repeat::Conflict
    } else if traits.is(Class::DESCRIPTIVE) {
        Repeat::Collected
    } else {
        // An unknown property may hold a list: keeping every value loses nothing.
        Repeat::Merged
    }
}

/// Whether `ident` holds a list of points (for the wording of a help line).
pub fn is_point_list(ident: &str) -> bool {
    matches!(kind(ident), Some(Kind::PointList | Kind::EPointList))
}

/// The value types of the `FF[4]` properties checked.
#[derive(Clone, Copy)]
pub(crate) enum Kind {
    Move,
    PointList,
    EPointList,
    Number,
    Real,
    Double,
    Color,
    Empty,
    Size,
    PointPair,
    Label,
}

/// The value type of `ident`, where it has one that is checked.
pub(crate) fn kind(ident: &str) -> Option<Kind> {
    traits(ident).kind()
}

/// The checked value types and their properties.
const KINDS: [(&[&str], Kind); 11] = [
    (&["B", "W"], Kind::Move),
    (
        &["AB", "AW", "AE", "CR", "MA", "SL", "SQ", "TR"],
        Kind::PointList,
    ),
    (&["DD", "VW", "TB", "TW"], Kind::EPointList),
    (
        &["FF", "GM", "ST", "HA", "MN", "OB", "OW", "PM"],
        Kind::Number,
    ),
    (&["TM", "V", "BL", "WL"], Kind::Real),
    (&["DM", "GB", "GW", "HO", "UC", "BM", "TE"], Kind::Double),
    (&["PL"], Kind::Color),
    (&["KO", "DO", "IT"], Kind::Empty),
    (&["SZ"], Kind::Size),
    (&["AR", "LN"], Kind::PointPair),
    (&["LB"], Kind::Label),
];

/// Whether `v` has the value type `kind` on a board of `size`; `only_empty` says it is the
/// property's one value and empty, which a list that may be empty can be.
#[inline]
pub(crate) fn check_value(
    v: &Value<'_>,
    kind: Kind,
    size: BoardSize,
    only_empty: bool,
) -> Result<(), ValueError> {
    match kind {
        Kind::Move => v.go_move(size).map(drop),
        Kind::PointList => v.points(size).map(drop),
        Kind::EPointList if only_empty => Ok(()),
        Kind::EPointList => v.points(size).map(drop),
        Kind::Number => v.number().map(drop),
        Kind::Real if v.is_real() => Ok(()),
        Kind::Real => Err(ValueError::NotAReal),
        Kind::Double => v.double().map(drop),
        Kind::Color => v.color().map(drop),
        Kind::Empty if v.is_empty() => Ok(()),
        Kind::Empty => Err(ValueError::NotEmpty),
        Kind::Size => v.board_size().map(drop),
        Kind::PointPair => {
            let (a, b) = v.compose().ok_or(ValueError::NotCompose)?;
            let pair = |raw| {
                Value {
                    raw,
                    span: v.span.clone(),
                }
                .point(size)
            };
            pair(a).and(pair(b)).map(drop)
        }
        Kind::Label => {
            let (a, _) = v.compose().ok_or(ValueError::NotCompose)?;
            Value {
                raw: a,
                span: v.span.clone(),
            }
            .point(size)
            .map(drop)
        }
    }
}

/// Whether `re` is an SGF result, or a Chinese/Japanese one (`黑中盘胜`, `白胜3/4子`,
/// `黒中押し勝`, `和棋`, `ジゴ`).
pub fn is_result(re: &str) -> bool {
    let re = re.trim_matches(is_space);
    if matches!(re, "0" | "?" | "Draw" | "Void" | "Jigo") {
        return true;
    }
    if let Some(rest) = re.strip_prefix("B+").or_else(|| re.strip_prefix("W+")) {
        let reason = ["R", "Resign", "T", "Time", "F", "Forfeit", ""];
        return reason.iter().any(|r| rest.eq_ignore_ascii_case(r))
            || whole(rest, crate::go::sgf::grammar::real).is_some();
    }
    let has = |words: &[&str]| words.iter().any(|w| re.contains(w));
    let colour = has(&["黑", "黒", "白"]);
    let win = has(&["胜", "勝", "赢", "贏"]);
    colour && win || has(&["和棋", "和局", "持碁", "ジゴ", "無勝負", "无胜负"])
}

/// Whether `dt` is a list of `FF[4]` dates: `YYYY[-MM[-DD]]` first, later items may omit the
/// parts they share with the item before (`1996-05-06,07,08`, `1996-05-06,06-10`).
pub fn is_date_list(dt: &str) -> bool {
    // One full date (`2016-03-09`), nearly always: at one look, as the list reads it.
    if let [y0, y1, y2, y3, b'-', m0, m1, b'-', d0, d1] = *dt.as_bytes() {
        if [y0, y1, y2, y3, m0, m1, d0, d1]
            .iter()
            .all(u8::is_ascii_digit)
        {
            let two = |a: u8, b: u8| (a - b'0') * 10 + (b - b'0');
            return (1..=12).contains(&two(m0, m1)) && (1..=31).contains(&two(d0, d1));
        }
    }
    let mut first = true;
    dt.split(',').all(|item| {
        let parts: Vec<&str> = item.trim_matches(is_space).split('-').collect();
        let ok_digits = |s: &str, n: usize| s.len() == n && s.bytes().all(|b| b.is_ascii_digit());
        let in_range = |s: &str, max: u32| s.parse::<u32>().is_ok_and(|n| (1..=max).contains(&n));
        let ok = match parts[..] {
            [y] if ok_digits(y, 4) => true,
            [y, m] if ok_digits(y, 4) => ok_digits(m, 2) && in_range(m, 12),
            [y, m, d] if ok_digits(y, 4) => {
                ok_digits(m, 2) && in_range(m, 12) && ok_digits(d, 2) && in_range(d, 31)
            }
            [d] if !first => ok_digits(d, 2) && in_range(d, 31),
            [m, d] if !first => {
                ok_digits(m, 2) && in_range(m, 12) && ok_digits(d, 2) && in_range(d, 31)
            }
            _ => false,
        };
        first = false;
        ok
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results() {
        for ok in [
            "B+R",
            "W+3.5",
            "B+T",
            "B+F",
            "0",
            "Draw",
            "Void",
            "?",
            "B+",
            "W+Resign",
            "黑中盘胜",
            "白胜3/4子",
            "黒中押し勝",
            "和棋",
        ] {
            assert!(is_result(ok), "{ok}");
        }
        for bad in ["B+X", "black wins", "W+3.5.5", ""] {
            assert!(!is_result(bad), "{bad}");
        }
    }

    #[test]
    fn dates() {
        for ok in [
            "2016-03-09",
            "1996-05",
            "1996",
            "1996-05-06,07,08",
            "1996-05-06,06-10,1997-01-01",
        ] {
            assert!(is_date_list(ok), "{ok}");
        }
        let bad = [
            "9 March 2016",
            "2016-13-01",
            "2016-00-10",
            "2016-01-32",
            "2016-01-00",
            "2017-04-03T20:19:36",
            "07",
        ];
        for bad in bad {
            assert!(!is_date_list(bad), "{bad}");
        }
    }
}
