//! Writing replayed draughts records: normalised PDN and JSON.
//!
//! PDN output states its conventions in `[GameType "25,W,8,8,N0,0"]` (or `26,…`): `N0`
//! is numeric squares counted from White's lower left, the rulebook numbering 1 = a1;
//! algebraic output says `A0`. Squares in the FEN follow the same choice.

use serde::ser::SerializeMap;

use super::notation::SquareStyle;
use super::pdn_writer::{self, WriteGame, WriteMove};
use super::square::{Numbering, Square};
use super::DraughtsMove;
use crate::record::{Line, MoveFields, Node, Record, SourcedRecord};
use crate::write::{Squares, WriteOptions};

/// The square style of the written text.
fn style(options: &WriteOptions) -> SquareStyle {
    match options.squares {
        Squares::Numeric => SquareStyle::Numeric(Numbering::Rulebook),
        Squares::Algebraic => SquareStyle::Algebraic,
    }
}

/// Normalised PDN of a replayed record, ending with a line break.
pub fn write_pdn(record: &Record<DraughtsMove>, options: &WriteOptions) -> String {
    let style = style(options);
    let type_number = if record.variant == Some("brazilian") {
        26
    } else {
        25
    };
    let notation = match style {
        SquareStyle::Numeric(_) => "N0",
        SquareStyle::Algebraic => "A0",
    };
    let result = record.result.clone().unwrap_or_else(|| "*".to_string());
    let mut tags: Vec<(String, String)> = record
        .tags
        .0
        .iter()
        .filter(|(name, _)| !matches!(name.as_str(), "GameType" | "FEN" | "Result"))
        .cloned()
        .collect();
    tags.push(("Result".to_string(), result.clone()));
    tags.push((
        "GameType".to_string(),
        format!("{type_number},W,8,8,{notation},0"),
    ));
    if let Some(fen) = &record.start {
        tags.push(("FEN".to_string(), restyle_fen(fen, style)));
    }
    let mut moves = write_line(&record.moves, style);
    let mut comments = Vec::new();
    if let Some(comment) = &record.comment {
        match moves.first_mut() {
            Some(first) => first.comments_before.push(comment.clone()),
            None => comments.push(comment.clone()),
        }
    }
    pdn_writer::write_pdn(&WriteGame {
        tags,
        first_move_number: 1,
        black_first: record.start.as_deref().is_some_and(|f| f.starts_with('B')),
        moves,
        comments,
        result: Some(result),
    })
}

/// The moves of a line for the PDN writer. Variations nest no deeper than the reader
/// keeps ([`super::pdn::MAX_VARIATION_DEPTH`]), so the recursion is bounded.
fn write_line(line: &Line<DraughtsMove>, style: SquareStyle) -> Vec<WriteMove> {
    line.iter()
        .map(|node| WriteMove {
            text: node.mv.notation(style),
            nags: node.nags.clone(),
            comments_before: Vec::new(),
            comments_after: node.comment.iter().cloned().collect(),
            variations: node
                .variations
                .iter()
                .map(|v| write_line(v, style))
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
            let entries: Vec<String> = list
                .split(',')
                .filter(|e| !e.is_empty())
                .map(restyle_entry)
                .collect();
            format!("{colour}{}", entries.join(","))
        })
        .collect::<Vec<_>>()
        .join(":")
}

/// A move whose `notation` is written in a chosen square style.
struct Styled {
    mv: DraughtsMove,
    style: SquareStyle,
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
        map.serialize_entry("notation", &self.mv.notation(self.style))
    }
}

fn styled_line(line: &Line<DraughtsMove>, style: SquareStyle) -> Line<Styled> {
    line.iter()
        .map(|node| Node {
            mv: Styled { mv: node.mv, style },
            ply: node.ply,
            text: node.text.clone(),
            span: node.span.clone(),
            comment: node.comment.clone(),
            nags: node.nags.clone(),
            variations: node
                .variations
                .iter()
                .map(|v| styled_line(v, style))
                .collect(),
        })
        .collect()
}

/// One JSON line for `convert --to json`: `path` and `captured` in rulebook numbers,
/// `notation` and the start FEN in the chosen squares.
pub fn write_json(
    record: &Record<DraughtsMove>,
    source: &str,
    index: usize,
    options: &WriteOptions,
) -> String {
    let style = style(options);
    let styled = Record {
        game: record.game,
        variant: record.variant,
        tags: record.tags.clone(),
        start: record.start.as_deref().map(|f| restyle_fen(f, style)),
        comment: record.comment.clone(),
        moves: styled_line(&record.moves, style),
        unreplayed: record.unreplayed.clone(),
        result: record.result.clone(),
    };
    let mut line = serde_json::to_string(&SourcedRecord {
        source,
        index,
        record: &styled,
    })
    // Serialising our own in-memory model cannot fail: every map key is a string.
    .unwrap_or_default();
    line.push('\n');
    line
}
