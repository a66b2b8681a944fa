//! The lexical rules of SGF, one small nom parser per rule of `grammars/sgf.ebnf`.
//!
//! The tree structure (`(`, `;`, `)`) is driven by the iterative parser in `parser.rs`;
//! these rules only ever consume one token, so none of them recurses.

use memchr::memchr2;
use nom::branch::alt;
use nom::bytes::complete::take_while;
use nom::character::complete::{char, digit0, digit1, one_of, satisfy};
use nom::combinator::{all_consuming, cut, opt};
use nom::error::{context, ContextError, ErrorKind, ParseError};
use nom::sequence::{preceded, terminated};
use nom::{IResult, Parser};

/// Why a grammar rule failed: the input left at the failure and the innermost context.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GrammarError {
    /// Length of the input remaining where the rule failed (offset = total − remaining).
    pub remaining: usize,
    /// The nom combinator that failed.
    pub kind: ErrorKind,
    /// What the rule expected, when a `context` names it.
    pub context: Option<&'static str>,
}

impl ParseError<&str> for GrammarError {
    fn from_error_kind(input: &str, kind: ErrorKind) -> Self {
        Self {
            remaining: input.len(),
            kind,
            context: None,
        }
    }

    fn append(_input: &str, _kind: ErrorKind, other: Self) -> Self {
        other
    }
}

impl ContextError<&str> for GrammarError {
    fn add_context(_input: &str, ctx: &'static str, mut other: Self) -> Self {
        // Keep the innermost (most specific) description.
        other.context.get_or_insert(ctx);
        other
    }
}

/// Result type of every rule.
pub type Res<'a, O> = IResult<&'a str, O, GrammarError>;

/// True for characters that may separate tokens: white space and control characters
/// (old files contain NUL padding, Ctrl-Z, form feeds).
pub fn is_space(c: char) -> bool {
    c.is_whitespace() || c.is_control()
}

/// `WhiteSpace = { space | control }` — never fails.
pub fn ws(i: &str) -> Res<'_, &str> {
    take_while(is_space).parse(i)
}

/// `PropIdent = Letter { Letter }` — `FF[4]` allows upper case only; ``FF[1]``–``FF[3]`` mixed lower case
/// into long names (`AddBlack`), which the caller reduces to the upper-case letters.
/// The parser reads identifiers byte by byte; this rule is what its tests hold it to.
#[cfg(test)]
pub fn prop_ident(i: &str) -> Res<'_, &str> {
    context(
        "property identifier",
        nom::bytes::complete::take_while1(|c: char| c.is_ascii_alphabetic()),
    )
    .parse(i)
}

/// `ValueText = { any char except "]" and "\" | "\" any char }`: the raw text of a value,
/// escapes left in place. Linear: jumps between `]` and `\` with memchr.
pub fn value_text(i: &str) -> Res<'_, &str> {
    let bytes = i.as_bytes();
    // Most values are a point: a plain look at the first bytes beats memchr's setup.
    for (k, &b) in bytes.iter().take(8).enumerate() {
        match b {
            b']' => return Ok((&i[k..], &i[..k])),
            b'\\' => break,
            _ => {}
        }
    }
    let mut at = 0;
    while let Some(found) = memchr2(b']', b'\\', &bytes[at..]) {
        let k = at + found;
        if bytes[k] == b']' {
            return Ok((&i[k..], &i[..k]));
        }
        // Skip the backslash and the whole (possibly multi-byte) character it escapes.
        let next = i[k + 1..].chars().next().map_or(0, char::len_utf8);
        at = k + 1 + next;
    }
    Ok(("", i))
}

/// `PropValue = "[" ValueText "]"` — committed (`cut`) once `[` is seen, so a missing `]`
/// surfaces as a failure that the tree parser turns into "unterminated value".
pub fn prop_value(i: &str) -> Res<'_, &str> {
    preceded(
        char('['),
        cut(context(
            "closing `]` of a property value",
            terminated(value_text, char(']')),
        )),
    )
    .parse(i)
}

/// `Compose = ValueText ":" ValueText` split at the first unescaped `:`; `None` when the
/// value has no separator.
pub fn compose(raw: &str) -> Option<(&str, &str)> {
    let bytes = raw.as_bytes();
    let mut at = 0;
    while let Some(found) = memchr2(b':', b'\\', &bytes[at..]) {
        let k = at + found;
        if bytes[k] == b':' {
            return Some((&raw[..k], &raw[k + 1..]));
        }
        let next = raw[k + 1..].chars().next().map_or(0, char::len_utf8);
        at = k + 1 + next;
    }
    None
}

/// `Point = Letter Letter` (a–z then A–Z, 52 lines): returns the 0-based column and row.
pub fn point(i: &str) -> Res<'_, (u8, u8)> {
    let coord =
        || satisfy(|c: char| c.is_ascii_alphabetic()).map_opt(|c| letter_coordinate(c as u8));
    context("point (two letters)", (coord(), coord())).parse(i)
}

/// The coordinate of one point letter: `a`–`z` are 0–25, `A`–`Z` 26–51.
#[inline]
pub(crate) fn letter_coordinate(letter: u8) -> Option<u8> {
    match letter {
        b'a'..=b'z' => Some(letter - b'a'),
        b'A'..=b'Z' => Some(letter - b'A' + 26),
        _ => None,
    }
}

/// `Number = [ "+" | "-" ] Digit { Digit }`.
pub fn number(i: &str) -> Res<'_, &str> {
    context("number", consumed((opt(one_of("+-")), digit1))).parse(i)
}

/// `Real = Number [ "." { Digit } ] | [ "+" | "-" ] "." Digit { Digit }` (SGF requires a digit
/// before the point; `.5` is accepted because real files write it).
pub fn real(i: &str) -> Res<'_, &str> {
    let unsigned = alt((
        consumed((digit1, opt((char('.'), digit0)))),
        consumed((char('.'), digit1)),
    ));
    context("real number", consumed((opt(one_of("+-")), unsigned))).parse(i)
}

/// The text consumed by `rule`. Stands in for nom 8.0.0's `recognize`, which loses the
/// digits of `digit0` inside it (`7.5` came out as `7.`).
fn consumed<'a, O>(
    mut rule: impl Parser<&'a str, Output = O, Error = GrammarError>,
) -> impl Parser<&'a str, Output = &'a str, Error = GrammarError> {
    move |i: &'a str| {
        let (rest, _) = rule.parse(i)?;
        Ok((rest, &i[..i.len() - rest.len()]))
    }
}

/// Applies `rule` to the whole of `raw` with surrounding white space ignored.
pub fn whole<'a, O>(raw: &'a str, rule: impl Fn(&'a str) -> Res<'a, O>) -> Option<O> {
    all_consuming(rule)
        .parse(raw.trim_matches(is_space))
        .ok()
        .map(|(_, o)| o)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ws_skips_space_and_controls() {
        assert_eq!(ws(" \r\n\t\u{1a}\0;"), Ok((";", " \r\n\t\u{1a}\0")));
        assert_eq!(ws(";"), Ok((";", "")));
    }

    #[test]
    fn prop_ident_takes_letters() {
        assert_eq!(prop_ident("AddBlack[aa]"), Ok(("[aa]", "AddBlack")));
        assert!(prop_ident("[aa]").is_err());
    }

    #[test]
    fn value_text_stops_at_unescaped_bracket() {
        assert_eq!(value_text(r"a\]b\\]c"), Ok(("]c", r"a\]b\\")));
        assert_eq!(value_text(r"\黑]"), Ok(("]", r"\黑")));
        assert_eq!(value_text("open"), Ok(("", "open")));
    }

    #[test]
    fn prop_value_is_committed_after_bracket() {
        assert_eq!(prop_value("[pd]W"), Ok(("W", "pd")));
        assert_eq!(prop_value("[]"), Ok(("", "")));
        match prop_value("[never closed") {
            Err(nom::Err::Failure(e)) => {
                assert_eq!(e.context, Some("closing `]` of a property value"));
                assert_eq!(e.remaining, 0);
            }
            other => panic!("expected a failure, got {other:?}"),
        }
        assert!(matches!(prop_value("pd]"), Err(nom::Err::Error(_))));
    }

    #[test]
    fn compose_splits_at_first_unescaped_colon() {
        assert_eq!(compose("aa:cc"), Some(("aa", "cc")));
        assert_eq!(compose(r"a\:b:c:d"), Some((r"a\:b", "c:d")));
        assert_eq!(compose("aa"), None);
    }

    #[test]
    fn point_reads_both_cases() {
        assert_eq!(point("pd"), Ok(("", (15, 3))));
        assert_eq!(point("aZ"), Ok(("", (0, 51))));
        assert!(point("a1").is_err());
    }

    #[test]
    fn numbers_and_reals() {
        assert_eq!(whole("+19", number), Some("+19"));
        assert_eq!(whole("1.5", number), None);
        assert_eq!(whole(" 7.5 ", real), Some("7.5"));
        assert_eq!(whole("375", real), Some("375"));
        assert_eq!(whole("-.5", real), Some("-.5"));
        assert_eq!(whole("abc", real), None);
    }
}
