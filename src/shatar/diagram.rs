//! Shatar boards: the position after a ply of a kept record, replayed from its moves,
//! as a [`Diagram`] (pieces as discs with their Latin or Chinese names, White's white
//! and Blue's blue), and the FEN after each move for `convert --to json --positions`.

use super::fen::write_fen;
use super::grammar::parse_move;
use super::notation::Target;
use super::position::Position;
use super::types::{Color, Square};
use super::validate::side;
use super::write::{piece_name, position_listing};
use super::{start_position, ShatarIssue, ShatarMove};
use crate::diagram::Pieces;
use crate::diagram::{
    caption, covered, BoardKind, Diagram, ErrorAt, Ground, NoBoard, Piece, Shape, View,
};
use crate::json::{record_line_with_positions, Replayer};
use crate::record::Record;

/// The board of `record` that `view` asks for.
pub(super) fn diagram(record: &Record<ShatarMove>, view: &View<'_>) -> Result<Diagram, NoBoard> {
    let count = covered(&record.moves, view)?;
    let mut position = start_position(record);
    for node in &record.moves[..count] {
        position.play(node.mv.mv);
    }
    let last = count.checked_sub(1).map(|i| &record.moves[i]);
    // White at the bottom: row 0 is the eighth rank.
    let mut diagram = Diagram::new(BoardKind::Squares, 8, 8, |column, row| {
        if (column + row) % 2 == 1 {
            Ground::Dark
        } else {
            Ground::Light
        }
    });
    diagram.columns = ('a'..='h').map(String::from).collect();
    diagram.rows = ('1'..='8').rev().map(String::from).collect();
    for index in 0..64 {
        let square = Square(index);
        let Some((color, role)) = position.piece_at(square) else {
            continue;
        };
        let name = piece_name(role, color, view.pieces);
        let glyph = match (view.pieces, color) {
            (Pieces::Latin, Color::White) => name.to_string(),
            (Pieces::Latin, Color::Blue) => name.to_ascii_lowercase(),
            (Pieces::Zh, _) => name.to_string(),
        };
        cell(&mut diagram, square).piece = Some(Piece {
            side: side(color),
            shape: Shape::Named,
            name: Some(name.to_string()),
            glyph,
        });
    }
    if let Some(node) = last {
        cell(&mut diagram, node.mv.mv.from).last_move = true;
        cell(&mut diagram, node.mv.mv.to).last_move = true;
    }
    if let Some(error) = &view.error {
        for square in error_squares(error) {
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
    diagram.notes = match view.pieces {
        // Chinese names do not show the side; the rulebook's own listing does.
        Pieces::Zh => position_listing(&position, Pieces::Zh)
            .lines()
            .map(String::from)
            .collect(),
        Pieces::Latin => vec![view.lang.say(
            || "White in capitals, Blue in small letters".to_string(),
            || crate::lang::Zh::own("大写字母为白方，小写字母为蓝方"),
        )],
    };
    Ok(diagram)
}

fn cell(diagram: &mut Diagram, square: Square) -> &mut crate::diagram::Cell {
    diagram.cell_mut(usize::from(square.file()), usize::from(7 - square.rank()))
}

/// The squares the error names: those its issue holds, and those of the move as
/// written (its origin when written whole, its destination).
fn error_squares(error: &ErrorAt<'_>) -> Vec<Square> {
    let mut squares = match error.diagnostic.kind.game_issue::<ShatarIssue>() {
        Some(ShatarIssue::IllegalMove { from, to, .. }) => vec![*from, *to],
        Some(ShatarIssue::NoSuchPiece {
            from: Some(from), ..
        }) => vec![*from],
        _ => Vec::new(),
    };
    if let Some(Ok(written)) = error.written.map(|text| parse_move(text.trim())) {
        if let (Some(file), Some(rank)) = (written.from_file, written.from_rank) {
            squares.push(Square::new(file, rank));
        }
        if let Target::Square(to) = written.to {
            squares.push(to);
        }
    }
    squares
}

/// `convert --to json --positions`: each move with the FEN after it.
pub(super) fn json_positions(record: &Record<ShatarMove>, source: &str, index: usize) -> String {
    let replayer = Replayer {
        start: start_position(record),
        play: |position: &mut Position, mv: &ShatarMove| position.play(mv.mv),
        write: write_fen,
    };
    record_line_with_positions(source, index, record, &replayer)
}
