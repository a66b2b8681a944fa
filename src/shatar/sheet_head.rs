//! The grammar of the lines that head a scoresheet (`grammars/shatar.ebnf`): the players,
//! date and place headers (`白方：NAME 蓝方：NAME`, `White: …`), the date line
//! (`2007年x月x日 突泉县`), and the position listing (`白：王e1 夫a2b2 …`). The reader of the
//! sheet (`scoresheet.rs`) tries them on each line before movetext.

use nom::branch::alt;
use nom::bytes::complete::{tag, take_while1};
use nom::character::complete::{char, digit1, space0};
use nom::combinator::value;
use nom::{Err, Parser};

use super::grammar::{piece, spanned, square, PError, PResult};
use super::syntax::{PartialDate, SetupEntry, SetupListing, SyntaxError, SyntaxErrorKind};
use super::types::Color;

/// `header_label = "白方" | "蓝方" | "藍方" | "日期" | "地点" | "地點" | "比赛" | "轮次" | "White"
/// | "Blue" | "Black" | "Date" | "Site" | "Place" | "Event" | "Round"`, mapped to its PGN tag.
const HEADER_LABELS: [(&str, &str); 16] = [
    ("白方", "White"),
    ("蓝方", "Black"),
    ("藍方", "Black"),
    ("日期", "Date"),
    ("地点", "Site"),
    ("地點", "Site"),
    ("比赛", "Event"),
    ("轮次", "Round"),
    ("White", "White"),
    ("Blue", "Black"),
    ("Black", "Black"),
    ("Date", "Date"),
    ("Site", "Site"),
    ("Place", "Site"),
    ("Event", "Event"),
    ("Round", "Round"),
];

/// `label [spaces] (":" | "：")` at the start of `i`: the tag and the length consumed.
fn header_label(i: &str) -> Option<(&'static str, usize)> {
    HEADER_LABELS.iter().find_map(|&(label, tag_name)| {
        let after = i.strip_prefix(label)?.trim_start_matches([' ', '\t', '　']);
        let after = after.strip_prefix([':', '：'])?;
        Some((tag_name, i.len() - after.len()))
    })
}

/// `header_line = header_label value {header_label value}`: each value runs to the next label
/// (which must follow whitespace, so names may contain spaces). A `Date` value is also parsed.
pub(super) fn header_line(
    line: &str,
    end: usize,
) -> Option<Vec<(&'static str, String, Option<PartialDate>)>> {
    let body = line.trim_start();
    let (mut name, used) = header_label(body)?;
    let mut rest = &body[used..];
    let mut out = Vec::new();
    loop {
        // Latin labels must follow a space so that a name such as "Whitehead" is not split.
        let next = rest.char_indices().skip(1).find_map(|(n, _)| {
            let (label, used) = header_label(&rest[n..])?;
            let spaced = rest[..n].ends_with(char::is_whitespace)
                || !rest[n..].starts_with(|c: char| c.is_ascii());
            spaced.then_some((n, label, used))
        });
        let value_text = next.map_or(rest, |(n, ..)| &rest[..n]).trim();
        let value_end = end - line.len() + offset_in(line, value_text) + value_text.len();
        let date = if name == "Date" {
            any_date(value_text, value_end).map(|(d, _)| d)
        } else {
            None
        };
        out.push((name, value_text.to_owned(), date));
        match next {
            Some((n, next_name, used)) => {
                name = next_name;
                rest = &rest[n + used..];
            }
            None => return Some(out),
        }
    }
}

/// Byte offset of `inner` inside `outer`; `inner` must be a subslice of `outer`.
pub(super) fn offset_in(outer: &str, inner: &str) -> usize {
    inner.as_ptr() as usize - outer.as_ptr() as usize
}

/// `date_part = digits | unknown`, unknown written `x`, `X`, `?`, `？` or `ｘ`.
fn date_part(i: &str) -> PResult<'_, Option<u16>> {
    alt((
        digit1.map(|d: &str| d.parse::<u16>().ok()),
        value(None, take_while1(|c| "xX?？ｘＸ".contains(c))),
    ))
    .parse(i)
}

/// `cjk_date = date_part "年" date_part "月" date_part ("日" | "号")`.
fn cjk_date(i: &str) -> PResult<'_, (Option<u16>, Option<u16>, Option<u16>)> {
    (
        date_part,
        space0,
        char('年'),
        space0,
        date_part,
        space0,
        char('月'),
        space0,
        date_part,
        alt((char('日'), char('号'))),
    )
        .map(|(y, _, _, _, m, _, _, _, d, _)| (y, m, d))
        .parse(i)
}

/// `dotted_date = date_part sep date_part sep date_part`, `sep = "." | "-" | "/"`.
fn dotted_date(i: &str) -> PResult<'_, (Option<u16>, Option<u16>, Option<u16>)> {
    let sep = || alt((char('.'), char('-'), char('/')));
    (date_part, sep(), date_part, sep(), date_part)
        .map(|(y, _, m, _, d)| (y, m, d))
        .parse(i)
}

/// A date in either form at the start of `i`, and the rest of the text.
fn any_date(i: &str, end: usize) -> Option<(PartialDate, &str)> {
    let (rest, ((y, m, d), span)) = spanned(end, alt((cjk_date, dotted_date))).parse(i).ok()?;
    let small = |v: Option<u16>| v.and_then(|v| u8::try_from(v).ok());
    Some((
        PartialDate {
            year: y,
            month: small(m),
            day: small(d),
            span,
        },
        rest,
    ))
}

/// `date_line = cjk_date [place]`: the rest of the line after the date is the place.
pub(super) fn date_line(line: &str, end: usize) -> Option<(PartialDate, Option<String>)> {
    let body = line.trim_start();
    let (rest, _) = cjk_date(body).ok()?;
    let (date, _) = any_date(body, end)?;
    let place = rest.trim();
    Some((date, (!place.is_empty()).then(|| place.to_owned())))
}

/// `side_label = "白" | "蓝" | "藍" | "White" | "Blue" | "Black"`, followed by a colon.
fn side_label(i: &str) -> PResult<'_, Color> {
    (
        alt((
            value(Color::White, alt((tag("白"), tag("White")))),
            value(
                Color::Blue,
                alt((tag("蓝"), tag("藍"), tag("Blue"), tag("Black"))),
            ),
        )),
        space0,
        alt((char(':'), char('：'))),
        space0,
    )
        .map(|(c, ..)| c)
        .parse(i)
}

/// `to_move = "白先" | "蓝先" | "藍先" | "White to move" | "Blue to move"`.
fn to_move(i: &str) -> PResult<'_, Color> {
    alt((
        value(Color::White, alt((tag("白先"), tag("White to move")))),
        value(
            Color::Blue,
            alt((tag("蓝先"), tag("藍先"), tag("Blue to move"))),
        ),
    ))
    .parse(i)
}

/// Skips list punctuation and spaces between entries and squares.
fn skip_list_separators(i: &str) -> &str {
    i.trim_start_matches(|c: char| c.is_whitespace() || ",，、;；。".contains(c))
}

/// `setup_entry = piece [spaces] square {[list_sep] square}`: `王e1`, `夫a2b2c2`, `P a2, b2`.
fn setup_entry<'a>(end: usize) -> impl Parser<&'a str, Output = SetupEntry, Error = PError<'a>> {
    move |i: &'a str| {
        let start = end - i.len();
        let (mut rest, (piece, _)) = (piece(end), space0).parse(i)?;
        let mut squares = Vec::new();
        while let Ok((after, found)) = spanned(end, square).parse(skip_list_separators(rest)) {
            // The first square follows the piece directly: `夫, a2` is no entry.
            if squares.is_empty() && skip_list_separators(rest).len() != rest.len() {
                break;
            }
            squares.push(found);
            rest = after;
        }
        if squares.is_empty() {
            return Err(Err::Error(PError {
                input: rest,
                kind: SyntaxErrorKind::MalformedSetup,
            }));
        }
        Ok((
            rest,
            SetupEntry {
                piece,
                squares,
                span: start..end - rest.len(),
            },
        ))
    }
}

/// `setup_line = side_label setup_entry {setup_entry} {side_label setup_entry {setup_entry}}
/// [to_move]`, entries separated by spaces or `, ， 、 ; ；`. A line is a listing when it opens
/// with a side label followed by a valid entry (so `White: Bat` is a player name); afterwards
/// unreadable words are reported and skipped.
pub(super) fn setup_line(line: &str, end: usize) -> Option<(SetupListing, Vec<SyntaxError>)> {
    let body = line.trim_start();
    let (after_label, mut side) = side_label(body).ok()?;
    setup_entry(end).parse(after_label).ok()?;
    let start = end - body.len();
    let mut listing = SetupListing::default();
    let mut errors = Vec::new();
    let mut i = after_label;
    loop {
        i = skip_list_separators(i);
        if i.is_empty() {
            break;
        }
        if let Ok((rest, color)) = side_label(i) {
            side = color;
            i = rest;
        } else if let Ok((rest, color)) = to_move(i) {
            listing.to_move = Some(color);
            i = rest;
        } else if let Ok((rest, entry)) = setup_entry(end).parse(i) {
            match side {
                Color::White => listing.white.push(entry),
                Color::Blue => listing.blue.push(entry),
            }
            i = rest;
        } else {
            let stop = i.find(char::is_whitespace).unwrap_or(i.len());
            errors.push(SyntaxError {
                kind: SyntaxErrorKind::MalformedSetup,
                span: end - i.len()..end - i.len() + stop,
            });
            i = &i[stop..];
        }
    }
    let trimmed_end = end - (line.len() - line.trim_end().len());
    listing.span = start..trimmed_end;
    Some((listing, errors))
}
