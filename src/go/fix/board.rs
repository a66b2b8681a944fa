//! The board along the path to each node, for setup that changes nothing (SGFC W39): a
//! black stone added where one stands, a point emptied that is empty, a point set up
//! twice in one node. Moves are played as SGFC plays them (a stone on an occupied point
//! replaces it, captures and suicide remove stones); every change is logged so that the
//! walk goes back to a branch point by undoing, not by copying boards.

use std::collections::HashSet;

use super::node::keep_points;
use super::{Fixer, Prop, SETUP};
use crate::go::board::{Board, Color};
use crate::go::sgf::{BoardSize, Point, Value};

pub(super) struct Replay {
    board: Board,
    size: BoardSize,
    /// Every point changed, with what stood on it before.
    log: Vec<(Point, Option<Color>)>,
}

impl Replay {
    /// An empty board of `size`, `None` when no board has it.
    pub(super) fn new(size: BoardSize) -> Option<Replay> {
        let board = Board::new(u32::from(size.width), u32::from(size.height)).ok()?;
        Some(Replay {
            board,
            size,
            log: Vec::new(),
        })
    }

    /// Where the log stands: [`Replay::undo_to`] comes back to this position.
    pub(super) fn mark(&self) -> usize {
        self.log.len()
    }

    pub(super) fn undo_to(&mut self, mark: usize) {
        while self.log.len() > mark {
            let Some((point, stone)) = self.log.pop() else {
                break;
            };
            // The point was on the board when it was logged.
            let _ = self.board.set(point, stone);
        }
    }

    fn set(&mut self, point: Point, stone: Option<Color>) {
        let before = self.board.get(point);
        if before != stone && self.board.set(point, stone).is_ok() {
            self.log.push((point, before));
        }
    }

    /// Drops the setup of `props` that changes nothing, then sets up the rest.
    pub(super) fn setup(&mut self, fixer: &mut Fixer, props: &mut Vec<Prop>) {
        let mut seen: HashSet<Point> = HashSet::new();
        let size = self.size;
        props.retain_mut(|prop| {
            let stone = match prop.ident.as_str() {
                "AB" => Some(Color::Black),
                "AW" => Some(Color::White),
                "AE" => None,
                _ => return true,
            };
            let from = prop.written();
            let board = &self.board;
            let changed = keep_points(prop, size, |p| seen.insert(p) && board.get(p) != stone);
            if changed {
                let to = if prop.values.is_empty() {
                    "left out".to_string()
                } else {
                    prop.written()
                };
                fixer.note(SETUP, from, to);
            }
            !prop.values.is_empty()
        });
        for prop in props.iter() {
            let stone = match prop.ident.as_str() {
                "AB" => Some(Color::Black),
                "AW" => Some(Color::White),
                "AE" => None,
                _ => continue,
            };
            for raw in &prop.values {
                let value = Value { raw, span: 0..0 };
                for point in value.points(size).unwrap_or_default() {
                    self.set(point, stone);
                }
            }
        }
    }

    /// Plays the moves of `props`, as SGFC does.
    pub(super) fn play(&mut self, props: &[Prop]) {
        for prop in props {
            let color = match prop.ident.as_str() {
                "B" => Color::Black,
                "W" => Color::White,
                _ => continue,
            };
            let Some(raw) = prop.values.first() else {
                continue;
            };
            let value = Value { raw, span: 0..0 };
            let Ok(point) = value.point(self.size) else {
                continue;
            };
            let before = self.board.get(point);
            let Ok(outcome) = self.board.place(color, point) else {
                continue;
            };
            self.log.push((point, before));
            // A capture takes the other colour's stones, a suicide the mover's own.
            let removed = if outcome.suicide > 0 {
                Some(color)
            } else {
                Some(color.opponent())
            };
            let captured: Vec<Point> = self.board.last_captures().to_vec();
            for p in captured.into_iter().filter(|&p| p != point) {
                self.log.push((p, removed));
            }
        }
    }
}
