//! Tygem's GIB format (`grammars/gib.ebnf`): a header of `\[NAME=value\]` lines between
//! `\HS` and `\HE`, then the game between `\GS` and `\GE`: an `INI` line with the
//! handicap, one `STO` line per stone played and `SKI` for a pass.
//!
//! The facts come from public readers (Sabaki's importer, aeb's gib2sgf, qGo's Tygem
//! client): `GAMEINFOMAIN` and `GAMETAG` repeat the game in codes — `GRLT`/`W` the
//! result (0 Black or 1 White by `ZIPSU`/`Z` tenths of a point, 3/4 by resignation, 7/8
//! on time), `GONGJE`/`G` the komi in tenths, `LINE` the board size, `C` the date — and
//! `STO 0 n c x y` plays move `n` for colour `c` (1 Black, 2 White) at column `x`, row `y`
//! from the upper left, both from 0.

use nom::bytes::complete::tag;
use nom::character::complete::{space0, space1, u32 as number};
use nom::combinator::{all_consuming, opt};
use nom::{IResult, Parser};

use super::archive::{lines, result_from_words, span_in, ArchiveFormat, Imported, ImportedMove};
use super::archive_issue::ArchiveIssue;
use super::board::{Color, Point};
use super::scoring::{GameResult, WinBy};
use crate::text::Span;

/// One `\[NAME=value\]` field with the span of its value.
struct HeaderField<'t> {
    name: &'t str,
    value: &'t str,
    value_span: Span,
}

/// `Field = "\[", Name, "=", Value, "\]"`: the name and the value.
fn header_field(line: &str) -> Option<(&str, &str)> {
    let inner = line.trim().strip_prefix("\\[")?.strip_suffix("\\]")?;
    inner.split_once('=')
}

/// `Stone = "STO", " 0 ", Number, " ", Colour, " ", X, " ", Y`: move number, colour code,
/// column and row.
fn stone(line: &str) -> IResult<&str, (u32, u32, u32, u32)> {
    let (rest, (_, _, _, _, n, _, colour, _, x, _, y, _)) = all_consuming((
        tag("STO"),
        space1,
        number,
        space1,
        number,
        space1,
        number,
        space1,
        number,
        space1,
        number,
        space0,
    ))
    .parse(line.trim())?;
    Ok((rest, (n, colour, x, y)))
}

/// `Pass = "SKI", " 0 ", Number`: the move number.
fn pass(line: &str) -> IResult<&str, u32> {
    let (rest, (_, _, _, _, n, _)) =
        all_consuming((tag("SKI"), space1, number, space1, number, space0)).parse(line.trim())?;
    Ok((rest, n))
}

/// `Handicap = "INI", " 0 1 ", Number, [ " &4", Text ]`: the handicap.
fn initial(line: &str) -> IResult<&str, u32> {
    let (rest, (_, _, _, _, _, _, stones, _, _)) = (
        tag("INI"),
        space1,
        number,
        space1,
        number,
        space1,
        number,
        space0,
        opt(tag("&4")),
    )
        .parse(line.trim())?;
    Ok((rest, stones))
}

/// The value of `key:` in a `KEY:value,KEY:value` list (GAMEINFOMAIN).
fn coded<'v>(value: &'v str, key: &str) -> Option<&'v str> {
    value
        .split(',')
        .find_map(|part| part.trim().strip_prefix(key)?.strip_prefix(':'))
}

/// The value of the one-letter code `key` in a `S1,R3,G65,C2016:03:26` list (GAMETAG).
fn tagged(value: &str, key: char) -> Option<&str> {
    value.split(',').find_map(|part| {
        let rest = part.trim().strip_prefix(key)?;
        rest.starts_with(|c: char| c.is_ascii_digit())
            .then_some(rest)
    })
}

/// The result of Tygem's codes: `code` 0/1 Black/White by `score` tenths, 3/4 by
/// resignation, 7/8 on time.
fn coded_result(code: &str, score: Option<&str>) -> Option<GameResult> {
    let code: u32 = code.trim().parse().ok()?;
    let winner = match code {
        0 | 3 | 7 => Color::Black,
        1 | 4 | 8 => Color::White,
        _ => return None,
    };
    let by = match code {
        3 | 4 => WinBy::Resignation,
        7 | 8 => WinBy::Time,
        _ => match score.and_then(|s| s.trim().parse::<u32>().ok()) {
            Some(tenths) if tenths > 0 => WinBy::Points(f64::from(tenths) / 10.0),
            _ => WinBy::Unspecified,
        },
    };
    Some(GameResult::Win { winner, by })
}

/// A GIB date: `2017- 1- 6-12- 6-22` (GAMEDATE), `2009年10月 9日 …`, or GAMETAG's
/// `2016:03:26:17:29`; the date part in ISO form.
fn iso_date(value: &str) -> Option<String> {
    let numbers: Vec<u32> = value
        .split(|c: char| !c.is_ascii_digit())
        .filter(|n| !n.is_empty())
        .take(3)
        .map(|n| n.parse().ok())
        .collect::<Option<_>>()?;
    match numbers[..] {
        [year, month, day]
            if year >= 1000 && (1..=12).contains(&month) && (1..=31).contains(&day) =>
        {
            Some(format!("{year:04}-{month:02}-{day:02}"))
        }
        _ => None,
    }
}

/// `name (rank)` as Tygem writes players: the name and the rank, if any.
fn player(value: &str) -> (&str, Option<&str>) {
    let value = value.trim();
    if let Some(open) = value.rfind('(') {
        if let Some(rank) = value[open + 1..].strip_suffix(')') {
            let name = value[..open].trim();
            if !name.is_empty() && !rank.trim().is_empty() {
                return (name, Some(rank.trim()));
            }
        }
    }
    (value, None)
}

/// Fields whose content the reader takes (or that only repeat another's).
const READ: [&str; 14] = [
    "GAMEBLACKNAME",
    "GAMEWHITENAME",
    "GAMENAME",
    "GAMEPLACE",
    "GAMECOMMENT",
    "GAMELECNAME",
    "GAMEDATE",
    "GAMERESULT",
    "GAMEINFOMAIN",
    "GAMETAG",
    "GAMEGONGJE",
    "GAMEZIPSU",
    "GAMEDUM",
    "GAMETOTALNUM",
];

/// Reads a GIB text as one game.
pub(super) fn read(text: &str) -> Imported {
    let mut fields: Vec<HeaderField<'_>> = Vec::new();
    let mut handicap: Option<(u32, Span)> = None;
    let mut game = Imported::new(ArchiveFormat::Gib, 0..0);
    let mut moves: Vec<(u32, ImportedMove)> = Vec::new();
    let mut header_end = 0;
    let mut all = lines(text).peekable();
    while let Some((span, line)) = all.next() {
        let trimmed = line.trim();
        if trimmed.starts_with("\\[") {
            // A field may run over two lines (GAMETIME): one more, which ends it.
            let mut end = span.end;
            if !line.trim_end().ends_with("\\]") {
                let ends_it = |(_, l): &(Span, &str)| {
                    l.trim_end().ends_with("\\]") && !l.trim().starts_with("\\[")
                };
                if let Some((next_span, _)) = all.next_if(ends_it) {
                    end = next_span.end;
                }
            }
            header_end = end;
            let whole = &text[span.start..end];
            let Some((name, value)) = header_field(whole) else {
                continue;
            };
            let value_span = span_in(span.start, whole, value);
            fields.push(HeaderField {
                name,
                value,
                value_span,
            });
        } else if trimmed.starts_with("STO") {
            match stone(trimmed) {
                Ok((_, (n, colour, x, y))) => {
                    let color = match colour {
                        1 => Color::Black,
                        2 => Color::White,
                        _ => {
                            game.report(bad_line("STO 0 n colour x y"), span);
                            continue;
                        }
                    };
                    let point = u8::try_from(x)
                        .ok()
                        .zip(u8::try_from(y).ok())
                        .map(|(x, y)| Point::new(x, y));
                    match point {
                        Some(point) => moves.push((n, ImportedMove::new(color, Some(point), span))),
                        None => game.report(bad_line("STO 0 n colour x y"), span),
                    }
                }
                Err(_) => game.report(bad_line("STO 0 n colour x y"), span),
            }
        } else if trimmed.starts_with("SKI") {
            match pass(trimmed) {
                // The colour follows from the move before.
                Ok((_, n)) => moves.push((n, ImportedMove::new(Color::Black, None, span))),
                Err(_) => game.report(bad_line("SKI 0 n"), span),
            }
        } else if trimmed.starts_with("INI") {
            match initial(trimmed) {
                Ok((_, stones)) if stones >= 2 => handicap = Some((stones, span)),
                Ok(_) => {}
                Err(_) => game.report(bad_line("INI 0 1 handicap &4"), span),
            }
        }
    }
    game.header = 0..header_end;
    read_header(&mut game, &fields, handicap.as_ref());
    if let Some((stones, span)) = handicap {
        game.place_handicap(stones, span);
    }
    number_moves(&mut game, moves);
    game
}

fn bad_line(expected: &'static str) -> ArchiveIssue {
    ArchiveIssue::BadLine {
        format: ArchiveFormat::Gib,
        expected,
        expected_zh: None,
    }
}

/// The header's fields as SGF game info, in the order an SGF writer puts them.
fn read_header(game: &mut Imported, fields: &[HeaderField<'_>], handicap: Option<&(u32, Span)>) {
    let field = |name: &str| fields.iter().find(|f| f.name == name);
    let main = field("GAMEINFOMAIN");
    let tag = field("GAMETAG");
    if let Some(size) = main.and_then(|m| coded(m.value, "LINE")) {
        match size.trim().parse::<u8>() {
            Ok(size) if (2..=52).contains(&size) => game.size = size,
            _ => game.report(
                ArchiveIssue::BadField {
                    field: "LINE",
                    value: size.to_string(),
                },
                main.map_or(0..0, |m| m.value_span.clone()),
            ),
        }
    }
    if let Some(name) = field("GAMENAME") {
        game.field("GN", name.value, name.value_span.clone());
    }
    for (name_field, nick_field, player_ident, rank_ident) in [
        ("GAMEBLACKNAME", "GAMEBLACKNICK", "PB", "BR"),
        ("GAMEWHITENAME", "GAMEWHITENICK", "PW", "WR"),
    ] {
        if let Some(found) = field(name_field).or_else(|| field(nick_field)) {
            let (name, rank) = player(found.value);
            game.field(player_ident, name, found.value_span.clone());
            if let Some(rank) = rank {
                game.field(rank_ident, rank, found.value_span.clone());
            }
        }
    }
    // Komi: GAMEINFOMAIN's GONGJE, else GAMETAG's G, in tenths of a point.
    let komi = main
        .and_then(|m| coded(m.value, "GONGJE").map(|k| (k, m)))
        .or_else(|| tag.and_then(|t| tagged(t.value, 'G').map(|k| (k, t))));
    if let Some((tenths, found)) = komi {
        match tenths.trim().parse::<i32>() {
            Ok(tenths) => game.field(
                "KM",
                format_points(f64::from(tenths) / 10.0),
                found.value_span.clone(),
            ),
            Err(_) => game.report(
                ArchiveIssue::BadField {
                    field: "GONGJE",
                    value: tenths.to_string(),
                },
                found.value_span.clone(),
            ),
        }
    }
    if let Some((stones, span)) = handicap {
        game.field("HA", stones.to_string(), span.clone());
    }
    let date = field("GAMEDATE")
        .and_then(|d| iso_date(d.value).map(|iso| (iso, d)))
        .or_else(|| tag.and_then(|t| iso_date(tagged(t.value, 'C')?).map(|iso| (iso, t))));
    if let Some((iso, found)) = date {
        // `2017- 1- 6-12- 6-22`, `…日 下午 2:10`: a time after the date.
        let numbers = found
            .value
            .split(|c: char| !c.is_ascii_digit())
            .filter(|n| !n.is_empty());
        if numbers.count() > 3 {
            game.not_read("time of day", found.value_span.clone());
        }
        game.field("DT", iso, found.value_span.clone());
    }
    if let Some(place) = field("GAMEPLACE") {
        game.field("PC", place.value, place.value_span.clone());
    }
    if let Some(lecturer) = field("GAMELECNAME") {
        game.field("AN", lecturer.value, lecturer.value_span.clone());
    }
    let result = main
        .and_then(|m| {
            coded_result(coded(m.value, "GRLT")?, coded(m.value, "ZIPSU")).map(|r| (r, m))
        })
        .or_else(|| {
            tag.and_then(|t| {
                coded_result(tagged(t.value, 'W')?, tagged(t.value, 'Z')).map(|r| (r, t))
            })
        })
        .or_else(|| {
            let words = field("GAMERESULT")?;
            result_from_words(words.value).map(|r| (r, words))
        });
    match result {
        Some((result, found)) => game.field("RE", result.to_string(), found.value_span.clone()),
        None => {
            if let Some(words) = field("GAMERESULT").filter(|w| !w.value.trim().is_empty()) {
                game.report(
                    ArchiveIssue::BadField {
                        field: "GAMERESULT",
                        value: words.value.trim().to_string(),
                    },
                    words.value_span.clone(),
                );
            }
        }
    }
    if let Some(comment) = field("GAMECOMMENT") {
        game.field("GC", comment.value, comment.value_span.clone());
    }
    for found in fields {
        // A nick stands in for a missing name.
        let nick_used = match found.name {
            "GAMEBLACKNICK" => field("GAMEBLACKNAME").is_none(),
            "GAMEWHITENICK" => field("GAMEWHITENAME").is_none(),
            _ => false,
        };
        if !READ.contains(&found.name) && !nick_used && !found.value.trim().is_empty() {
            game.not_read(found.name, found.value_span.clone());
        }
        // The coded fields hold more than the reader takes: name what is left.
        let (codes, taken): (Vec<&str>, &[&str]) = match found.name {
            "GAMEINFOMAIN" => (
                found
                    .value
                    .split(',')
                    .filter_map(|c| Some(c.split_once(':')?.0))
                    .collect(),
                &["LINE", "GONGJE", "GRLT", "ZIPSU"],
            ),
            "GAMETAG" => (
                found
                    .value
                    .split(',')
                    .filter_map(|c| c.trim().get(..1))
                    .collect(),
                &["G", "W", "Z", "C"],
            ),
            _ => (Vec::new(), &[]),
        };
        let left: Vec<&str> = codes
            .into_iter()
            .map(str::trim)
            .filter(|c| !c.is_empty() && !taken.contains(c))
            .collect();
        if !left.is_empty() {
            let name = format!("{}'s {}", found.name, left.join(", "));
            game.not_read(name, found.value_span.clone());
        }
    }
}

/// Komi in points as SGF writes it: `6.5`, `0`, `-3.5`.
fn format_points(points: f64) -> String {
    format!("{points}")
}

/// The moves in the order written, each pass given the colour after the move before it,
/// and numbers out of sequence reported (Tygem numbers the `INI` line 1, the first move 2).
fn number_moves(game: &mut Imported, moves: Vec<(u32, ImportedMove)>) {
    let mut next_color = if game.setup.is_empty() {
        Color::Black
    } else {
        Color::White
    };
    let mut expected = moves.first().map_or(2, |(n, _)| *n);
    for (n, mut node) in moves {
        if n != expected {
            game.report(
                ArchiveIssue::MoveNumber { expected, found: n },
                node.span.clone(),
            );
        }
        expected = n + 1;
        if node.point.is_none() {
            node.color = next_color;
        }
        next_color = node.color.opponent();
        game.moves.push(node);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_rules() {
        assert_eq!(stone("STO 0 2 1 15 3").map(|r| r.1), Ok((2, 1, 15, 3)));
        assert!(stone("STO 0 2 1 15").is_err());
        assert_eq!(pass("SKI 0 7").map(|r| r.1), Ok(7));
        assert_eq!(initial("INI 0 1 3 &4").map(|r| r.1), Ok(3));
        assert_eq!(
            header_field("\\[GAMEBLACKNAME=柯洁 (9D)\\]"),
            Some(("GAMEBLACKNAME", "柯洁 (9D)"))
        );
        assert_eq!(player("柯洁 (9D)"), ("柯洁", Some("9D")));
        assert_eq!(player("DEEPZEN"), ("DEEPZEN", None));
        assert_eq!(
            iso_date("2017- 1- 6-12- 6-22").as_deref(),
            Some("2017-01-06")
        );
        assert_eq!(iso_date("2016:03:26:17:29").as_deref(), Some("2016-03-26"));
        assert_eq!(coded("GRLT:3,ZIPSU:0,GONGJE:65", "GONGJE"), Some("65"));
        assert_eq!(tagged("S1,R3,G65,W4,Z0,C2016:03:26", 'G'), Some("65"));
        assert_eq!(
            coded_result("0", Some("25"))
                .map(|r| r.to_string())
                .as_deref(),
            Some("B+2.5")
        );
        assert_eq!(
            coded_result("4", None).map(|r| r.to_string()).as_deref(),
            Some("W+R")
        );
    }
}
