//! Draughts boards: the position after a ply of a kept record, replayed from its moves,
//! as a [`Diagram`] (men and crowned kings, the dark squares numbered in the numbering
//! the record was written in).

use super::notation::SquareStyle;
use super::pdn_move::pdn_move;
use super::position::{Color, Piece as Kind, Position};
use super::square::Square;
use super::syntax::SquareKind;
use super::{DraughtsIssue, DraughtsRecord};
use crate::diag::Side;
use crate::diagram::{
    caption, covered, BoardKind, Cell, Diagram, ErrorAt, Ground, NoBoard, Piece, Shape, View,
};

fn side(color: Color) -> Side {
    match color {
        Color::White => Side::White,
        Color::Black => Side::Black,
    }
}

/// The position the record starts from.
pub(super) fn start(record: &DraughtsRecord) -> Result<Position, NoBoard> {
    if record.extra.unread_fen {
        return Err(NoBoard::NoStart);
    }
    Ok(record.start.map_or_else(Position::initial, |start| start.0))
}

/// The board of `record` that `view` asks for.
pub(super) fn diagram(record: &DraughtsRecord, view: &View<'_>) -> Result<Diagram, NoBoard> {
    let count = covered(&record.moves, view)?;
    let mut position = start(record)?;
    for node in &record.moves[..count] {
        position.play(&node.mv.mv);
    }
    let last = count.checked_sub(1).map(|i| &record.moves[i]);
    // White at the bottom: row 0 is the eighth rank; a1 is dark.
    let mut diagram = Diagram::new(
        BoardKind::Squares,
        8,
        8,
        |column, row| match Square::from_coords(column as u8, 7 - row as u8) {
            Some(_) => Ground::Dark,
            None => Ground::Unplayed,
        },
    );
    diagram.columns = ('a'..='h').map(String::from).collect();
    diagram.rows = ('1'..='8').rev().map(String::from).collect();
    let numbering = match record.extra.squares {
        SquareStyle::Numeric(numbering) => Some(numbering),
        SquareStyle::Algebraic => None,
    };
    for square in Square::all() {
        let cell = cell(&mut diagram, square);
        cell.number = numbering.map(|numbering| u16::from(square.number(numbering)));
        let Some((color, kind)) = position.piece_at(square) else {
            continue;
        };
        let (shape, glyph) = match (color, kind) {
            (Color::White, Kind::Man) => (Shape::Man, "w"),
            (Color::White, Kind::King) => (Shape::King, "W"),
            (Color::Black, Kind::Man) => (Shape::Man, "b"),
            (Color::Black, Kind::King) => (Shape::King, "B"),
        };
        cell.piece = Some(Piece {
            side: side(color),
            shape,
            name: None,
            glyph: glyph.to_string(),
        });
    }
    if let Some(node) = last {
        for &square in node.mv.mv.path() {
            cell(&mut diagram, square).last_move = true;
        }
    }
    if let Some(error) = &view.error {
        for square in error_squares(error, record.extra.squares) {
            cell(&mut diagram, square).error = true;
        }
    }
    let to_move = Some(side(position.turn()));
    diagram.to_move = to_move;
    diagram.caption = caption(
        last.map(|node| (node.ply, node.text.as_str())),
        to_move,
        view.error.as_ref(),
        view.lang,
        "着",
    );
    diagram.notes = vec![view.lang.say(
        || "men w and b, kings W and B".to_string(),
        || crate::lang::Zh::own("普通棋子为 w 和 b，王棋为 W 和 B"),
    )];
    Ok(diagram)
}

fn cell(diagram: &mut Diagram, square: Square) -> &mut Cell {
    diagram.cell_mut(usize::from(square.file()), usize::from(7 - square.rank()))
}

/// The squares the error names: the start square of a move from an empty square, else
/// the squares of the move as written, read in the record's square style.
fn error_squares(error: &ErrorAt<'_>, style: SquareStyle) -> Vec<Square> {
    if let Some(DraughtsIssue::NoSuchPiece { square, .. }) =
        error.diagnostic.kind.game_issue::<DraughtsIssue>()
    {
        return vec![*square];
    }
    let Some(Ok((_, written))) = error.written.map(|text| pdn_move(text.trim())) else {
        return Vec::new();
    };
    written
        .squares
        .iter()
        .filter_map(|token| match (token.kind, style) {
            (SquareKind::Numeric(number), SquareStyle::Numeric(numbering)) => {
                Square::from_number(number, numbering)
            }
            (SquareKind::Algebraic { file, rank }, _) => {
                Square::from_coords(file, rank.checked_sub(1)?)
            }
            (SquareKind::Numeric(_), SquareStyle::Algebraic) => None,
        })
        .collect()
}
