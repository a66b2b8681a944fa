//! WBaduk's and Cyberoro's NGF format (`grammars/ngf.ebnf`): twelve header lines —
//! title, board size, White and Black (each `name rank`), site, handicap, a number always
//! 0, komi in whole points, date (`20110812 [09:31]`), time in minutes, result in words,
//! number of moves — then one `PM` line per move.
//!
//! A dialect (in a Chinese file Sabaki keeps among its tests) prefixes every header line
//! with `GI`: eleven of them — title, two players, site, a blank field, date
//! (`2006-9-5`), board size, handicap, a number 0, komi, number of moves — then the `PM`
//! lines, then `GI` lines and the result in words as `IDB[n] 黑中盘胜(remark)[EndTxt]`.
//! Its header does not say who has Black; the players are taken in the twelve-line
//! header's order, White first, and a note says so.
//!
//! The facts come from public converters (aeb's ngf2sgf, Sabaki's and rooklift's
//! importers): a move line is `PM`, the move number in two letters (`AB` is 1), `B` or
//! `W`, then column, row, row, column as letters with `B` for the first line and `A`
//! (`AAAA`) for a pass; komi gets its half point in even games.

use nom::bytes::complete::{tag, take};
use nom::character::complete::one_of;
use nom::combinator::all_consuming;
use nom::{IResult, Parser};

use super::archive::{lines, result_from_words, span_in, ArchiveFormat, Imported, ImportedMove};
use super::archive_issue::ArchiveIssue;
use super::board::{Color, Point};
use crate::text::Span;

/// The header's lines before the moves.
const HEADER_LINES: usize = 12;

/// The header's lines in the dialect of `GI` lines.
const GI_HEADER_LINES: usize = 11;

/// Where each field stands among the header's lines.
struct Layout {
    lines: usize,
    title: usize,
    size: usize,
    white: usize,
    black: usize,
    site: usize,
    handicap: usize,
    /// A number always 0 in known files.
    unknown: usize,
    komi: usize,
    date: usize,
    minutes: Option<usize>,
    result: Option<usize>,
    count: usize,
}

/// The twelve-line header.
const CLASSIC: Layout = Layout {
    lines: HEADER_LINES,
    title: 0,
    size: 1,
    white: 2,
    black: 3,
    site: 4,
    handicap: 5,
    unknown: 6,
    komi: 7,
    date: 8,
    minutes: Some(9),
    result: Some(10),
    count: 11,
};

/// The header of `GI` lines; its line 5 is blank in known files, and the result follows
/// the moves.
const GI: Layout = Layout {
    lines: GI_HEADER_LINES,
    title: 0,
    white: 1,
    black: 2,
    site: 3,
    date: 5,
    size: 6,
    handicap: 7,
    unknown: 8,
    komi: 9,
    minutes: None,
    result: None,
    count: 10,
};

/// Whether `text` opens with the header of `GI` lines: eleven of them, then a move or
/// another `GI` line.
fn is_gi(text: &str) -> bool {
    let head: Vec<&str> = text
        .lines()
        .take(GI_HEADER_LINES + 1)
        .map(str::trim)
        .collect();
    head.len() > GI_HEADER_LINES
        && head[..GI_HEADER_LINES].iter().all(|l| l.starts_with("GI"))
        && (move_line(head[GI_HEADER_LINES]).is_ok() || head[GI_HEADER_LINES].starts_with("GI"))
}

/// Whether `text` reads as an NGF header: a board size on the second line, numbers for
/// handicap, the unknown field and komi, and a date or a move line after them; or the
/// header of `GI` lines.
pub(super) fn looks_like(text: &str) -> bool {
    if is_gi(text) {
        return true;
    }
    let head: Vec<&str> = text.lines().take(HEADER_LINES + 1).map(str::trim).collect();
    let Some(&[_, size, _, _, _, handicap, unknown, komi, date, ..]) = head.get(..HEADER_LINES - 3)
    else {
        return false;
    };
    let number = |s: &str| s.parse::<u32>().is_ok();
    size.parse::<u8>().is_ok_and(|s| (2..=52).contains(&s))
        && number(handicap)
        && number(unknown)
        && komi.parse::<f64>().is_ok()
        && (date.len() >= 8 && date.as_bytes()[..8].iter().all(u8::is_ascii_digit)
            || head.iter().any(|line| move_line(line).is_ok()))
}

/// `Move = "PM", Letter, Letter, ( "B" | "W" ), Letter, Letter, Letter, Letter`: the move
/// number's letters, the colour, and the four coordinate letters.
fn move_line(line: &str) -> IResult<&str, (&str, char, &str)> {
    let (rest, (_, number, colour, coordinates)) =
        all_consuming((tag("PM"), take(2usize), one_of("BW"), take(4usize))).parse(line.trim())?;
    Ok((rest, (number, colour, coordinates)))
}

/// A two-letter move number (`AB` = 1, `BA` = 26).
fn letters_number(letters: &str) -> Option<u32> {
    let [high, low] = letters.as_bytes() else {
        return None;
    };
    let digit = |b: u8| b.is_ascii_uppercase().then(|| u32::from(b - b'A'));
    Some(digit(*high)? * 26 + digit(*low)?)
}

/// The point of `x y y x` letters (`B` the first line), `None` for the pass `AAAA`;
/// `Err` when the letters do not mirror or leave the board.
fn point(letters: &str, size: u8) -> Result<Option<Point>, ()> {
    let [x, y, y2, x2] = letters.as_bytes() else {
        return Err(());
    };
    if x != x2 || y != y2 || !x.is_ascii_uppercase() || !y.is_ascii_uppercase() {
        return Err(());
    }
    match (x - b'A', y - b'A') {
        (0, 0) => Ok(None),
        (x, y) if (1..=size).contains(&x) && (1..=size).contains(&y) => {
            Ok(Some(Point::new(x - 1, y - 1)))
        }
        _ => Err(()),
    }
}

/// `name rank` as NGF writes players: the last word is the rank when it holds a digit
/// (`7段*`, `5D`, `3K`) or is a rank in words (`五段`, `初段`, `3급`).
fn player(line: &str) -> (&str, Option<&str>) {
    let line = line.trim();
    let is_rank = |word: &str| {
        word.chars().any(|c| c.is_ascii_digit())
            || (word.chars().count() <= 4
                && word
                    .trim_end_matches('*')
                    .ends_with(['段', '级', '級', '단', '급']))
    };
    match line.rsplit_once(char::is_whitespace) {
        Some((name, rank)) if is_rank(rank) && !name.trim().is_empty() => (name.trim(), Some(rank)),
        _ => (line, None),
    }
}

/// Reads an NGF text as one game.
pub(super) fn read(text: &str) -> Imported {
    let gi = is_gi(text);
    let layout = if gi { &GI } else { &CLASSIC };
    let all: Vec<(Span, &str)> = lines(text).collect();
    let header_end = all
        .get(..layout.lines.min(all.len()))
        .and_then(|h| h.last())
        .map_or(0, |(span, _)| span.end);
    let mut game = Imported::new(ArchiveFormat::Ngf, 0..header_end);
    // A header line's field: the line, after `GI` in that dialect.
    let line = |n: usize| {
        let (span, body) = all.get(n).filter(|_| n < layout.lines)?;
        if !gi {
            return Some((span.clone(), body.trim()));
        }
        let field = body.get(2..).unwrap_or_default().trim();
        Some((span_in(span.start, body, field), field))
    };
    let handicap = read_header(&mut game, layout, &line);
    if gi {
        game.report(ArchiveIssue::ColoursAssumed, game.header.clone());
    }
    let mut expected = 1;
    let mut passes = 0;
    for (span, body) in all.iter().skip(layout.lines) {
        if body.trim().is_empty() {
            continue;
        }
        if gi && read_gi_trailer(&mut game, span, body) {
            continue;
        }
        let Ok((_, (number, colour, letters))) = move_line(body) else {
            game.report(bad_line(), span.clone());
            continue;
        };
        let Ok(point) = point(letters, game.size) else {
            game.report(bad_line(), span.clone());
            continue;
        };
        let found = letters_number(number).unwrap_or(0);
        if found != expected {
            game.report(ArchiveIssue::MoveNumber { expected, found }, span.clone());
        }
        expected = found + 1;
        passes += u32::from(point.is_none());
        let color = if colour == 'B' {
            Color::Black
        } else {
            Color::White
        };
        game.moves
            .push(ImportedMove::new(color, point, span.clone()));
    }
    if let Some((span, stones)) = handicap {
        game.place_handicap(stones, span);
    }
    let announced = line(layout.count).and_then(|(s, l)| Some((s, l.parse::<u32>().ok()?)));
    if let Some((span, announced)) = announced {
        let found = game.moves.len() as u32;
        // Some files count the passes, some do not.
        if announced != found && announced + passes != found {
            game.report(ArchiveIssue::MoveCount { announced, found }, span);
        }
    }
    game
}

/// A line after the moves of the `GI` dialect: `IDB[n] result(remark)[EndTxt]` gives the
/// result in words (and the remark as the game's comment), another `GI` line is a field
/// no SGF property holds. Whether the line was one of them.
fn read_gi_trailer(game: &mut Imported, span: &Span, body: &str) -> bool {
    let trimmed = body.trim();
    if trimmed.starts_with("GI") {
        game.not_read("GI lines after the moves", span.clone());
        return true;
    }
    let Some(rest) = trimmed.strip_prefix("IDB") else {
        return false;
    };
    // `[211]`: the number of moves again.
    let rest = match rest.strip_prefix('[').and_then(|r| r.split_once(']')) {
        Some((digits, after)) if digits.bytes().all(|b| b.is_ascii_digit()) => after,
        _ => rest,
    };
    let text = rest.split("[EndTxt]").next().unwrap_or_default().trim();
    let (words, remark) = match text.find(['(', '（']) {
        Some(at) => {
            let remark = text[at..]
                .trim_start_matches(['(', '（'])
                .trim_end_matches([')', '）']);
            (&text[..at], Some(remark))
        }
        None => (text, None),
    };
    let at = span_in(span.start, body, text);
    match result_from_words(words) {
        Some(result) => game.field("RE", result.to_string(), at.clone()),
        None if words.trim().is_empty() => {}
        None => game.report(bad_field("result", words.trim()), at.clone()),
    }
    if let Some(remark) = remark {
        game.field("GC", remark, at);
    }
    true
}

fn bad_line() -> ArchiveIssue {
    ArchiveIssue::BadLine {
        format: ArchiveFormat::Ngf,
        expected: "a move (PM, number, colour, four letters)",
        expected_zh: Some("着法（PM、编号、颜色、四个字母）"),
    }
}

/// The header lines as SGF game info, each field where `layout` says; gives the
/// handicap, whose stones are placed once the board size is known.
fn read_header<'t>(
    game: &mut Imported,
    layout: &Layout,
    line: &dyn Fn(usize) -> Option<(Span, &'t str)>,
) -> Option<(Span, u32)> {
    if let Some((span, size)) = line(layout.size) {
        match size.parse::<u8>() {
            Ok(size) if (2..=52).contains(&size) => game.size = size,
            _ => game.report(bad_field("board size", size), span),
        }
    }
    if let Some((span, title)) = line(layout.title) {
        game.field("GN", title, span);
    }
    for (n, player_ident, rank_ident) in [(layout.black, "PB", "BR"), (layout.white, "PW", "WR")] {
        if let Some((span, text)) = line(n) {
            let (name, rank) = player(text);
            game.field(player_ident, name, span.clone());
            if let Some(rank) = rank {
                game.field(rank_ident, rank, span);
            }
        }
    }
    let handicap = line(layout.handicap).and_then(|(span, text)| match text.parse::<u32>() {
        Ok(stones) => Some((span, stones)),
        Err(_) => {
            game.report(bad_field("handicap", text), span);
            None
        }
    });
    if let Some((span, stones)) = handicap.as_ref().filter(|(_, n)| *n >= 2) {
        game.field("HA", stones.to_string(), span.clone());
    }
    let even = handicap.as_ref().is_none_or(|(_, n)| *n == 0);
    if let Some((span, komi)) = line(layout.komi) {
        match komi.parse::<f64>() {
            Ok(_) if even && komi.parse::<i32>().is_ok() => {
                game.report(
                    ArchiveIssue::HalfPointAdded {
                        written: komi.to_string(),
                    },
                    span.clone(),
                );
                game.field("KM", format!("{komi}.5"), span);
            }
            Ok(_) => game.field("KM", komi, span),
            Err(_) => game.report(bad_field("komi", komi), span),
        }
    }
    if let Some((span, date)) = line(layout.date) {
        match iso_date(date) {
            Some((iso, rest)) => {
                if !rest.trim().is_empty() {
                    game.not_read("time of day", span.clone());
                }
                game.field("DT", iso, span);
            }
            None if date.is_empty() => {}
            None => game.report(bad_field("date", date), span),
        }
    }
    if let Some((span, site)) = line(layout.site) {
        game.field("PC", site, span);
    }
    let result = layout.result.and_then(line);
    if let Some((span, words)) = result.filter(|(_, w)| !w.is_empty()) {
        match result_from_words(words) {
            Some(result) => game.field("RE", result.to_string(), span),
            None => game.report(bad_field("result", words), span),
        }
    }
    if let Some((span, _)) = line(layout.unknown).filter(|(_, n)| *n != "0") {
        game.not_read(format!("line {}", layout.unknown + 1), span);
    }
    if let Some((span, _)) = layout.minutes.and_then(line).filter(|(_, n)| *n != "0") {
        game.not_read("time in minutes", span);
    }
    if layout.lines == GI_HEADER_LINES {
        if let Some((span, _)) = line(4).filter(|(_, n)| !n.is_empty()) {
            game.not_read("line 5", span);
        }
    }
    handicap
}

/// A date as NGF writes it, `20110812 [09:31]` or `2006-9-5`: its ISO form, and what
/// follows it.
fn iso_date(date: &str) -> Option<(String, &str)> {
    if let Some(d) = date
        .get(..8)
        .filter(|d| d.bytes().all(|b| b.is_ascii_digit()))
    {
        return (d != "00000000")
            .then(|| (format!("{}-{}-{}", &d[..4], &d[4..6], &d[6..]), &date[8..]));
    }
    let end = date.find(char::is_whitespace).unwrap_or(date.len());
    let mut parts = date[..end].split(['-', '/', '.']);
    let year: u32 = parts.next()?.parse().ok()?;
    let month: u32 = parts.next()?.parse().ok()?;
    let day: u32 = parts.next()?.parse().ok()?;
    let valid =
        (1000..=9999).contains(&year) && (1..=12).contains(&month) && (1..=31).contains(&day);
    (valid && parts.next().is_none())
        .then(|| (format!("{year:04}-{month:02}-{day:02}"), &date[end..]))
}

fn bad_field(field: &'static str, value: &str) -> ArchiveIssue {
    ArchiveIssue::BadField {
        field,
        value: value.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_rules() {
        assert_eq!(move_line("PMABBQEEQ").map(|r| r.1), Ok(("AB", 'B', "QEEQ")));
        assert!(move_line("PMABXQEEQ").is_err());
        assert_eq!(letters_number("AB"), Some(1));
        assert_eq!(letters_number("BA"), Some(26));
        assert_eq!(point("QEEQ", 19), Ok(Some(Point::new(15, 3))));
        assert_eq!(point("AAAA", 19), Ok(None));
        assert!(point("QEEP", 19).is_err());
        assert_eq!(player("아기라  7段*"), ("아기라", Some("7段*")));
        assert_eq!(player("Lee Sedol"), ("Lee Sedol", None));
        assert_eq!(player("朴承华 初段"), ("朴承华", Some("初段")));
        assert_eq!(
            iso_date("2006-9-5").map(|d| d.0).as_deref(),
            Some("2006-09-05")
        );
        assert_eq!(iso_date("20190312 [20:15]").map(|d| d.1), Some(" [20:15]"));
    }
}
