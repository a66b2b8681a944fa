//! Token-level PDN grammar rules: squares, moves, move numbers, strengths, NAGs, results.
//!
//! Each rule is a small nom parser over `&str` that returns sub-slices of its input, so the
//! reader can turn them into byte spans by pointer offset. Rules `cut` once the first
//! character has committed them, and label the part they expect with `context`.

use nom::branch::alt;
use nom::bytes::complete::{tag, take_while1, take_while_m_n};
use nom::character::complete::{char, digit1, satisfy};
use nom::combinator::{cut, map, map_res, opt, recognize, value, verify};
use nom::error::{context, ContextError, ErrorKind, FromExternalError, ParseError};
use nom::sequence::{delimited, pair, preceded, terminated};
use nom::{IResult, Parser};

use super::syntax::{GameResult, MoveSeparator, MoveSquares, SquareKind, SquareToken};

/// Parse error carrying the innermost `context` label, i.e. the most specific thing expected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ParseErr<'a> {
    /// Where the failing rule stood.
    pub input: &'a str,
    /// What it expected, when a `context` was passed on the way out.
    pub expected: Option<&'static str>,
}

impl<'a> ParseError<&'a str> for ParseErr<'a> {
    fn from_error_kind(input: &'a str, _kind: ErrorKind) -> Self {
        ParseErr {
            input,
            expected: None,
        }
    }

    fn append(_input: &'a str, _kind: ErrorKind, other: Self) -> Self {
        other
    }
}

impl<'a> ContextError<&'a str> for ParseErr<'a> {
    fn add_context(_input: &'a str, ctx: &'static str, mut other: Self) -> Self {
        other.expected.get_or_insert(ctx);
        other
    }
}

impl<'a, E> FromExternalError<&'a str, E> for ParseErr<'a> {
    fn from_external_error(input: &'a str, _kind: ErrorKind, _e: E) -> Self {
        ParseErr {
            input,
            expected: None,
        }
    }
}

/// Result type of every PDN rule.
pub(crate) type Res<'a, T> = IResult<&'a str, T, ParseErr<'a>>;

/// Whether `c` may follow a move, number or result token: whitespace or a delimiter.
pub(crate) fn is_token_end(c: char) -> bool {
    // A match rather than a search of a string of them: this runs after every token.
    c.is_whitespace()
        || matches!(
            c,
            '{' | '}' | '(' | ')' | '[' | ']' | '$' | '+' | '=' | '*' | ';' | '%'
        )
}

/// Succeeds, consuming nothing, at the end of input or before a token boundary.
fn token_end(i: &str) -> Res<'_, ()> {
    match i.chars().next() {
        None => Ok((i, ())),
        Some(c) if is_token_end(c) => Ok((i, ())),
        Some(_) => Err(nom::Err::Error(ParseErr {
            input: i,
            expected: None,
        })),
    }
}

/// `NUMSQUARE := [0-9]{1,2}` with a non-zero value; leading zeros (`09`) are read.
pub(crate) fn numeric_square(i: &str) -> Res<'_, (SquareKind, &str)> {
    map(
        verify(
            map_res(
                take_while_m_n(1, 2, |c: char| c.is_ascii_digit()),
                |d: &str| d.parse::<u8>().map(|n| (n, d)),
            ),
            |(n, _)| *n > 0,
        ),
        |(n, d)| (SquareKind::Numeric(n), d),
    )
    .parse(i)
}

/// A rank of 1 to 12: two digits when they make 10–12, else one digit.
fn rank(i: &str) -> Res<'_, u8> {
    alt((
        map_res(
            verify(
                take_while_m_n(2, 2, |c: char| c.is_ascii_digit()),
                |d: &str| matches!(d, "10" | "11" | "12"),
            ),
            |d: &str| d.parse::<u8>(),
        ),
        map(satisfy(|c| ('1'..='9').contains(&c)), |c| c as u8 - b'0'),
    ))
    .parse(i)
}

/// `ALPHASQUARE := [a-l] rank` (boards up to 12 files; 8×8 uses a–h, 1–8).
pub(crate) fn algebraic_square(i: &str) -> Res<'_, (SquareKind, &str)> {
    let (rest, (file, rank)) = pair(satisfy(|c| ('a'..='l').contains(&c)), rank).parse(i)?;
    let text = &i[..i.len() - rest.len()];
    Ok((
        rest,
        (
            SquareKind::Algebraic {
                file: file as u8 - b'a',
                rank,
            },
            text,
        ),
    ))
}

/// `Square := ALPHASQUARE | NUMSQUARE`.
pub(crate) fn square(i: &str) -> Res<'_, (SquareKind, &str)> {
    alt((numeric_square, algebraic_square)).parse(i)
}

/// `Separator := "-" | "x" | "X" | "×" | ":"`.
pub(crate) fn separator(i: &str) -> Res<'_, MoveSeparator> {
    alt((
        value(MoveSeparator::Dash, char('-')),
        value(MoveSeparator::Cross, alt((char('x'), char('X')))),
        value(MoveSeparator::Times, char('×')),
        value(MoveSeparator::Colon, char(':')),
    ))
    .parse(i)
}

/// A move as written, its squares' spans counted from the start of its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct RawMove<'a> {
    /// Squares with their spans in `text`.
    pub squares: MoveSquares,
    /// Separator (the first one; mixing is reported through `mixed`).
    pub separator: MoveSeparator,
    /// Whether `-` and capture separators were mixed.
    pub mixed: bool,
    /// The whole move text, squares and separators.
    pub text: &'a str,
    /// A strength mark written right after the move: marks, parenthesised, whole text.
    pub strength: Option<(&'a str, bool, &'a str)>,
}

/// `(Separator Square)+`: the rest of a move after its first square.
fn separated_squares(i: &str) -> Res<'_, Vec<(MoveSeparator, (SquareKind, &str))>> {
    let (mut rest, first) =
        pair(separator, context("square after separator", cut(square))).parse(i)?;
    let mut out = vec![first];
    // An explicit loop instead of `many1` keeps the (separator, square) pairs flat.
    while let Ok((r, next)) =
        pair(separator, context("square after separator", cut(square))).parse(rest)
    {
        out.push(next);
        rest = r;
    }
    Ok((rest, out))
}

/// A second square with no separator, as in `a3b4` or `3228` (both squares two digits).
fn unseparated_square<'a>(first: &'a str) -> impl Fn(&'a str) -> Res<'a, (SquareKind, &'a str)> {
    move |i| {
        let numeric = first.as_bytes().first().is_some_and(u8::is_ascii_digit);
        if numeric {
            verify(numeric_square, |(_, t): &(SquareKind, &str)| {
                t.len() == 2 && first.len() == 2
            })
            .parse(i)
        } else {
            algebraic_square(i)
        }
    }
}

/// `MOVESTRENGTH := [!?]+ | "(" [!?]+ ")"`; returns marks and whether parenthesised.
pub(crate) fn move_strength(i: &str) -> Res<'_, (&str, bool)> {
    let marks = || take_while1(|c| c == '!' || c == '?');
    alt((
        map(delimited(char('('), marks(), char(')')), |m| (m, true)),
        map(marks(), |m| (m, false)),
    ))
    .parse(i)
}

/// `Move := Square ((Separator Square)+ | Square) MOVESTRENGTH?`, ending at a token boundary.
pub(crate) fn pdn_move(i: &str) -> Res<'_, RawMove<'_>> {
    let (rest, first) = square(i)?;
    let (rest, tail) = context(
        "separator and square",
        cut(alt((
            separated_squares,
            map(unseparated_square(first.1), |sq| {
                vec![(MoveSeparator::None, sq)]
            }),
        ))),
    )
    .parse(rest)?;
    let text = &i[..i.len() - rest.len()];
    let (rest, strength) = opt(recognize_strength).parse(rest)?;
    let (rest, ()) = context("space or annotation after the move", cut(token_end)).parse(rest)?;
    let separator = tail[0].0;
    let mixed = tail
        .iter()
        .any(|(s, _)| s.is_capture() != separator.is_capture());
    let token = |(kind, part): (SquareKind, &str)| {
        let start = part.as_ptr() as usize - i.as_ptr() as usize;
        SquareToken {
            kind,
            span: start..start + part.len(),
        }
    };
    let mut squares = Vec::with_capacity(tail.len() + 1);
    squares.push(token(first));
    squares.extend(tail.into_iter().map(|(_, sq)| token(sq)));
    let squares = MoveSquares::from(squares);
    Ok((
        rest,
        RawMove {
            squares,
            separator,
            mixed,
            text,
            strength,
        },
    ))
}

/// The numeric move nearly every token of a record is (`22-18`, `19x10x17`), read by hand as
/// [`pdn_move`] reads it, in one pass; `None` leaves any other text, and every fault, to
/// [`pdn_move`].
// Inlined into the reader's word, across codegen units: where the units are cut depends
// on the rest of the crate.
#[inline]
pub(crate) fn numeric_move(i: &str) -> Option<(&str, RawMove<'_>)> {
    let bytes = i.as_bytes();
    let digit = |at: usize| {
        bytes
            .get(at)
            .map(|b| b.wrapping_sub(b'0'))
            .filter(|d| *d <= 9)
    };
    // The square of one or two digits at `at`.
    let square_at = |at: usize| -> Option<SquareToken> {
        let first = digit(at)?;
        let (number, end) = match digit(at + 1) {
            Some(second) => (first * 10 + second, at + 2),
            None => (first, at + 1),
        };
        (number > 0).then_some(SquareToken {
            kind: SquareKind::Numeric(number),
            span: at..end,
        })
    };
    let separator_at = |at: usize| match bytes.get(at) {
        Some(b'-') => Some(MoveSeparator::Dash),
        Some(b'x' | b'X') => Some(MoveSeparator::Cross),
        Some(b':') => Some(MoveSeparator::Colon),
        _ => None,
    };
    let first = square_at(0)?;
    let separator = separator_at(first.span.end)?;
    let second = square_at(first.span.end + 1)?;
    let mut end = second.span.end;
    let mut mixed = false;
    // The squares after the second, of a capture's route: an empty vector until one comes.
    let mut more = Vec::new();
    while let Some(next) = separator_at(end) {
        mixed |= next.is_capture() != separator.is_capture();
        let square = square_at(end + 1)?;
        end = square.span.end;
        more.push(square);
    }
    // A strength mark (`!`, `(?)`) or anything but a plain token end is the grammar's.
    match bytes.get(end) {
        None => {}
        Some(&b) if b.is_ascii() && b != b'(' && is_token_end(char::from(b)) => {}
        Some(_) => return None,
    }
    let squares = if more.is_empty() {
        MoveSquares::Two([first, second])
    } else {
        let mut route = vec![first, second];
        route.append(&mut more);
        MoveSquares::Listed(route)
    };
    let (text, rest) = i.split_at(end);
    let raw = RawMove {
        squares,
        separator,
        mixed,
        text,
        strength: None,
    };
    Some((rest, raw))
}

/// `UnknownMove := "-"` standing alone, as archives write a move that was not recorded
/// (`25. - -`).
pub(crate) fn unknown_move(i: &str) -> Res<'_, &str> {
    terminated(recognize(char('-')), token_end).parse(i)
}

/// A move strength together with its whole text.
pub(crate) fn recognize_strength(i: &str) -> Res<'_, (&str, bool, &str)> {
    let (rest, (marks, paren)) = move_strength(i)?;
    Ok((rest, (marks, paren, &i[..i.len() - rest.len()])))
}

/// `MOVENUMBER := [0-9]+ "." (".."  )?`; returns the number and whether Black is to move.
pub(crate) fn move_number(i: &str) -> Res<'_, (u32, bool)> {
    // By hand rather than by combinators: the reader tries this on every token.
    let fail = || {
        nom::Err::Error(ParseErr {
            input: i,
            expected: None,
        })
    };
    let digits = i.bytes().take_while(u8::is_ascii_digit).count();
    // What `parse::<u32>` makes of the digits: none, or too many, is no number.
    let n = i.as_bytes()[..digits]
        .iter()
        .try_fold(0u32, |n, d| {
            n.checked_mul(10)?.checked_add(u32::from(d - b'0'))
        })
        .filter(|_| digits > 0)
        .ok_or_else(fail)?;
    let rest = i[digits..].strip_prefix('.').ok_or_else(fail)?;
    Ok(match rest.strip_prefix("..") {
        Some(rest) => (rest, (n, true)),
        None => (rest, (n, false)),
    })
}

/// `Result := "2-0" | "1-1" | "0-2" | "1-0" | "0-1" | "1/2-1/2" | "0-0" | "*" | "+" | "="`,
/// followed by a token boundary so that `1-10` stays a move.
pub(crate) fn game_result(i: &str) -> Res<'_, GameResult> {
    let (rest, r) = alt((
        value(GameResult::HalfHalf, alt((tag("1/2-1/2"), tag("½-½")))),
        value(GameResult::TwoZero, tag("2-0")),
        value(GameResult::OneOne, tag("1-1")),
        value(GameResult::ZeroTwo, tag("0-2")),
        value(GameResult::OneZero, tag("1-0")),
        value(GameResult::ZeroOne, tag("0-1")),
        value(GameResult::ZeroZero, tag("0-0")),
        value(GameResult::Unfinished, char('*')),
        value(GameResult::WinMark, char('+')),
        value(GameResult::DrawMark, char('=')),
    ))
    .parse(i)?;
    let (rest, ()) = token_end(rest)?;
    Ok((rest, r))
}

/// Whether `i` can begin with a result: most tokens are moves (`22-18`), told from one by
/// two bytes before [`game_result`] tries every form.
#[inline]
pub(crate) fn may_be_result(i: &str) -> bool {
    let bytes = i.as_bytes();
    match bytes.first() {
        Some(b'0' | b'1' | b'2') => matches!(bytes.get(1), Some(b'-' | b'/')),
        Some(b'*' | b'+' | b'=') => true,
        _ => i.starts_with('½'),
    }
}

/// `NAG := "$" [0-9]+`.
pub(crate) fn nag(i: &str) -> Res<'_, u16> {
    preceded(
        char('$'),
        context("number after `$`", cut(map_res(digit1, str::parse::<u16>))),
    )
    .parse(i)
}

/// `AlternativeRoute := "a.l."`: the capture may be made by several routes (same result).
pub(crate) fn alternative_route(i: &str) -> Res<'_, &str> {
    recognize(pair(tag("a.l"), opt(char('.')))).parse(i)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares() {
        assert_eq!(
            numeric_square("09-").unwrap(),
            ("-", (SquareKind::Numeric(9), "09"))
        );
        assert!(numeric_square("0").is_err());
        assert_eq!(
            algebraic_square("c3").unwrap().1 .0,
            SquareKind::Algebraic { file: 2, rank: 3 }
        );
        assert_eq!(
            algebraic_square("a10").unwrap().1 .0,
            SquareKind::Algebraic { file: 0, rank: 10 }
        );
        assert!(algebraic_square("x3").is_err());
        assert!(algebraic_square("a.l.").is_err());
    }

    #[test]
    fn separators() {
        assert_eq!(separator("×5").unwrap(), ("5", MoveSeparator::Times));
        assert_eq!(separator(":c3").unwrap(), ("c3", MoveSeparator::Colon));
        assert!(separator("5").is_err());
    }

    #[test]
    fn moves() {
        let (rest, m) = pdn_move("19x10x17 ").unwrap();
        assert_eq!(rest, " ");
        assert_eq!(m.squares.len(), 3);
        assert_eq!(m.separator, MoveSeparator::Cross);
        let (_, m) = pdn_move("e5:c3:a5").unwrap();
        assert_eq!(
            m.squares[2].kind,
            SquareKind::Algebraic { file: 0, rank: 5 }
        );
        assert_eq!(m.squares[2].span, 6..8);
        let (_, m) = pdn_move("a3b4").unwrap();
        assert_eq!(m.separator, MoveSeparator::None);
        let (_, m) = pdn_move("3228").unwrap();
        assert_eq!(m.squares[1].kind, SquareKind::Numeric(28));
        let (_, m) = pdn_move("19-23(!?!!!)").unwrap();
        assert_eq!(m.strength, Some(("!?!!!", true, "(!?!!!)")));
        assert!(pdn_move("19x10-5").unwrap().1.mixed);
    }

    #[test]
    fn numeric_moves_read_as_the_grammar_reads_them() {
        let texts = [
            "22-18",
            "19x10x17 ",
            "9-13)",
            "05-09{c}",
            "1-10",
            "12:8\n",
            "1-2$3",
            "19x10-5",
            "32-28abc",
            "32- 28",
            "42 ",
            "19-23(!?)",
            "19-23!",
            "0-5",
            "3228",
            "11-155",
            "7-",
        ];
        let mut read = 0;
        for text in texts {
            if let Some(fast) = numeric_move(text) {
                assert_eq!(pdn_move(text).ok(), Some(fast), "{text}");
                read += 1;
            }
        }
        assert_eq!(read, 8);
    }

    #[test]
    fn bad_moves_commit() {
        let Err(nom::Err::Failure(e)) = pdn_move("32- 28") else {
            panic!("expected failure")
        };
        assert_eq!(e.expected, Some("square after separator"));
        let Err(nom::Err::Failure(e)) = pdn_move("32-28abc") else {
            panic!("expected failure")
        };
        assert_eq!(e.expected, Some("space or annotation after the move"));
        let Err(nom::Err::Failure(e)) = pdn_move("42 ") else {
            panic!("expected failure")
        };
        assert_eq!(e.expected, Some("separator and square"));
        assert!(matches!(pdn_move("abc"), Err(nom::Err::Error(_))));
    }

    #[test]
    fn numbers_results_nags() {
        assert_eq!(move_number("12.").unwrap().1, (12, false));
        assert_eq!(move_number("12...").unwrap().1, (12, true));
        assert!(move_number("12-").is_err());
        assert_eq!(game_result("1-1 ").unwrap().1, GameResult::OneOne);
        assert_eq!(game_result("1/2-1/2").unwrap().1, GameResult::HalfHalf);
        assert!(game_result("1-10").is_err());
        assert_eq!(game_result("+").unwrap().1, GameResult::WinMark);
        assert_eq!(nag("$14").unwrap().1, 14);
        assert!(matches!(nag("$x"), Err(nom::Err::Failure(_))));
        assert_eq!(alternative_route("a.l. ").unwrap().1, "a.l.");
        assert_eq!(unknown_move("- -").unwrap(), (" -", "-"));
        assert!(unknown_move("-5").is_err());
        assert_eq!(move_strength("?!").unwrap().1, ("?!", false));
    }
}
