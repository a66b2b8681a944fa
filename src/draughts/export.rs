//! Writing replayed draughts records: normalised PDN and JSON.
//!
//! A record whose game type is stated (a `GameType` tag or `--variant`) is written as PDN
//! 3.0's GameType table gives Russian and Brazilian draughts: `[GameType "25,W,8,8,A0,0"]`
//! (or `26,…`), algebraic squares, `:` between the squares of a Russian capture and `x` of a
//! Brazilian one; `--squares numeric` writes the rulebook numbering 1 = a1 (`N0`) with `x`.
//! Results keep the form they were read in (`1-0` or `2-0`); the rulebook's `+` and `=`
//! become PDN's default type; `--results` chooses one form for all.
//!
//! A record whose game type was assumed gets no `GameType`: its squares keep the
//! numbering, its captures the separator and its result the token it was read with, since
//! another game's record (English checkers) can look the same.
//!
//! Moves that could not be replayed follow the last replayed one as written, in a comment
//! that starts with [`UNREPLAYED`]; the reader takes such a comment back.

use serde::ser::SerializeMap;

use super::notation::{SquareStyle, StartPosition};
use super::pdn_writer::{self, WriteGame, WriteMove};
use super::position::{Color, Position, Variant};
use super::square::{Numbering, Square};
use super::syntax::{GameResult, MoveSeparator};
use super::{DraughtsMove, DraughtsRecord};
use crate::json::{record_line, record_line_with_positions, MoveFields, Replayer};
use crate::record::Format;
use crate::record::{FamilyTypes, Line, Node, Record, UNREPLAYED};
use crate::write::LeftOut;

/// Squares: algebraic (`c3`, PDN's choice for Russian and Brazilian) or rulebook
/// numbers (1 = a1). Records whose game type was assumed keep their squares as read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Squares {
    /// Numbers 1–32 as in the rulebook.
    Numeric,
    /// Algebraic squares such as `c3`.
    #[default]
    Algebraic,
}

/// Results: PDN's default type (`1-0`, `0-1`, `1/2-1/2`) or the rulebook's points
/// (`2-0`, `0-2`, `1-1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Results {
    /// PDN's default: `1-0`, `0-1`, `1/2-1/2`.
    Standard,
    /// The rulebook's points: `2-0`, `0-2`, `1-1`.
    Points,
}

/// How draughts records are written as PDN and JSON ([`crate::WriteOptions::with`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PdnOptions {
    /// Algebraic or numeric squares (PDN and JSON).
    pub squares: Squares,
    /// The form of results in PDN; `None`: each record's results in the form it was read
    /// in.
    pub results: Option<Results>,
}

/// The square style and capture separator of the written moves.
fn style(record: &DraughtsRecord, options: &PdnOptions) -> (SquareStyle, char) {
    // A FEN kept as written keeps the numbering it is written in.
    if !record.extra.game_type_stated || record.extra.unread_fen {
        let capture = match record.extra.capture {
            Some(MoveSeparator::Colon) => ':',
            _ => 'x',
        };
        return (record.extra.squares, capture);
    }
    match options.squares {
        Squares::Numeric => (SquareStyle::Numeric(Numbering::Rulebook), 'x'),
        Squares::Algebraic if record.variant == Some(Variant::Brazilian) => {
            (SquareStyle::Algebraic, 'x')
        }
        Squares::Algebraic => (SquareStyle::Algebraic, ':'),
    }
}

/// The result token to write: as read for a record whose game type was assumed (`*` when
/// none was written), else the record's result in the form asked for or read.
fn result_token(record: &DraughtsRecord, options: &PdnOptions) -> String {
    let read = record.extra.result;
    if !record.extra.game_type_stated {
        return read.map_or("*", GameResult::as_str).to_string();
    }
    let points = matches!(
        read,
        Some(GameResult::TwoZero | GameResult::OneOne | GameResult::ZeroTwo)
    );
    let form = options.results.unwrap_or(if points {
        Results::Points
    } else {
        Results::Standard
    });
    let result = record.result.map_or("*", GameResult::as_str);
    match (form, result) {
        (Results::Standard, "2-0") => "1-0",
        (Results::Standard, "0-2") => "0-1",
        (Results::Standard, "1-1") => "1/2-1/2",
        (_, other) => other,
    }
    .to_string()
}

/// Normalised PDN of a replayed record, ending with a line break: the record's `%` escape
/// lines before and after it, as read; the movetext in lines of at most `line_width`
/// characters where they can break.
pub fn write_pdn(record: &DraughtsRecord, options: &PdnOptions, line_width: usize) -> String {
    let (style, capture) = style(record, options);
    let stated = record.extra.game_type_stated;
    let result = result_token(record, options);
    let mut tags: Vec<(String, String)> = record
        .tags
        .0
        .iter()
        .filter(|(name, _)| match name.as_str() {
            "Result" => false,
            "GameType" => !stated,
            "FEN" => record.extra.unread_fen,
            _ => true,
        })
        .cloned()
        .collect();
    tags.push(("Result".to_string(), result.clone()));
    if stated {
        let type_number = if record.variant == Some(Variant::Brazilian) {
            26
        } else {
            25
        };
        let notation = match style {
            SquareStyle::Numeric(Numbering::Rulebook) => "N0",
            SquareStyle::Numeric(Numbering::Top) => "N2",
            SquareStyle::Algebraic => "A0",
        };
        tags.push((
            "GameType".to_string(),
            format!("{type_number},W,8,8,{notation},0"),
        ));
    }
    if let Some(fen) = &record.start {
        let mut fen = restyle_fen(&fen.to_string(), style);
        for field in &record.extra.fen_fields {
            fen.push(':');
            fen.push_str(field);
        }
        tags.push(("FEN".to_string(), fen));
    }
    let mut moves = write_line(&record.moves, style, capture);
    let mut comments = Vec::new();
    if let Some(comment) = &record.comment {
        match moves.first_mut() {
            Some(first) => first.comments_before.push(comment.clone()),
            None => comments.push(comment.clone()),
        }
    }
    if let Some(rest) = &record.unreplayed {
        let comment = format!("{UNREPLAYED} {rest}");
        match moves.last_mut() {
            Some(last) => last.comments_after.push(comment),
            None => comments.push(comment),
        }
    }
    let game = pdn_writer::write_pdn_game(&WriteGame {
        tags,
        first_move_number: record.extra.first_move_number,
        black_first: record.start.is_some_and(|fen| fen.0.turn() == Color::Black),
        moves,
        comments,
        result: Some(result),
        line_width,
    });
    let mut out = String::with_capacity(game.len());
    for line in &record.extra.escapes_before {
        out.push_str(line);
        out.push('\n');
    }
    out.push_str(&game);
    for line in &record.extra.escapes_after {
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// What of `record` a conversion to `format` cannot carry: `%` escape lines that stood
/// inside the record (PDN keeps those before and after it), every escape line in JSON,
/// and the results that end variations.
pub fn left_out(record: &DraughtsRecord, format: Format) -> Vec<LeftOut> {
    let read = &record.extra;
    let escapes_lost = match format {
        super::PDN => !read.escapes_inside.is_empty(),
        _ => {
            !(read.escapes_before.is_empty()
                && read.escapes_inside.is_empty()
                && read.escapes_after.is_empty())
        }
    };
    let mut left_out = Vec::new();
    if escapes_lost {
        left_out.push(LeftOut::EscapeLines);
    }
    if read.variation_results {
        left_out.push(LeftOut::VariationResults);
    }
    left_out
}

/// The moves of a line for the PDN writer. Variations nest no deeper than the reader
/// keeps ([`super::pdn::MAX_VARIATION_DEPTH`]), so the recursion is bounded.
fn write_line(line: &Line<DraughtsMove>, style: SquareStyle, capture: char) -> Vec<WriteMove> {
    line.iter()
        .map(|node| WriteMove {
            text: node.mv.notation_with(style, capture),
            nags: node.nags.clone(),
            comments_before: Vec::new(),
            comments_after: node.comment.iter().cloned().collect(),
            variations: node
                .variations
                .iter()
                .map(|v| write_line(v, style, capture))
                .collect(),
        })
        .collect()
}

/// A FEN in rulebook numbers (as records keep it) with its squares in `style`.
fn restyle_fen(fen: &str, style: SquareStyle) -> String {
    let restyle_entry = |entry: &str| {
        let (king, number) = match entry.strip_prefix('K') {
            Some(number) => ("K", number),
            None => ("", entry),
        };
        number
            .parse::<u8>()
            .ok()
            .and_then(|n| Square::from_number(n, Numbering::Rulebook))
            .map_or_else(
                || entry.to_string(),
                |sq| format!("{king}{}", style.square(sq)),
            )
    };
    fen.split(':')
        .enumerate()
        .map(|(i, field)| {
            if i == 0 || field.is_empty() {
                return field.to_string();
            }
            let (colour, list) = field.split_at(1);
            let mut entries: Vec<(Option<u8>, String)> = list
                .split(',')
                .filter(|e| !e.is_empty())
                .map(|entry| {
                    let written = restyle_entry(entry);
                    (written.trim_start_matches('K').parse().ok(), written)
                })
                .collect();
            // Numbers in ascending order whatever the numbering, as PDN lists them.
            if let SquareStyle::Numeric(_) = style {
                entries.sort_by_key(|(number, _)| *number);
            }
            let entries: Vec<String> = entries.into_iter().map(|(_, e)| e).collect();
            format!("{colour}{}", entries.join(","))
        })
        .collect::<Vec<_>>()
        .join(":")
}

/// A move whose `notation` is written in a chosen square style.
struct Styled {
    mv: DraughtsMove,
    style: SquareStyle,
    capture: char,
}

impl FamilyTypes for Styled {
    type Variant = Variant;
    /// The start FEN in the squares of the output.
    type Start = String;
    type Outcome = GameResult;
}

impl MoveFields for Styled {
    fn write_fields<S: SerializeMap>(&self, map: &mut S) -> Result<(), S::Error> {
        map.serialize_entry(
            "path",
            &super::rulebook_numbers(self.mv.mv.path().iter().copied()),
        )?;
        map.serialize_entry(
            "captured",
            &super::rulebook_numbers(self.mv.mv.captured_squares()),
        )?;
        map.serialize_entry("notation", &self.mv.notation_with(self.style, self.capture))
    }
}

fn styled_line(line: &Line<DraughtsMove>, style: SquareStyle, capture: char) -> Line<Styled> {
    line.iter()
        .map(|node| Node {
            mv: Styled {
                mv: node.mv,
                style,
                capture,
            },
            ply: node.ply,
            text: node.text.clone(),
            span: node.span.clone(),
            comment: node.comment.clone(),
            nags: node.nags.clone(),
            variations: node
                .variations
                .iter()
                .map(|v| styled_line(v, style, capture))
                .collect(),
        })
        .collect()
}

/// One JSON line for `convert --to json`: `path` and `captured` in rulebook numbers,
/// `notation` and the start FEN in the squares PDN output would use, `result` in the
/// rulebook's points.
pub fn write_json(
    record: &DraughtsRecord,
    source: &str,
    index: usize,
    options: &PdnOptions,
) -> String {
    record_line(source, index, &styled(record, options))
}

/// [`write_json`] with the FEN after each move (`convert --to json --positions`), its
/// squares in the style of the record's `start`.
pub fn write_json_positions(
    record: &DraughtsRecord,
    source: &str,
    index: usize,
    options: &PdnOptions,
) -> String {
    let (style, _) = style(record, options);
    let replayer = Replayer {
        start: record.start.map_or_else(Position::initial, |start| start.0),
        play: |position: &mut Position, mv: &Styled| position.play(&mv.mv.mv),
        write: |position: &Position| restyle_fen(&StartPosition(*position).to_string(), style),
    };
    record_line_with_positions(source, index, &styled(record, options), &replayer)
}

/// The record as JSON gives it: moves and start in the squares PDN output would use.
fn styled(record: &DraughtsRecord, options: &PdnOptions) -> Record<Styled> {
    let (style, capture) = style(record, options);
    Record {
        game: record.game,
        variant: record.variant,
        tags: record.tags.clone(),
        start: record.start.map(|fen| restyle_fen(&fen.to_string(), style)),
        comment: record.comment.clone(),
        moves: styled_line(&record.moves, style, capture),
        unreplayed: record.unreplayed.clone(),
        escape_lines: record.escape_lines.clone(),
        result: record.result,
        extra: (),
    }
}
