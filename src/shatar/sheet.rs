//! A Shatar line as the search for the writer's intent reads it ([`crate::intent`]):
//! each written move resolved against the legal moves, its signs weighed, and the moves
//! a slip of the pen may have turned into it.

use super::position::{Move, MoveList, Position};
use super::replay::{CheckMark, MoveQuery};
use super::syntax::ParsedMove;
use super::types::{Role, Square};
use super::validate::query;
use crate::diagram::Pieces;
use crate::intent::{Sheet, Slip};

/// The written moves of one line (the main line or a variation).
pub(super) struct WrittenLine<'a> {
    pub source: &'a str,
    pub moves: &'a [ParsedMove],
    pub pieces: Pieces,
}

impl WrittenLine<'_> {
    /// What resolution needs from written move `index`; `None` for a token that is not
    /// a move.
    fn query(&self, index: usize) -> Option<MoveQuery> {
        let text = self.moves.get(index)?.parsed.as_ref().ok()?;
        Some(query(text, self.pieces))
    }

    fn token(&self, index: usize) -> &str {
        self.source
            .get(self.moves[index].span.clone())
            .unwrap_or_default()
    }
}

/// The legal moves `query` may name: those to its square, or all.
fn moves_for(position: &Position, query: &MoveQuery) -> MoveList {
    match query.to_square {
        Some(to) => {
            let mut list = MoveList::new();
            position.legal_moves_to(to, &mut list);
            list
        }
        None => position.legal_moves(),
    }
}

impl Sheet for WrittenLine<'_> {
    type Position = Position;
    type Move = Move;

    fn len(&self) -> usize {
        self.moves.len()
    }

    fn read(&self, position: &Position, index: usize) -> Option<Move> {
        let query = self.query(index)?;
        if query.castling || query.promotion_to_king {
            return None;
        }
        let legal = moves_for(position, &query);
        let mut fitting = legal.iter().filter(|mv| query.matches(mv));
        let first = fitting.next()?;
        fitting.next().is_none().then_some(*first)
    }

    fn play(&self, position: &mut Position, mv: Move) {
        position.play(mv);
    }

    fn marks(&self, position: &Position, index: usize, mv: Move) -> i32 {
        let Some(query) = self.query(index) else {
            return 0;
        };
        let agrees = |yes: bool| if yes { 1 } else { -1 };
        let mut marks = 0;
        if query.capture_mark {
            marks += agrees(mv.capture.is_some());
        } else if query.move_mark {
            marks += agrees(mv.capture.is_none());
        }
        if query.check_mark != CheckMark::None {
            let mut after = position.clone();
            after.play(mv);
            let check = after.is_check();
            marks += agrees(match query.check_mark {
                CheckMark::Mate => check && !after.has_legal_move(),
                _ => check,
            });
        }
        marks
    }

    fn slips(&self, position: &Position, index: usize, out: &mut Vec<(Move, Slip)>) {
        let legal = position.legal_moves();
        let Some(query) = self.query(index) else {
            // A promotion in a chess player's words (`b8后`, `b8升虎`) stands for the
            // promotions of the move written before the words.
            let token = self.token(index);
            if let Some(words) = super::chess_promotion::read(token) {
                let mut query = query(&words.move_text, self.pieces);
                query.promotion = words.role;
                out.extend(
                    legal
                        .iter()
                        .filter(|mv| mv.promotion.is_some() && query.matches(mv))
                        .map(|mv| (*mv, Slip::Promotion)),
                );
            }
            return;
        };
        if query.castling || query.promotion_to_king {
            return;
        }
        // Grouped by kind, likeliest first: equal candidates keep this order. Two slips
        // at once are weighed only where no single one explains the move.
        let mut kinds: [Vec<(Move, Slip)>; 6] = Default::default();
        for mv in legal.iter() {
            if let Some((group, slip)) = slip_of(&query, mv) {
                kinds[group].push((*mv, slip));
            }
        }
        let several = kinds[SEVERAL].len();
        let single = kinds.iter().map(Vec::len).sum::<usize>() - several;
        if single > 0 {
            kinds[SEVERAL].clear();
        }
        out.extend(kinds.into_iter().flatten());
    }

    fn legal(&self, position: &Position, out: &mut Vec<Move>) {
        out.extend(position.legal_moves().iter());
    }

    fn repeats(&self, index: usize) -> bool {
        index > 0 && self.token(index) == self.token(index - 1)
    }
}

/// The group of two slips at once.
const SEVERAL: usize = 5;

/// How `mv` differs from what `query` says, and the group it is listed in: `None` when
/// it is too far from what was written to be what the writer meant. A move the query
/// names (one of several) is listed as an origin left out, or a promotion not named.
fn slip_of(query: &MoveQuery, mv: &Move) -> Option<(usize, Slip)> {
    if query.matches(mv) {
        return Some(if mv.promotion.is_some() && query.promotion.is_none() {
            (0, Slip::Promotion)
        } else {
            (1, Slip::Origin)
        });
    }
    let origin = query
        .from_file
        .zip(query.from_rank)
        .map(|(f, r)| Square::new(f, r));
    let role_fits = match query.role {
        Some(role) => mv.role == role,
        None => origin.is_some() || mv.role == Role::Pawn,
    };
    let origin_fits = query.from_file.is_none_or(|f| mv.from.file() == f)
        && query.from_rank.is_none_or(|r| mv.from.rank() == r);
    let promotion_fits = query.promotion.is_none_or(|p| mv.promotion == Some(p));
    let lands = match (query.to_square, query.to_file) {
        (Some(to), _) => mv.to == to,
        (None, Some(file)) => mv.to.file() == file && mv.capture.is_some(),
        (None, None) => false,
    };
    if role_fits && origin_fits && lands {
        // Only the promotion differs.
        return Some((0, Slip::Promotion));
    }
    if !promotion_fits && query.promotion.is_some() {
        return None;
    }
    if role_fits && origin_fits && query.to_file == Some(mv.to.file()) {
        // `cd` for a pawn's step that takes nothing: only the capture is wrong.
        return Some((0, Slip::Marks));
    }
    // One square off: a neighbouring file, rank or diagonal; file and rank first.
    let off = query.to_square.and_then(|to| {
        let (df, dr) = (
            to.file().abs_diff(mv.to.file()),
            to.rank().abs_diff(mv.to.rank()),
        );
        (df <= 1 && dr <= 1 && df + dr > 0).then_some(df + dr)
    });
    match (role_fits, origin_fits, lands, off) {
        (true, false, true, _) => Some((2, Slip::Origin)),
        (true, true, false, Some(1)) => Some((3, Slip::Destination)),
        (false, true, true, _) => Some((4, Slip::Piece)),
        (true, true, false, Some(_)) => Some((4, Slip::Destination)),
        (true, false, false, Some(_)) => Some((SEVERAL, Slip::Several)),
        (false, true, false, Some(_)) if origin.is_some() => Some((SEVERAL, Slip::Several)),
        _ => None,
    }
}
