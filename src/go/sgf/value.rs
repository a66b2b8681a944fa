//! Property values: the raw text with its span, and typed readings of it (`FF[4]` value types).

use std::fmt;
use std::ops::Range;

use super::grammar::{self, is_space, letter_coordinate};
pub use crate::go::board::{Color, Point};

/// Board dimensions from `SZ` (1–52 on each side; square unless written `SZ[w:h]`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BoardSize {
    /// Number of columns.
    pub width: u8,
    /// Number of rows.
    pub height: u8,
}

impl BoardSize {
    /// The `FF[4]` default for Go.
    pub const DEFAULT: BoardSize = BoardSize {
        width: 19,
        height: 19,
    };

    /// Whether `p` lies on the board.
    pub fn contains(self, p: Point) -> bool {
        p.x < self.width && p.y < self.height
    }

    /// `tt` means a pass only on boards up to 19×19 (on larger boards it is a point).
    pub fn tt_is_pass(self) -> bool {
        self.width <= 19 && self.height <= 19
    }
}

impl Default for BoardSize {
    fn default() -> Self {
        Self::DEFAULT
    }
}

impl fmt::Display for BoardSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.width == self.height {
            write!(f, "{}", self.width)
        } else {
            write!(f, "{}:{}", self.width, self.height)
        }
    }
}

/// A Go move value (`B`/`W`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    /// `B[]`, or `B[tt]` on boards up to 19×19.
    Pass,
    /// A stone placed on a point.
    Play(Point),
}

/// An SGF Double value (`1` normal, `2` emphasised).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Double {
    /// `1`
    Normal,
    /// `2`
    Emphasized,
}

/// Why a value does not have the type its property requires.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ValueError {
    /// A number was required.
    NotANumber,
    /// A real number was required.
    NotAReal,
    /// `B` or `W` was required.
    NotAColor,
    /// `1` or `2` was required.
    NotADouble,
    /// Two letters were required.
    NotAPoint,
    /// The point does not lie on the board.
    OutsideBoard {
        /// The point read.
        point: Point,
        /// The board it should lie on.
        size: BoardSize,
    },
    /// `SZ` must be `n` or `w:h` with sides from 1 to 52.
    BadBoardSize,
    /// A `a:b` value was required.
    NotCompose,
    /// This property takes no value (`[]`).
    NotEmpty,
    /// The value is outside the property's range.
    OutOfRange,
}

impl fmt::Display for ValueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NotANumber => f.write_str("expected a whole number"),
            Self::NotAReal => f.write_str("expected a number such as 7.5"),
            Self::NotAColor => f.write_str("expected a colour, B or W"),
            Self::NotADouble => f.write_str("expected 1 (normal) or 2 (emphasised)"),
            Self::NotAPoint => f.write_str("expected a point: two letters such as `pd`"),
            Self::OutsideBoard { point, size } => {
                write!(
                    f,
                    "point `{point}` is outside the {}x{} board",
                    size.width, size.height
                )
            }
            Self::BadBoardSize => f.write_str("expected a board size from 1 to 52, or `w:h`"),
            Self::NotCompose => f.write_str("expected two parts separated by `:`"),
            Self::NotEmpty => f.write_str("this property takes an empty value `[]`"),
            Self::OutOfRange => f.write_str("value out of range"),
        }
    }
}

impl crate::lang::ToZh for ValueError {
    fn to_zh(&self) -> crate::lang::Zh {
        use crate::lang::{zh, Zh};
        match self {
            Self::NotANumber => Zh::own("应为整数"),
            Self::NotAReal => Zh::own("应为 7.5 这样的数"),
            Self::NotAColor => Zh::own("应为颜色 B 或 W"),
            Self::NotADouble => Zh::own("应为 1（普通）或 2（强调）"),
            Self::NotAPoint => Zh::own("应为一个点：`pd` 这样的两个字母"),
            Self::OutsideBoard { point, size } => zh!(
                "点 `{}` 在 {}x{} 的棋盘之外",
                point,
                size.width,
                size.height
            ),
            Self::BadBoardSize => Zh::own("应为 1 到 52 的棋盘大小，或 `w:h`"),
            Self::NotCompose => Zh::own("应为以 `:` 分隔的两部分"),
            Self::NotEmpty => Zh::own("此属性的值应为空 `[]`"),
            Self::OutOfRange => Zh::own("值超出范围"),
        }
    }
}

impl std::error::Error for ValueError {}

/// One property value: the text between `[` and `]` as written (escapes kept) and the byte
/// span of the whole `[…]` in the decoded text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Value<'t> {
    /// Raw text, escapes and soft line breaks left as written.
    pub raw: &'t str,
    /// Byte span of `[raw]` (to the end of the text when unterminated).
    pub span: Range<usize>,
}

impl<'t> Value<'t> {
    /// The value as `FF[4]` Text: escapes resolved, soft line breaks removed, line breaks
    /// normalised to `\n`, other white space turned into spaces.
    pub fn text(&self) -> String {
        unescape(self.raw, false)
    }

    /// The value as SimpleText: like [`Value::text`] but line breaks also become spaces.
    pub fn simple_text(&self) -> String {
        unescape(self.raw, true)
    }

    /// The two raw halves of a compose value `a:b`, split at the first unescaped `:`.
    pub fn compose(&self) -> Option<(&'t str, &'t str)> {
        grammar::compose(self.raw)
    }

    /// A Number (`[+-]digits`).
    pub fn number(&self) -> Result<i64, ValueError> {
        // Nearly every number is bare digits, up to 18 always an `i64`: read those
        // directly, the rest by the grammar.
        let bytes = self.raw.as_bytes();
        if (1..=18).contains(&bytes.len()) && bytes.iter().all(u8::is_ascii_digit) {
            return Ok(bytes
                .iter()
                .fold(0, |n, &digit| n * 10 + i64::from(digit - b'0')));
        }
        grammar::whole(self.raw, grammar::number)
            .and_then(|s| s.parse().ok())
            .ok_or(ValueError::NotANumber)
    }

    /// A Real (`7.5`, `-3`, `.5`).
    pub fn real(&self) -> Result<f64, ValueError> {
        grammar::whole(self.raw, grammar::real)
            .and_then(|s| s.parse().ok())
            .ok_or(ValueError::NotAReal)
    }

    /// Whether the value is a Real ([`Value::real`] reads it).
    #[inline]
    pub(crate) fn is_real(&self) -> bool {
        // Nearly every real is written with only digits, a point and a sign (`1784.2`),
        // which no white space surrounds: read those directly, the rest by the grammar.
        let bytes = self.raw.as_bytes();
        if !bytes
            .iter()
            .all(|&b| matches!(b, b'0'..=b'9' | b'.' | b'+' | b'-'))
        {
            return self.real().is_ok();
        }
        let unsigned = match bytes {
            [b'+' | b'-', rest @ ..] => rest,
            _ => bytes,
        };
        // `Real` of the grammar: digits and an optional fraction, or a point and digits.
        match real_parts(unsigned) {
            Some((whole, None)) => !whole.is_empty(),
            Some((whole, Some(fraction))) => !(whole.is_empty() && fraction.is_empty()),
            None => false,
        }
    }

    /// A Color (`B` or `W`).
    pub fn color(&self) -> Result<Color, ValueError> {
        match self.raw.trim_matches(is_space) {
            "B" => Ok(Color::Black),
            "W" => Ok(Color::White),
            _ => Err(ValueError::NotAColor),
        }
    }

    /// A Double (`1` or `2`).
    pub fn double(&self) -> Result<Double, ValueError> {
        match self.raw.trim_matches(is_space) {
            "1" => Ok(Double::Normal),
            "2" => Ok(Double::Emphasized),
            _ => Err(ValueError::NotADouble),
        }
    }

    /// True when the value is empty (`[]`, white space allowed).
    pub fn is_empty(&self) -> bool {
        self.raw.trim_matches(is_space).is_empty()
    }

    /// A point that must lie on a board of `size`.
    pub fn point(&self, size: BoardSize) -> Result<Point, ValueError> {
        parse_point(self.raw, size)
    }

    /// A Go move: `[]` is a pass, so is `[tt]` on boards up to 19×19.
    #[inline]
    pub fn go_move(&self, size: BoardSize) -> Result<Move, ValueError> {
        // Nearly every move is two letters: read them directly.
        if let &[x, y] = self.raw.as_bytes() {
            if let (Some(x), Some(y)) = (letter_coordinate(x), letter_coordinate(y)) {
                const T: u8 = b't' - b'a';
                if x == T && y == T && size.tt_is_pass() {
                    return Ok(Move::Pass);
                }
                return on_board(Point { x, y }, size).map(Move::Play);
            }
        }
        self.go_move_by_grammar(size)
    }

    /// [`Value::go_move`] for values with white space or of another length.
    fn go_move_by_grammar(&self, size: BoardSize) -> Result<Move, ValueError> {
        let raw = self.raw.trim_matches(is_space);
        if raw.is_empty() || (raw == "tt" && size.tt_is_pass()) {
            return Ok(Move::Pass);
        }
        parse_point(raw, size).map(Move::Play)
    }

    /// One element of a (compressed) point list: `aa`, or the rectangle `aa:cc` expanded
    /// row by row. Corners may be given in any order.
    pub fn points(&self, size: BoardSize) -> Result<Vec<Point>, ValueError> {
        let Some((a, b)) = self.compose() else {
            return parse_point(self.raw, size).map(|p| vec![p]);
        };
        let (a, b) = (parse_point(a, size)?, parse_point(b, size)?);
        let (xs, ys) = (a.x.min(b.x)..=a.x.max(b.x), a.y.min(b.y)..=a.y.max(b.y));
        Ok(ys
            .flat_map(|y| xs.clone().map(move |x| Point { x, y }))
            .collect())
    }

    /// `SZ`: `n` for a square board or `w:h`, each side 1–52.
    pub fn board_size(&self) -> Result<BoardSize, ValueError> {
        let side = |s: &str| {
            bare_side(s)
                .or_else(|| grammar::whole(s, grammar::number).and_then(|n| n.parse::<u8>().ok()))
                .filter(|n| (1..=52).contains(n))
                .ok_or(ValueError::BadBoardSize)
        };
        // A square board nearly always (`19`): one or two digits hold no `:` to look for.
        let composed = bare_side(self.raw)
            .is_none()
            .then(|| self.compose())
            .flatten();
        match composed {
            Some((w, h)) => Ok(BoardSize {
                width: side(w)?,
                height: side(h)?,
            }),
            None => side(self.raw).map(|n| BoardSize {
                width: n,
                height: n,
            }),
        }
    }
}

/// The number of one or two bare digits, as most sides of a board are written.
#[inline]
fn bare_side(s: &str) -> Option<u8> {
    match *s.as_bytes() {
        [d] if d.is_ascii_digit() => Some(d - b'0'),
        [a, b] if a.is_ascii_digit() && b.is_ascii_digit() => Some((a - b'0') * 10 + (b - b'0')),
        _ => None,
    }
}

fn parse_point(raw: &str, size: BoardSize) -> Result<Point, ValueError> {
    // Nearly every point is two bare letters; the grammar handles the rest (spaces).
    let (x, y) = match raw.as_bytes() {
        &[x, y] => letter_coordinate(x).zip(letter_coordinate(y)),
        _ => None,
    }
    .map_or_else(
        || grammar::whole(raw, grammar::point).ok_or(ValueError::NotAPoint),
        Ok,
    )?;
    on_board(Point { x, y }, size)
}

fn on_board(point: Point, size: BoardSize) -> Result<Point, ValueError> {
    if size.contains(point) {
        Ok(point)
    } else {
        Err(ValueError::OutsideBoard { point, size })
    }
}

/// Resolves escapes in raw value text. `\` + line break is a soft break and vanishes; any
/// other `\c` stands for `c`. Line breaks (`\n`, `\r\n`, `\n\r`, `\r`) become `\n`, or a space
/// when `simple`; other white space becomes a space.
pub fn unescape(raw: &str, simple: bool) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        let (c, escaped) = match c {
            '\\' => match chars.next() {
                Some(next) => (next, true),
                None => break,
            },
            _ => (c, false),
        };
        if c == '\n' || c == '\r' {
            // A two-character line break counts once.
            let pair = if c == '\n' { '\r' } else { '\n' };
            if chars.peek() == Some(&pair) {
                chars.next();
            }
            if !escaped {
                out.push(if simple { ' ' } else { '\n' });
            }
        } else if c.is_whitespace() {
            out.push(' ');
        } else {
            out.push(c);
        }
    }
    out
}

/// `bytes` split into the digits before a point and, where there is one, the digits after
/// it; `None` unless they are digits with one point at most. A real written plainly
/// (`1784.2`, `.5`, `34.`) is read from these parts.
#[inline]
pub(crate) fn real_parts(bytes: &[u8]) -> Option<(&[u8], Option<&[u8]>)> {
    // One pass: the first byte that is no digit must be the point, the rest digits.
    let Some(point) = bytes.iter().position(|b| !b.is_ascii_digit()) else {
        return Some((bytes, None));
    };
    let fraction = &bytes[point + 1..];
    (bytes[point] == b'.' && fraction.iter().all(u8::is_ascii_digit))
        .then_some((&bytes[..point], Some(fraction)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(raw: &str) -> Value<'_> {
        Value {
            raw,
            span: 0..raw.len() + 2,
        }
    }

    #[test]
    fn text_escapes_and_soft_breaks() {
        assert_eq!(v(r"a\]b\\c\:d").text(), r"a]b\c:d");
        assert_eq!(v("one\\\ntwo\\\r\nthree").text(), "onetwothree");
        assert_eq!(v("l1\r\nl2\n\rl3\rl4\tx").text(), "l1\nl2\nl3\nl4 x");
        assert_eq!(v("l1\r\nl2").simple_text(), "l1 l2");
        assert_eq!(v("trailing\\").text(), "trailing");
    }

    #[test]
    fn moves_and_passes() {
        let s19 = BoardSize::DEFAULT;
        assert_eq!(v("").go_move(s19), Ok(Move::Pass));
        assert_eq!(v("tt").go_move(s19), Ok(Move::Pass));
        assert_eq!(v("pd").go_move(s19), Ok(Move::Play(Point { x: 15, y: 3 })));
        let s21 = BoardSize {
            width: 21,
            height: 21,
        };
        assert_eq!(v("tt").go_move(s21), Ok(Move::Play(Point { x: 19, y: 19 })));
        let s9 = BoardSize {
            width: 9,
            height: 9,
        };
        assert!(matches!(
            v("jj").go_move(s9),
            Err(ValueError::OutsideBoard { .. })
        ));
        assert_eq!(v("p").go_move(s19), Err(ValueError::NotAPoint));
    }

    #[test]
    fn compressed_point_lists() {
        let pts = v("cc:aa").points(BoardSize::DEFAULT).unwrap_or_default();
        assert_eq!(pts.len(), 9);
        assert_eq!(pts[0], Point { x: 0, y: 0 });
        assert_eq!(pts[8], Point { x: 2, y: 2 });
        assert_eq!(v("dd").points(BoardSize::DEFAULT).map(|p| p.len()), Ok(1));
        assert!(v("aa:zz").points(BoardSize::DEFAULT).is_err());
    }

    #[test]
    fn board_sizes() {
        assert_eq!(v("19").board_size(), Ok(BoardSize::DEFAULT));
        assert_eq!(
            v("52:9").board_size(),
            Ok(BoardSize {
                width: 52,
                height: 9
            })
        );
        assert_eq!(v("53").board_size(), Err(ValueError::BadBoardSize));
        assert_eq!(v("0").board_size(), Err(ValueError::BadBoardSize));
        assert_eq!(v("x").board_size(), Err(ValueError::BadBoardSize));
    }

    #[test]
    fn scalar_types() {
        assert_eq!(v(" 3 ").number(), Ok(3));
        assert_eq!(v("3.5").number(), Err(ValueError::NotANumber));
        assert_eq!(v("7.5").real(), Ok(7.5));
        assert_eq!(v("W").color(), Ok(Color::White));
        assert_eq!(v("w").color(), Err(ValueError::NotAColor));
        assert_eq!(v("2").double(), Ok(Double::Emphasized));
        assert_eq!(v("a:b").compose(), Some(("a", "b")));
    }

    #[test]
    fn reals_read_directly_as_by_the_grammar() {
        let parts = ["", "+", "-", ".", "0", "7", "12", "5", " ", "x", "\u{3000}"];
        for a in parts {
            for b in parts {
                for c in parts {
                    for d in parts {
                        let raw = format!("{a}{b}{c}{d}");
                        assert_eq!(v(&raw).is_real(), v(&raw).real().is_ok(), "{raw:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn point_letters_round_trip() {
        assert_eq!(Point { x: 0, y: 51 }.to_string(), "aZ");
        assert_eq!(Point { x: 15, y: 3 }.to_string(), "pd");
    }

    /// Numbers and board sides read directly as the grammar reads them.
    #[test]
    fn bare_digits_read_as_by_the_grammar() {
        let raws = [
            "0",
            "7",
            "19",
            "05",
            "52",
            "53",
            "99",
            "123",
            "",
            " 19",
            "19 ",
            "+5",
            "-3",
            "x",
            "1:2",
            "19:19",
            "9:13",
            "0:5",
            "999999999999999999",
            "9999999999999999999",
        ];
        for raw in raws {
            let number = grammar::whole(raw, grammar::number).and_then(|s| s.parse().ok());
            assert_eq!(v(raw).number().ok(), number, "{raw:?}");
            let side = grammar::whole(raw, grammar::number).and_then(|s| s.parse::<u8>().ok());
            if let Some(bare) = bare_side(raw) {
                assert_eq!(Some(bare), side, "{raw:?}");
            }
        }
        assert_eq!(v("19").board_size(), Ok(BoardSize::DEFAULT));
        assert_eq!(v("53").board_size(), Err(ValueError::BadBoardSize));
        let rectangle = BoardSize {
            width: 9,
            height: 13,
        };
        assert_eq!(v("9:13").board_size(), Ok(rectangle));
    }
}
