//! A Go record's fingerprint for `--dedup`, alike under the symmetries of the board as
//! Kombilo compares games: the record is fingerprinted as seen through each of them (8
//! on a square board, 4 on another) and the least of these stands for it, so a game and
//! its rotated or reflected copy give the same. Colours count as written.
//!
//! The game is the board size and the main line node by node: its setup (`AB`, `AW`,
//! `AE`, in any order within a node) and its moves, those that could not be replayed
//! as written; or, for [`Likeness::Final`], the stones on the board after the replayed
//! moves and who played last, with the rest of the main line as written.

use std::hash::{Hash, Hasher};

use super::board::{Color, Point};
use super::diagram::{board_size, replay_main_line};
use super::replay::setup_points;
use super::sgf::{BoardSize, Move};
use super::GoRecord;
use crate::dedup::{Fingerprint, Likeness};

/// A symmetry of a `width` × `height` board: the point a point goes to.
#[derive(Clone, Copy)]
struct Symmetry {
    /// Rows and columns exchanged (a square board only), before the flips.
    transpose: bool,
    flip_x: bool,
    flip_y: bool,
}

impl Symmetry {
    /// The symmetries of a board of `size`: all 8 of a square, else the 4 that keep
    /// its shape.
    fn of(size: BoardSize) -> Vec<Symmetry> {
        let transposes: &[bool] = if size.width == size.height {
            &[false, true]
        } else {
            &[false]
        };
        let mut all = Vec::with_capacity(8);
        for &transpose in transposes {
            for (flip_x, flip_y) in [(false, false), (true, false), (false, true), (true, true)] {
                all.push(Symmetry {
                    transpose,
                    flip_x,
                    flip_y,
                });
            }
        }
        all
    }

    fn apply(self, point: Point, size: BoardSize) -> Point {
        let (mut x, mut y) = if self.transpose {
            (point.y, point.x)
        } else {
            (point.x, point.y)
        };
        if self.flip_x {
            x = size.width - 1 - x;
        }
        if self.flip_y {
            y = size.height - 1 - y;
        }
        Point::new(x, y)
    }
}

pub(super) fn fingerprint(record: &GoRecord, likeness: Likeness) -> u128 {
    let size = board_size(record);
    let symmetries = Symmetry::of(size);
    let mut prints: Vec<Fingerprint> = symmetries.iter().map(|_| Fingerprint::new()).collect();
    for print in &mut prints {
        print.write_u8(size.width);
        print.write_u8(size.height);
    }
    match likeness {
        Likeness::Moves => main_line(record, size, &symmetries, &mut prints),
        Likeness::Final => final_board(record, size, &symmetries, &mut prints),
    }
    prints
        .iter()
        .map(Fingerprint::finish)
        .min()
        .unwrap_or_default()
}

/// Feeds each fingerprint with the main line as its symmetry shows it.
fn main_line(
    record: &GoRecord,
    size: BoardSize,
    symmetries: &[Symmetry],
    prints: &mut [Fingerprint],
) {
    let mut setup: Vec<(Point, Option<Color>)> = Vec::new();
    for node in record.extra.tree.main_line() {
        let points = setup_points(node, size);
        if !points.is_empty() {
            for (symmetry, print) in symmetries.iter().zip(prints.iter_mut()) {
                setup.clear();
                setup.extend(
                    points
                        .iter()
                        .map(|&(p, stone)| (symmetry.apply(p, size), stone)),
                );
                setup.sort_unstable_by_key(|&(p, stone)| (p, stone.map(Color::letter)));
                print.write_u8(b';');
                setup.hash(print);
            }
        }
        for prop in node.properties() {
            let color = match prop.ident() {
                "B" => Color::Black,
                "W" => Color::White,
                _ => continue,
            };
            let value = prop.value();
            let mv = value.as_ref().map(|v| v.go_move(size));
            for (symmetry, print) in symmetries.iter().zip(prints.iter_mut()) {
                color.hash(print);
                match &mv {
                    Some(Ok(Move::Play(point))) => symmetry.apply(*point, size).hash(print),
                    Some(Ok(Move::Pass)) => print.write_u8(b'-'),
                    Some(Err(_)) => {
                        print.text(&value.as_ref().map(|v| v.text()).unwrap_or_default())
                    }
                    None => print.write_u8(b'?'),
                }
            }
        }
    }
}

/// Feeds each fingerprint with the board after the replayed moves, as its symmetry
/// shows it, who played last, and the rest of the main line as written.
fn final_board(
    record: &GoRecord,
    size: BoardSize,
    symmetries: &[Symmetry],
    prints: &mut [Fingerprint],
) {
    let board = replay_main_line(record, record.moves.len(), |_, _| {});
    let (width, height) = (usize::from(size.width), usize::from(size.height));
    let mut cells = vec![0u8; width * height];
    for (symmetry, print) in symmetries.iter().zip(prints.iter_mut()) {
        for y in 0..size.height {
            for x in 0..size.width {
                let point = Point::new(x, y);
                let to = symmetry.apply(point, size);
                cells[usize::from(to.y) * width + usize::from(to.x)] = match board.get(point) {
                    Some(color) => color.letter() as u8,
                    None => b'.',
                };
            }
        }
        print.write(&cells);
        record.moves.last().map(|node| node.mv.color).hash(print);
        print.text(record.unreplayed.as_deref().unwrap_or_default());
    }
}
