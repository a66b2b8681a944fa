//! Pandanet's UGF and UGI formats (`grammars/ugf.ebnf`): sections opened by `[Name]`
//! lines — `[Header]` with `key=value` lines, `[Data]` with one line per stone, and in
//! reviews (UGI) `[Figure]` with comments, labels and side lines.
//!
//! The facts come from public converters (aeb's ugi2sgf, Sabaki's importer): a stone is
//! `QD,B1,5,12` — column and row letters from `A`, colour and player number, move number
//! (0 for stones placed before the game), seconds used — and a column `Y` or `Z` is a
//! pass. `CoordinateType=IGS` counts rows from the bottom, `JPN` from the top. In
//! `[Figure]`, `.Text,n` … `.EndText` comments move `n` (0 the whole game), `.#,x,y,label`
//! labels a point, and `.Fig,n,…` … `.EndFig` shows a side line: stones numbered 0 give
//! its position, the stones after them its moves.

use nom::bytes::complete::take;
use nom::character::complete::{char, one_of, u32 as number};
use nom::combinator::rest;
use nom::{IResult, Parser};

use super::archive::{
    lines, positions, span_in, ArchiveFormat, Imported, ImportedMove, Stone, Variation,
};
use super::archive_issue::ArchiveIssue;
use super::board::{Color, Point};
use super::scoring::{GameResult, WinBy};
use crate::record::append_comment;
use crate::text::Span;

/// A stone line: the two coordinate letters, the colour, the move number, the seconds.
type StoneLine<'t> = (&'t str, char, u32, u32);

/// `Stone = Letter, Letter, ",", ( "B" | "W" ), Digit, ",", Number, ",", Number, [ Rest ]`.
fn stone_line(line: &str) -> IResult<&str, StoneLine<'_>> {
    let (left, (letters, _, colour, _player, _, n, _, seconds, _)) = (
        take(2usize),
        char(','),
        one_of("BW"),
        one_of("0123456789"),
        char(','),
        number,
        char(','),
        number,
        rest,
    )
        .parse(line.trim())?;
    Ok((left, (letters, colour, n, seconds)))
}

/// How rows are counted.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Rows {
    /// From the bottom (`CoordinateType=IGS`).
    FromBottom,
    /// From the top (`JPN`).
    FromTop,
}

/// The point of two letters, `None` for a pass; `Err` off the board.
fn point(letters: &str, size: u8, rows: Rows) -> Result<Option<Point>, ()> {
    let [x, y] = letters.as_bytes() else {
        return Err(());
    };
    let (x, y) = (x.to_ascii_uppercase(), y.to_ascii_uppercase());
    if !x.is_ascii_uppercase() || !y.is_ascii_uppercase() {
        return Err(());
    }
    let (x, y) = (x - b'A', y - b'A');
    if x >= size && (x == 24 || x == 25) {
        return Ok(None);
    }
    if x >= size || y >= size {
        return Err(());
    }
    let y = match rows {
        Rows::FromBottom => size - 1 - y,
        Rows::FromTop => y,
    };
    Ok(Some(Point::new(x, y)))
}

/// A stone line as read, before the board size and the rows are known.
struct RawStone<'t> {
    /// Seconds the move took, which SGF has no place for.
    seconds: u32,
    letters: &'t str,
    color: Color,
    number: u32,
    span: Span,
}

/// A `.Fig` side line as read.
struct Figure<'t> {
    move_number: u32,
    stones: Vec<RawStone<'t>>,
    /// Comments after a stone: the index of the stone in `stones` and the text.
    comments: Vec<(usize, String)>,
    span: Span,
}

/// Everything the sections hold, before it becomes a game.
#[derive(Default)]
struct Sections<'t> {
    header: Vec<(&'t str, &'t str, Span)>,
    data: Vec<RawStone<'t>>,
    /// `.Text,n` comments: the move number, the text.
    texts: Vec<(u32, String, Span)>,
    /// `.#,x,y,label` labels: the move number, the column and row (from 1), the label.
    labels: Vec<(u32, u8, u8, String)>,
    figures: Vec<Figure<'t>>,
    /// `[ReviewNode]`: the review's tree of nodes, in the order written.
    review: Vec<ReviewLine>,
    /// `[ReviewComment]`: `.Comment,n` and its lines, on review node `n`.
    review_comments: Vec<(u32, String, Span)>,
    /// Sections the reader does not take, with the span of their opening line.
    other: Vec<(String, Span)>,
    bad: Vec<Span>,
}

/// A line of `[ReviewNode]`.
enum ReviewLine {
    /// `NODE,id,colour,x,y`: colour 1 Black, 2 White, 0 no move (the root, an empty node);
    /// `x`, `y` from 1 as the letters of `[Data]` count, beyond the board a pass.
    Node {
        id: u32,
        colour: u8,
        x: u8,
        y: u8,
        span: Span,
    },
    /// `VARIATION,`: the nodes up to its end branch off after the node before it.
    Open,
    /// `VARIATIONEND,`: the line goes on after the node before the variation.
    Close(Span),
}

/// `ReviewNode = "NODE", ",", Number, ",", Digit, ",", Number, ",", Number`.
fn review_node(line: &str) -> IResult<&str, (u32, u8, u8, u8)> {
    let (left, (_, id, _, colour, _, x, _, y)) = (
        nom::bytes::complete::tag("NODE,"),
        number,
        char(','),
        one_of("012"),
        char(','),
        number,
        char(','),
        number,
    )
        .parse(line)?;
    let small = |n: u32| u8::try_from(n).unwrap_or(u8::MAX);
    Ok((left, (id, colour as u8 - b'0', small(x), small(y))))
}

/// Reads a UGF or UGI text as one game.
pub(super) fn read(text: &str) -> Imported {
    let sections = sections(text);
    let header_end = sections.header.last().map_or(0, |(_, _, span)| span.end);
    let mut game = Imported::new(ArchiveFormat::Ugf, 0..header_end);
    for span in &sections.bad {
        game.report(bad_line(), span.clone());
    }
    let value = |key: &str| sections.header.iter().find(|(k, ..)| *k == key);
    if let Some((_, size, span)) = value("Size") {
        match size.trim().parse::<u8>() {
            Ok(size) if (2..=25).contains(&size) => game.size = size,
            _ => game.report(bad_field("Size", size), span.clone()),
        }
    }
    let rows = match value("CoordinateType").map(|(_, v, _)| v.trim()) {
        Some("JPN") => Rows::FromTop,
        Some("IGS") => Rows::FromBottom,
        _ => {
            game.report(ArchiveIssue::RowsAssumed, game.header.clone());
            Rows::FromBottom
        }
    };
    read_header(&mut game, &sections.header);
    if let Some(timed) = sections.data.iter().find(|s| s.seconds > 0) {
        game.not_read("seconds per move", timed.span.clone());
    }
    for stone in &sections.data {
        let point = match point(stone.letters, game.size, rows) {
            Ok(point) => point,
            Err(()) => {
                game.report(bad_line(), stone.span.clone());
                continue;
            }
        };
        match (stone.number, point) {
            (0, Some(point)) => game.setup.push(Stone {
                color: stone.color,
                point,
                span: stone.span.clone(),
            }),
            (0, None) => game.report(bad_line(), stone.span.clone()),
            (n, point) => {
                let expected = game.moves.len() as u32 + 1;
                if n != expected {
                    game.report(
                        ArchiveIssue::MoveNumber { expected, found: n },
                        stone.span.clone(),
                    );
                }
                game.moves
                    .push(ImportedMove::new(stone.color, point, stone.span.clone()));
            }
        }
    }
    for (n, comment, _) in &sections.texts {
        match (*n as usize).checked_sub(1) {
            None => append_comment(&mut game.comment, comment),
            Some(index) => {
                if let Some(node) = game.moves.get_mut(index) {
                    append_comment(&mut node.comment, comment);
                }
            }
        }
    }
    for (n, x, y, label) in &sections.labels {
        let Some(node) = (*n as usize)
            .checked_sub(1)
            .and_then(|i| game.moves.get_mut(i))
        else {
            continue;
        };
        let y = match rows {
            Rows::FromBottom => game.size.checked_sub(*y),
            Rows::FromTop => y.checked_sub(1),
        };
        if let (Some(x), Some(y)) = (x.checked_sub(1), y) {
            node.labels.push((Point::new(x, y), label.clone()));
        }
    }
    // The main line's positions, which every figure is looked for among.
    let main = positions(game.size, &game.setup, &game.moves);
    for figure in &sections.figures {
        add_figure(&mut game, figure, rows, &main);
    }
    add_review(&mut game, &sections, rows);
    for (name, span) in &sections.other {
        game.not_read(name.clone(), span.clone());
    }
    game
}

/// The sections the reader takes.
const SECTIONS: [&str; 6] = [
    "Header",
    "Data",
    "Figure",
    "ReviewNode",
    "ReviewComment",
    "End",
];

/// Reads the sections of `text`.
fn sections(text: &str) -> Sections<'_> {
    let mut found = Sections::default();
    let mut section = "";
    // Inside `.Text`: the move number (`None` in a figure), the lines so far.
    let mut comment: Option<(Option<u32>, Vec<&str>, Span)> = None;
    let mut figure: Option<Figure<'_>> = None;
    for (span, line) in lines(text) {
        let trimmed = line.trim();
        if let Some((number, texts, _)) = comment.as_mut() {
            if trimmed == ".EndText" {
                if let Some(ended) = comment.take() {
                    end_comment(ended, figure.as_mut(), &mut found);
                }
            } else if let Some(label) = trimmed.strip_prefix(".#,") {
                if let Some(n) = number {
                    let mut parts = label.splitn(3, ',');
                    let x = parts.next().and_then(|x| x.trim().parse().ok());
                    let y = parts.next().and_then(|y| y.trim().parse().ok());
                    if let (Some(x), Some(y), Some(text)) = (x, y, parts.next()) {
                        found.labels.push((*n, x, y, text.to_string()));
                    }
                }
            } else {
                texts.push(line);
            }
            continue;
        }
        let heading = trimmed.starts_with('[') && trimmed.ends_with(']') && !trimmed.contains(',');
        // A review comment's text may hold brackets: there only known sections open.
        let known = |name: &str| SECTIONS.contains(&name);
        if heading && (section != "ReviewComment" || known(&trimmed[1..trimmed.len() - 1])) {
            section = &trimmed[1..trimmed.len() - 1];
            if !known(section) {
                found.other.push((format!("[{section}] section"), span));
            }
            continue;
        }
        if section == "ReviewComment" {
            if let Some(n) = trimmed.strip_prefix(".Comment,") {
                let n = n.split(',').next().and_then(|n| n.trim().parse().ok());
                found
                    .review_comments
                    .push((n.unwrap_or(u32::MAX), String::new(), span));
            } else if let Some((_, text, _)) = found.review_comments.last_mut() {
                if !text.is_empty() || !trimmed.is_empty() {
                    text.push_str(trimmed);
                    text.push('\n');
                }
            } else if !trimmed.is_empty() {
                found.bad.push(span);
            }
            continue;
        }
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        match section {
            "Header" => match trimmed.split_once('=') {
                Some((key, value)) => {
                    found
                        .header
                        .push((key.trim(), value, span_in(span.start, line, value)));
                }
                None => found.bad.push(span),
            },
            "ReviewNode" => match trimmed.trim_end_matches(',') {
                "VARIATION" => found.review.push(ReviewLine::Open),
                "VARIATIONEND" => found.review.push(ReviewLine::Close(span)),
                node => match review_node(node) {
                    Ok((_, (id, colour, x, y))) => found.review.push(ReviewLine::Node {
                        id,
                        colour,
                        x,
                        y,
                        span,
                    }),
                    Err(_) => found.bad.push(span),
                },
            },
            "Data" => match stone_line(trimmed) {
                Ok((_, (letters, colour, number, seconds))) => found.data.push(RawStone {
                    seconds,
                    letters,
                    color: color(colour),
                    number,
                    span,
                }),
                Err(_) => found.bad.push(span),
            },
            "Figure" => {
                if let Some(n) = trimmed.strip_prefix(".Text,") {
                    let n = n.split(',').next().and_then(|n| n.trim().parse().ok());
                    comment = Some((Some(n.unwrap_or(u32::MAX)), Vec::new(), span));
                } else if trimmed == ".Text" {
                    comment = Some((None, Vec::new(), span));
                } else if let Some(n) = trimmed.strip_prefix(".Fig,") {
                    let move_number = n.split(',').next().and_then(|n| n.trim().parse().ok());
                    figure = Some(Figure {
                        move_number: move_number.unwrap_or(0),
                        stones: Vec::new(),
                        comments: Vec::new(),
                        span,
                    });
                } else if trimmed == ".EndFig" {
                    found.figures.extend(figure.take());
                } else if let Some(figure) = figure.as_mut() {
                    match stone_line(trimmed) {
                        Ok((_, (letters, colour, number, seconds))) => {
                            figure.stones.push(RawStone {
                                seconds,
                                letters,
                                color: color(colour),
                                number,
                                span,
                            })
                        }
                        Err(_) => found.bad.push(span),
                    }
                }
            }
            _ => {}
        }
    }
    for (_, text, _) in &mut found.review_comments {
        let kept = text.trim_end().len();
        text.truncate(kept);
    }
    // A comment or a figure the text ends inside of is kept as far as it goes.
    if let Some(ended) = comment.take() {
        end_comment(ended, figure.as_mut(), &mut found);
    }
    found.figures.extend(figure);
    found
}

/// A `.Text` comment ended: on move `n`, or, without a number, on the figure's last stone.
fn end_comment<'t>(
    (number, texts, start): (Option<u32>, Vec<&'t str>, Span),
    figure: Option<&mut Figure<'t>>,
    found: &mut Sections<'t>,
) {
    let joined = texts.join("\n").trim().to_string();
    if joined.is_empty() {
        return;
    }
    match (number, figure) {
        (None, Some(figure)) if !figure.stones.is_empty() => {
            figure.comments.push((figure.stones.len() - 1, joined));
        }
        (Some(n), _) => found.texts.push((n, joined, start)),
        // A figure's comment before its first stone is on the figure's position.
        (None, Some(figure)) => figure.comments.push((0, joined)),
        (None, None) => found.texts.push((0, joined, start)),
    }
}

fn color(letter: char) -> Color {
    if letter == 'B' {
        Color::Black
    } else {
        Color::White
    }
}

fn bad_line() -> ArchiveIssue {
    ArchiveIssue::BadLine {
        format: ArchiveFormat::Ugf,
        expected: "a stone (`QD,B1,5,12`) or a `key=value` header line",
        expected_zh: Some("棋子（`QD,B1,5,12`）或 `key=value` 文件头行"),
    }
}

fn bad_field(field: &'static str, value: &str) -> ArchiveIssue {
    ArchiveIssue::BadField {
        field,
        value: value.trim().to_string(),
    }
}

/// Header keys the reader takes.
const READ: [&str; 16] = [
    "Lang",
    "CoordinateType",
    "Size",
    "Title",
    "Place",
    "Date",
    "Rule",
    "Hdcp",
    "Winner",
    "PlayerB",
    "PlayerW",
    "Writer",
    "Commentator",
    "Copyright",
    "Comment",
    "Ptime",
];

/// The `[Header]` as SGF game info.
fn read_header(game: &mut Imported, header: &[(&str, &str, Span)]) {
    let value = |key: &str| header.iter().find(|(k, ..)| *k == key);
    if let Some((_, title, span)) = value("Title") {
        let parts: Vec<&str> = title
            .split(',')
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .collect();
        game.field("EV", parts.join(", "), span.clone());
    }
    for (key, player_ident, rank_ident) in [("PlayerB", "PB", "BR"), ("PlayerW", "PW", "WR")] {
        if let Some((_, player, span)) = value(key) {
            let mut parts = player.split(',');
            game.field(player_ident, parts.next().unwrap_or_default(), span.clone());
            if let Some(rank) = parts.next() {
                game.field(rank_ident, rank, span.clone());
            }
        }
    }
    if let Some((_, handicap, span)) = value("Hdcp") {
        let (stones, komi) = handicap.split_once(',').unwrap_or((handicap, ""));
        match stones.trim().parse::<u32>() {
            Ok(stones) if stones >= 2 => game.field("HA", stones.to_string(), span.clone()),
            Ok(_) => {}
            Err(_) => game.report(bad_field("Hdcp", handicap), span.clone()),
        }
        match komi.trim().replace(',', ".").parse::<f64>() {
            Ok(komi) => game.field("KM", format!("{komi}"), span.clone()),
            Err(_) if komi.trim().is_empty() => {}
            Err(_) => game.report(bad_field("Hdcp", handicap), span.clone()),
        }
    }
    if let Some((_, date, span)) = value("Date") {
        if date.contains(':') {
            game.not_read("time of day", span.clone());
        }
        match dates(date) {
            Some(iso) => game.field("DT", iso, span.clone()),
            None => game.report(bad_field("Date", date), span.clone()),
        }
    }
    if let Some((_, place, span)) = value("Place") {
        game.field("PC", *place, span.clone());
    }
    if let Some((_, rule, span)) = value("Rule") {
        let name = match rule.trim() {
            "JPN" => "Japanese",
            "CHN" | "CH" => "Chinese",
            "KOR" => "Korean",
            other => other,
        };
        game.field("RU", name, span.clone());
    }
    if let Some((_, winner, span)) = value("Winner") {
        match result(winner) {
            Some(result) => game.field("RE", result.to_string(), span.clone()),
            None => game.report(bad_field("Winner", winner), span.clone()),
        }
    }
    for (key, ident) in [
        ("Writer", "US"),
        ("Commentator", "AN"),
        ("Copyright", "CP"),
        ("Comment", "GC"),
    ] {
        if let Some((_, text, span)) = value(key) {
            game.field(ident, *text, span.clone());
        }
    }
    for (key, text, span) in header {
        if (!READ.contains(key) || *key == "Ptime") && !text.trim().is_empty() {
            game.not_read(*key, span.clone());
        }
    }
}

/// `Date=2023/05/10,10:00,2023/05/11,18:00`: the start date in ISO form, and the end
/// date after a comma when it differs.
fn dates(value: &str) -> Option<String> {
    let fields: Vec<&str> = value.split(',').map(str::trim).collect();
    let iso = |date: &str| -> Option<String> {
        let mut parts = date.split(['/', '-']);
        let year: u32 = parts.next()?.parse().ok()?;
        let month: u32 = parts.next()?.parse().ok()?;
        let day: u32 = parts.next()?.parse().ok()?;
        ((1000..=9999).contains(&year) && (1..=12).contains(&month) && (1..=31).contains(&day))
            .then(|| format!("{year:04}-{month:02}-{day:02}"))
    };
    let start = fields.first().and_then(|d| iso(d));
    let end = fields.get(2).and_then(|d| iso(d));
    match (start, end) {
        (Some(start), Some(end)) if end != start => Some(format!("{start},{end}")),
        (Some(date), _) | (None, Some(date)) => Some(date),
        (None, None) => None,
    }
}

/// `Winner=B,C` (by resignation), `W,2.5`, `B,F` (forfeit), `D` (draw), `N` (void): the
/// result.
fn result(value: &str) -> Option<GameResult> {
    let (who, how) = value.split_once(',').unwrap_or((value, ""));
    let winner = match who.trim() {
        "B" => Color::Black,
        "W" => Color::White,
        "D" => return Some(GameResult::Draw),
        "N" => return Some(GameResult::Void),
        "E" => return Some(GameResult::Unknown),
        _ => return None,
    };
    let how = how.trim();
    let by = match how {
        "C" | "c" => WinBy::Resignation,
        "T" => WinBy::Time,
        "" => WinBy::Unspecified,
        _ if how.starts_with('F') => WinBy::Forfeit,
        _ => WinBy::Points(how.replace(',', ".").parse::<f64>().ok()?),
    };
    Some(GameResult::Win { winner, by })
}

/// Turns `figure` into a variation of the game: it starts where the main line reaches
/// its position (at its move number or before), and moves it shares with the main line
/// are not repeated.
fn add_figure(game: &mut Imported, figure: &Figure<'_>, rows: Rows, main: &[u64]) {
    let size = game.size;
    let mut setup = Vec::new();
    let mut moves: Vec<ImportedMove> = Vec::new();
    // Comments on the figure's position go to its first move.
    let mut before: Option<String> = None;
    for (index, stone) in figure.stones.iter().enumerate() {
        let Ok(point) = point(stone.letters, size, rows) else {
            game.report(bad_line(), stone.span.clone());
            return;
        };
        let comments = figure.comments.iter().filter(|(i, _)| *i == index);
        match (stone.number, point) {
            (0, point) => {
                comments.for_each(|(_, comment)| append_comment(&mut before, comment));
                if let Some(point) = point {
                    setup.push(Stone {
                        color: stone.color,
                        point,
                        span: stone.span.clone(),
                    });
                }
            }
            (_, point) => {
                let mut node = ImportedMove::new(stone.color, point, stone.span.clone());
                node.comment = before.take();
                comments.for_each(|(_, comment)| append_comment(&mut node.comment, comment));
                moves.push(node);
            }
        }
    }
    let shown = positions(size, &setup, &[]).pop().unwrap_or_default();
    let named = (figure.move_number as usize).min(main.len().saturating_sub(1));
    let start = (0..=named)
        .rev()
        .chain(named + 1..main.len())
        .find(|&ply| main[ply] == shown);
    let Some(start) = start else {
        game.report(
            ArchiveIssue::FigureOutsideGame {
                move_number: figure.move_number,
            },
            figure.span.clone(),
        );
        return;
    };
    let same = |a: &ImportedMove, b: &ImportedMove| a.color == b.color && a.point == b.point;
    let shared = moves
        .iter()
        .zip(&game.moves[start..])
        .take_while(|(a, b)| same(a, b))
        .count();
    for (offset, node) in moves.iter().take(shared).enumerate() {
        if let Some(comment) = &node.comment {
            append_comment(&mut game.moves[start + offset].comment, comment);
        }
    }
    if shared < moves.len() {
        game.variations.push(Variation {
            of: None,
            after: start + shared,
            moves: moves.split_off(shared),
        });
    }
}

/// Where a review node stands in the game: before the first move, or at a move of a
/// line (`None` the main line, else the variation of that index).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Place {
    Start,
    At(Option<usize>, usize),
}

/// A node of `[ReviewNode]`'s tree.
struct ReviewNode {
    id: u32,
    /// `None` for a node without a move (the root, an empty node).
    mv: Option<(Color, Option<Point>)>,
    span: Span,
    /// The node that goes on with its line, written next after it.
    next: Option<usize>,
    /// The first nodes of the `VARIATION,` blocks after it, alternatives to `next`.
    alternatives: Vec<usize>,
}

/// A review's tree (`[ReviewNode]`) as variations of the game, and its comments
/// (`[ReviewComment]`) on the moves they name. Without a tree, node `n` is the game's
/// move `n - 1`, node 1 the game itself, as in the tree, whose main line is the game's.
fn add_review(game: &mut Imported, sections: &Sections<'_>, rows: Rows) {
    let places = review_tree(game, &sections.review, rows);
    for (n, text, span) in &sections.review_comments {
        if text.is_empty() {
            continue;
        }
        let place = if sections.review.is_empty() {
            match (*n as usize).checked_sub(2) {
                None => Some(Place::Start),
                Some(i) => (i < game.moves.len()).then_some(Place::At(None, i)),
            }
        } else {
            places.get(n).copied()
        };
        match place {
            Some(place) => append_comment(comment_at(game, place), text),
            None => {
                game.report(
                    ArchiveIssue::CommentOutsideReview { node: *n },
                    span.clone(),
                );
                append_comment(&mut game.comment, text);
            }
        }
    }
}

fn comment_at(game: &mut Imported, place: Place) -> &mut Option<String> {
    match place {
        Place::Start => &mut game.comment,
        Place::At(None, i) => &mut game.moves[i].comment,
        Place::At(Some(v), i) => &mut game.variations[v].moves[i].comment,
    }
}

/// Reads the review's tree and places every node with a move in the game: a node that
/// the line it follows already has there is that move, one after a variation's last
/// move goes on with it, any other opens a variation. The node written after a
/// `VARIATION,` block goes on with the line; the block is an alternative to it. Gives
/// where each node stands.
fn review_tree(
    game: &mut Imported,
    lines: &[ReviewLine],
    rows: Rows,
) -> std::collections::HashMap<u32, Place> {
    let mut nodes: Vec<ReviewNode> = Vec::new();
    let mut roots = Vec::new();
    // The node the next one follows, and those a variation's end goes back to.
    let mut current: Option<usize> = None;
    let mut open: Vec<Option<usize>> = Vec::new();
    // The next node opens a `VARIATION,` block.
    let mut opens_variation = false;
    for line in lines {
        match line {
            ReviewLine::Node {
                id,
                colour,
                x,
                y,
                span,
            } => {
                let color = match colour {
                    1 => Some(Color::Black),
                    2 => Some(Color::White),
                    _ => None,
                };
                let mv = color.and_then(|color| match review_point(*x, *y, game.size, rows) {
                    Ok(point) => Some((color, point)),
                    Err(()) => {
                        game.report(bad_review_line(), span.clone());
                        None
                    }
                });
                let index = nodes.len();
                nodes.push(ReviewNode {
                    id: *id,
                    mv,
                    span: span.clone(),
                    next: None,
                    alternatives: Vec::new(),
                });
                match current.map(|parent| &mut nodes[parent]) {
                    Some(parent) if opens_variation => parent.alternatives.push(index),
                    Some(parent) if parent.next.is_none() => parent.next = Some(index),
                    Some(parent) => parent.alternatives.push(index),
                    None => roots.push(index),
                }
                opens_variation = false;
                current = Some(index);
            }
            ReviewLine::Open => {
                open.push(current);
                opens_variation = true;
            }
            ReviewLine::Close(span) => match open.pop() {
                Some(before) => current = before,
                None => game.report(bad_review_line(), span.clone()),
            },
        }
    }
    let mut places = std::collections::HashMap::new();
    let mut pending: Vec<(usize, Place)> = roots.iter().rev().map(|&r| (r, Place::Start)).collect();
    while let Some((index, parent)) = pending.pop() {
        let node = &nodes[index];
        let place = match node.mv {
            None => parent,
            Some((color, point)) => place_move(
                game,
                parent,
                ImportedMove::new(color, point, node.span.clone()),
            ),
        };
        places.entry(node.id).or_insert(place);
        let children = node.next.iter().chain(&node.alternatives);
        let children: Vec<usize> = children.copied().collect();
        pending.extend(children.into_iter().rev().map(|child| (child, place)));
    }
    places
}

/// Where `mv`, played after `parent`, stands in the game (see [`review_tree`]).
fn place_move(game: &mut Imported, parent: Place, mv: ImportedMove) -> Place {
    let (line, next) = match parent {
        Place::Start => (None, 0),
        Place::At(line, i) => (line, i + 1),
    };
    let (color, point) = (mv.color, mv.point);
    let same = |m: &ImportedMove| m.color == color && m.point == point;
    let moves = match line {
        None => &mut game.moves,
        Some(v) => &mut game.variations[v].moves,
    };
    if moves.get(next).is_some_and(same) {
        return Place::At(line, next);
    }
    if line.is_some() && next == moves.len() {
        moves.push(mv);
        return Place::At(line, next);
    }
    let made = game
        .variations
        .iter()
        .position(|v| v.of == line && v.after == next && v.moves.first().is_some_and(same));
    if let Some(v) = made {
        return Place::At(Some(v), 0);
    }
    game.variations.push(Variation {
        of: line,
        after: next,
        moves: vec![mv],
    });
    Place::At(Some(game.variations.len() - 1), 0)
}

/// The point of a review node's `x`, `y` (from 1, rows as `CoordinateType` counts them),
/// `None` for a pass (both beyond the board); `Err` for anything else.
fn review_point(x: u8, y: u8, size: u8, rows: Rows) -> Result<Option<Point>, ()> {
    if x > size && y > size {
        return Ok(None);
    }
    if !(1..=size).contains(&x) || !(1..=size).contains(&y) {
        return Err(());
    }
    let (x, y) = (x - 1, y - 1);
    let y = match rows {
        Rows::FromBottom => size - 1 - y,
        Rows::FromTop => y,
    };
    Ok(Some(Point::new(x, y)))
}

fn bad_review_line() -> ArchiveIssue {
    ArchiveIssue::BadLine {
        format: ArchiveFormat::Ugf,
        expected: "a review node (`NODE,2,1,17,16`)",
        expected_zh: Some("复盘节点（`NODE,2,1,17,16`）"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_rules() {
        assert_eq!(
            stone_line("QD,B1,5,12").map(|r| r.1),
            Ok(("QD", 'B', 5, 12))
        );
        assert_eq!(
            stone_line("ZZ,W1,283,0 '00:15:00").map(|r| r.1),
            Ok(("ZZ", 'W', 283, 0))
        );
        assert!(stone_line("QD,X1,5,12").is_err());
        assert_eq!(
            point("QD", 19, Rows::FromBottom),
            Ok(Some(Point::new(16, 15)))
        );
        assert_eq!(point("QD", 19, Rows::FromTop), Ok(Some(Point::new(16, 3))));
        assert_eq!(point("YA", 19, Rows::FromBottom), Ok(None));
        assert_eq!(
            dates("2023/05/10,10:00,2023/05/11,18:00").as_deref(),
            Some("2023-05-10,2023-05-11")
        );
        assert_eq!(result("W,C").map(|r| r.to_string()).as_deref(), Some("W+R"));
        assert_eq!(
            result("B,2.50").map(|r| r.to_string()).as_deref(),
            Some("B+2.5")
        );
    }
}
