//! WBaduk's and Cyberoro's NGF format (`grammars/ngf.ebnf`): twelve header lines —
//! title, board size, White and Black (each `name rank`), site, handicap, a number always
//! 0, komi in whole points, date (`20110812 [09:31]`), time in minutes, result in words,
//! number of moves — then one `PM` line per move.
//!
//! The facts come from public converters (aeb's ngf2sgf, Sabaki's and rooklift's
//! importers): a move line is `PM`, the move number in two letters (`AB` is 1), `B` or
//! `W`, then column, row, row, column as letters with `B` for the first line and `A`
//! (`AAAA`) for a pass; komi gets its half point in even games.

use nom::bytes::complete::{tag, take};
use nom::character::complete::one_of;
use nom::combinator::all_consuming;
use nom::{IResult, Parser};

use super::archive::{lines, result_from_words, ArchiveFormat, Imported, ImportedMove};
use super::archive_issue::ArchiveIssue;
use super::board::{Color, Point};
use crate::text::Span;

/// The header's lines before the moves.
const HEADER_LINES: usize = 12;

/// Whether `text` reads as an NGF header: a board size on the second line, numbers for
/// handicap, the unknown field and komi, and a date or a move line after them.
pub(super) fn looks_like(text: &str) -> bool {
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
/// (`7段*`, `5D`, `3K`).
fn player(line: &str) -> (&str, Option<&str>) {
    let line = line.trim();
    match line.rsplit_once(char::is_whitespace) {
        Some((name, rank))
            if rank.chars().any(|c| c.is_ascii_digit()) && !name.trim().is_empty() =>
        {
            (name.trim(), Some(rank))
        }
        _ => (line, None),
    }
}

/// Reads an NGF text as one game.
pub(super) fn read(text: &str) -> Imported {
    let all: Vec<(Span, &str)> = lines(text).collect();
    let header_end = all
        .get(..HEADER_LINES.min(all.len()))
        .and_then(|h| h.last())
        .map_or(0, |(span, _)| span.end);
    let mut game = Imported::new(ArchiveFormat::Ngf, 0..header_end);
    let line = |n: usize| all.get(n).map(|(span, l)| (span.clone(), l.trim()));
    let handicap = read_header(&mut game, &line);
    let mut expected = 1;
    let mut passes = 0;
    for (span, body) in all.iter().skip(HEADER_LINES) {
        if body.trim().is_empty() {
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
    if let Some((span, announced)) = line(11).and_then(|(s, l)| Some((s, l.parse::<u32>().ok()?))) {
        let found = game.moves.len() as u32;
        // Some files count the passes, some do not.
        if announced != found && announced + passes != found {
            game.report(ArchiveIssue::MoveCount { announced, found }, span);
        }
    }
    game
}

fn bad_line() -> ArchiveIssue {
    ArchiveIssue::BadLine {
        format: ArchiveFormat::Ngf,
        expected: "a move (PM, number, colour, four letters)",
    }
}

/// The twelve header lines as SGF game info; gives the handicap, whose stones are placed
/// once the board size is known.
fn read_header<'t>(
    game: &mut Imported,
    line: &dyn Fn(usize) -> Option<(Span, &'t str)>,
) -> Option<(Span, u32)> {
    if let Some((span, size)) = line(1) {
        match size.parse::<u8>() {
            Ok(size) if (2..=52).contains(&size) => game.size = size,
            _ => game.report(bad_field("board size", size), span),
        }
    }
    if let Some((span, title)) = line(0) {
        game.field("GN", title, span);
    }
    for (n, player_ident, rank_ident) in [(3, "PB", "BR"), (2, "PW", "WR")] {
        if let Some((span, text)) = line(n) {
            let (name, rank) = player(text);
            game.field(player_ident, name, span.clone());
            if let Some(rank) = rank {
                game.field(rank_ident, rank, span);
            }
        }
    }
    let handicap = line(5).and_then(|(span, text)| match text.parse::<u32>() {
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
    if let Some((span, komi)) = line(7) {
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
    if let Some((span, date)) = line(8) {
        let digits = date
            .get(..8)
            .filter(|d| d.bytes().all(|b| b.is_ascii_digit()));
        match digits {
            Some(d) if d != "00000000" => {
                if date.len() > 8 {
                    game.not_read("time of day", span.clone());
                }
                game.field("DT", format!("{}-{}-{}", &d[..4], &d[4..6], &d[6..]), span);
            }
            _ if date.is_empty() => {}
            _ => game.report(bad_field("date", date), span),
        }
    }
    if let Some((span, site)) = line(4) {
        game.field("PC", site, span);
    }
    if let Some((span, words)) = line(10).filter(|(_, w)| !w.is_empty()) {
        match result_from_words(words) {
            Some(result) => game.field("RE", result.to_string(), span),
            None => game.report(bad_field("result", words), span),
        }
    }
    if let Some((span, _)) = line(6).filter(|(_, n)| *n != "0") {
        game.not_read("line 7", span);
    }
    if let Some((span, _)) = line(9).filter(|(_, n)| *n != "0") {
        game.not_read("time in minutes", span);
    }
    handicap
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
    }
}
