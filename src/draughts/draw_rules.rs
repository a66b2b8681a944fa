//! The rulebook's draw rules (§12.3) as data, one table per rule set, and a tracker that
//! follows a game and says when a draw becomes claimable.
//!
//! The numbers are the Chinese rulebook's (seed 002, 第十二条 §3), not the FMJD Draughts-64
//! text's (which has a 15-move rule and a long-diagonal rule instead).

use std::fmt;

use super::position::{Color, Move, Piece, Position, Variant};
use crate::history::PositionCounts;

/// One rule set's draw rules. A `None` rule does not exist in that rule set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawRules {
    /// §12.3.1: the same position occurring this many times, each time with the same side to
    /// move, is a draw.
    pub repetitions: u32,
    /// Brazilian §12.3.4.1: this many consecutive rounds (回合, one move by each side) in which
    /// both sides moved only kings, moved no man and captured nothing.
    pub kings_only_rounds: Option<u32>,
    /// Brazilian §12.3.4.2: with two kings, a king and a man, or a king against a lone king on
    /// the board, each player may make at most this many more moves.
    pub small_endgame_moves: Option<u32>,
    /// Russian §12.3.5.1: this many consecutive rounds in which neither side captured.
    pub no_capture_rounds: Option<u32>,
    /// Russian §12.3.5.2: with three kings against a lone king, the strong side must take the
    /// lone king within this many of its moves.
    pub three_kings_moves: Option<u32>,
}

/// Brazilian rules, §12.3.1 and §12.3.4.
pub const BRAZILIAN: DrawRules = DrawRules {
    repetitions: 3,
    kings_only_rounds: Some(15),
    small_endgame_moves: Some(5),
    no_capture_rounds: None,
    three_kings_moves: None,
};

/// Russian rules, §12.3.1 and §12.3.5.
pub const RUSSIAN: DrawRules = DrawRules {
    repetitions: 3,
    kings_only_rounds: None,
    small_endgame_moves: None,
    no_capture_rounds: Some(30),
    three_kings_moves: Some(18),
};

impl DrawRules {
    /// The table for a rule set.
    pub const fn for_variant(variant: Variant) -> DrawRules {
        match variant {
            Variant::Russian => RUSSIAN,
            Variant::Brazilian => BRAZILIAN,
        }
    }
}

/// Which draw rule applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DrawKind {
    /// §12.3.1: threefold repetition with the same side to move.
    Repetition,
    /// §12.3.4.2 (Brazilian): two kings, king and man, or king against a lone king, and the
    /// set number of moves each has passed.
    SmallEndgame,
    /// §12.3.5.2 (Russian): three kings have not taken a lone king in the set number of moves.
    ThreeKingsVsKing,
    /// §12.3.4.1 (Brazilian): only kings moved, no capture, for the set number of rounds.
    KingsOnlyMoves,
    /// §12.3.5.1 (Russian): no capture for the set number of rounds.
    NoCapture,
}

/// A draw that has become claimable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DrawClaim {
    /// The rule.
    pub kind: DrawKind,
    /// The 1-based ply (half-move) after which the draw can be claimed.
    pub ply: u32,
}

impl fmt::Display for DrawClaim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rule = match self.kind {
            DrawKind::Repetition => "the same position has occurred three times (§12.3.1)",
            DrawKind::KingsOnlyMoves => {
                "only kings have moved, without capture, for 15 rounds (§12.3.4.1)"
            }
            DrawKind::SmallEndgame => {
                "each player has made 5 moves in a two-king, king-and-man or king against lone king ending (§12.3.4.2)"
            }
            DrawKind::NoCapture => "no capture for 30 rounds (§12.3.5.1)",
            DrawKind::ThreeKingsVsKing => {
                "three kings have not taken the lone king in 18 moves (§12.3.5.2)"
            }
        };
        write!(f, "draw claimable after ply {}: {rule}", self.ply)
    }
}

/// The draw rules that became claimable on one ply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawClaims {
    kinds: [Option<DrawKind>; 5],
    ply: u32,
}

impl DrawClaims {
    /// The claims, in [`DrawKind`] order.
    pub fn iter(&self) -> impl Iterator<Item = DrawClaim> + '_ {
        self.kinds.iter().flatten().map(|&kind| DrawClaim {
            kind,
            ply: self.ply,
        })
    }
}

/// Follows a game move by move and reports when a draw becomes claimable.
#[derive(Clone, Debug)]
pub struct DrawTracker {
    rules: DrawRules,
    ply: u32,
    /// The positions since the last irreversible move (a man move or a capture); earlier
    /// positions can never recur.
    history: PositionCounts,
    /// The key of the position after the last irreversible move while no reversible move
    /// has followed it: `history` then holds just that position, but is only cleared and
    /// refilled when a reversible move comes (most moves are man moves).
    held: Option<u64>,
    /// The position after the last move recorded and its key, from which the next key is
    /// worked out (a move changes a few squares).
    current: (Position, u64),
    kings_only_plies: u32,
    no_capture_plies: u32,
    /// Plies since the small Brazilian ending appeared, while it lasts.
    small_endgame_plies: Option<u32>,
    /// Moves of the side with three kings since three kings against one appeared.
    three_kings_moves: Option<u32>,
}

impl DrawTracker {
    /// A tracker for `variant`'s rules, starting from `start` (ply 0).
    pub fn new(variant: Variant, start: &Position) -> DrawTracker {
        DrawTracker::with_rules(DrawRules::for_variant(variant), start)
    }

    /// A tracker with an explicit rule table.
    pub fn with_rules(rules: DrawRules, start: &Position) -> DrawTracker {
        let key = start.zobrist();
        DrawTracker {
            rules,
            ply: 0,
            history: PositionCounts::starting_with(key),
            held: None,
            current: (*start, key),
            kings_only_plies: 0,
            no_capture_plies: 0,
            small_endgame_plies: is_small_endgame(start).then_some(0),
            three_kings_moves: three_kings_side(start).map(|_| 0),
        }
    }

    /// The position after the last move recorded (the start before any).
    pub(crate) fn position(&self) -> &Position {
        &self.current.0
    }

    /// Records `mv`, a legal move in `before`, and returns every draw rule that becomes
    /// claimable with it.
    // Inlined in the replay loop, which calls it at every ply: out of line it cost 1.5 %.
    #[inline]
    pub fn record(&mut self, before: &Position, mv: &Move) -> DrawClaims {
        self.ply += 1;
        let kings = before.kings(Color::White) | before.kings(Color::Black);
        let moved_king = kings & mv.from().bit() != 0;
        let mut after = *before;
        after.play(mv);
        let (current, key) = self.current;
        let key_before = if current == *before {
            key
        } else {
            before.zobrist()
        };
        let hash = before.zobrist_after(key_before, mv);
        self.current = (after, hash);
        let capture = mv.is_capture();
        let mut claims = [None; 5];

        let seen = if capture || !moved_king {
            self.held = Some(hash);
            1
        } else {
            if let Some(held) = self.held.take() {
                self.history.clear();
                self.history.record(held);
            }
            self.history.record(hash).times
        };
        claims[0] = (seen == self.rules.repetitions).then_some(DrawKind::Repetition);

        self.small_endgame_plies = if is_small_endgame(&after) {
            Some(self.small_endgame_plies.map_or(0, |p| p + 1))
        } else {
            None
        };
        claims[1] = self
            .rules
            .small_endgame_moves
            .filter(|&moves| self.small_endgame_plies == Some(2 * moves))
            .map(|_| DrawKind::SmallEndgame);

        let strong_before = three_kings_side(before);
        self.three_kings_moves = match three_kings_side(&after) {
            Some(strong) if strong_before == Some(strong) => {
                let previous = self.three_kings_moves.unwrap_or(0);
                Some(previous + u32::from(before.turn() == strong))
            }
            Some(_) => Some(0),
            None => None,
        };
        claims[2] = self
            .rules
            .three_kings_moves
            .filter(|&moves| {
                self.three_kings_moves == Some(moves) && strong_before == Some(before.turn())
            })
            .map(|_| DrawKind::ThreeKingsVsKing);

        self.kings_only_plies = if moved_king && !capture {
            self.kings_only_plies + 1
        } else {
            0
        };
        claims[3] = self
            .rules
            .kings_only_rounds
            .filter(|&rounds| self.kings_only_plies == 2 * rounds)
            .map(|_| DrawKind::KingsOnlyMoves);

        self.no_capture_plies = if capture {
            0
        } else {
            self.no_capture_plies + 1
        };
        claims[4] = self
            .rules
            .no_capture_rounds
            .filter(|&rounds| self.no_capture_plies == 2 * rounds)
            .map(|_| DrawKind::NoCapture);

        DrawClaims {
            kinds: claims,
            ply: self.ply,
        }
    }
}

/// Whether `color` has one king and nothing else: a bit test, asked first because it is
/// false on nearly every ply.
fn lone_king(pos: &Position, color: Color) -> bool {
    pos.men(color) == 0 && pos.kings(color).is_power_of_two()
}

/// A lone king against two kings, a king and a man, or a king (§12.3.4.2).
fn is_small_endgame(pos: &Position) -> bool {
    let lone_king = |c: Color| lone_king(pos, c);
    let small = |c: Color| {
        matches!(
            (pos.count(c, Piece::King), pos.count(c, Piece::Man)),
            (2, 0) | (1, 1) | (1, 0)
        )
    };
    (lone_king(Color::Black) && small(Color::White))
        || (lone_king(Color::White) && small(Color::Black))
}

/// The side with exactly three kings (and no men) against a lone king (§12.3.5.2).
fn three_kings_side(pos: &Position) -> Option<Color> {
    let three = |c: Color| pos.count(c, Piece::King) == 3 && pos.count(c, Piece::Man) == 0;
    [Color::White, Color::Black]
        .into_iter()
        .find(|&c| lone_king(pos, c.other()) && three(c))
}

#[cfg(test)]
mod tests {
    use super::super::square::Square;
    use super::*;
    use Color::{Black, White};
    use Piece::{King, Man};

    fn sq(name: &str) -> Square {
        Square::from_algebraic(name).unwrap_or_else(|| panic!("bad square {name}"))
    }

    /// Builds a position from `(color, piece, square name)` triples.
    fn position(pieces: &[(Color, Piece, &str)], turn: Color) -> Position {
        Position::from_pieces(pieces.iter().map(|&(c, p, s)| (c, p, sq(s))), turn)
            .expect("valid test position")
    }

    fn find(pos: &Position, variant: Variant, path: &[&str]) -> Move {
        let path: Vec<Square> = path.iter().map(|n| sq(n)).collect();
        let found = pos.matching_moves(variant, path[0], &path[1..]);
        assert_eq!(found.len(), 1, "expected exactly one move for {path:?}");
        found[0]
    }

    /// Plays `moves` (from-to in algebraic) in a loop from `start`, returning every claim.
    fn claims(
        variant: Variant,
        start: Position,
        cycle: &[(&str, &str)],
        plies: usize,
    ) -> Vec<(DrawKind, u32)> {
        let mut tracker = DrawTracker::new(variant, &start);
        let mut pos = start;
        let mut out = Vec::new();
        for &(from, to) in cycle.iter().cycle().take(plies) {
            let mv = find(&pos, variant, &[from, to]);
            out.extend(tracker.record(&pos, &mv).iter().map(|c| (c.kind, c.ply)));
            pos.play(&mv);
            assert_eq!(tracker.current, (pos, pos.zobrist()));
        }
        assert_eq!(tracker.ply as usize, plies);
        out
    }

    #[test]
    fn the_key_kept_is_the_position_s_through_captures_and_promotions() {
        for variant in [Variant::Russian, Variant::Brazilian] {
            let mut seed = 0x9E37_79B9_u32;
            for _ in 0..20 {
                let mut pos = Position::initial();
                let mut tracker = DrawTracker::new(variant, &pos);
                for _ in 0..120 {
                    let moves = pos.legal_moves(variant);
                    if moves.is_empty() {
                        break;
                    }
                    seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
                    let mv = moves[(seed >> 8) as usize % moves.len()];
                    tracker.record(&pos, &mv);
                    pos.play(&mv);
                    assert_eq!(tracker.current, (pos, pos.zobrist()));
                }
            }
        }
    }

    const SHUFFLE: [(&str, &str); 4] = [("a1", "b2"), ("f8", "e7"), ("b2", "a1"), ("e7", "f8")];

    #[test]
    fn russian_repetition_and_thirty_rounds_without_capture() {
        let start = position(&[(White, King, "a1"), (Black, King, "f8")], White);
        let got = claims(Variant::Russian, start, &SHUFFLE, 61);
        let rep = DrawKind::Repetition;
        assert_eq!(
            got,
            [
                (rep, 8),
                (rep, 9),
                (rep, 10),
                (rep, 11),
                (DrawKind::NoCapture, 60)
            ]
        );
    }

    #[test]
    fn brazilian_fifteen_rounds_of_king_moves() {
        let start = position(
            &[
                (White, King, "a1"),
                (White, King, "g1"),
                (Black, King, "f8"),
                (Black, King, "h6"),
            ],
            White,
        );
        let got = claims(Variant::Brazilian, start, &SHUFFLE, 31);
        let rep = DrawKind::Repetition;
        assert_eq!(
            got,
            [
                (rep, 8),
                (rep, 9),
                (rep, 10),
                (rep, 11),
                (DrawKind::KingsOnlyMoves, 30)
            ]
        );
    }

    #[test]
    fn brazilian_small_endgame_five_moves_each() {
        let start = position(
            &[(White, King, "a1"), (White, Man, "c3"), (Black, King, "f8")],
            White,
        );
        let cycle = [
            ("a1", "b2"),
            ("f8", "e7"),
            ("b2", "a1"),
            ("e7", "d8"),
            ("a1", "b2"),
            ("d8", "e7"),
            ("b2", "a1"),
            ("e7", "f8"),
        ];
        let got = claims(Variant::Brazilian, start, &cycle, 10);
        let small: Vec<_> = got
            .iter()
            .filter(|c| c.0 == DrawKind::SmallEndgame)
            .collect();
        assert_eq!(small, [&(DrawKind::SmallEndgame, 10)]);
        // Russian has no such rule.
        let russian = claims(Variant::Russian, start, &cycle, 10);
        assert!(russian.iter().all(|c| c.0 == DrawKind::Repetition));
    }

    #[test]
    fn russian_three_kings_against_one_have_eighteen_moves() {
        let start = position(
            &[
                (White, King, "a3"),
                (White, King, "c1"),
                (White, King, "e1"),
                (Black, King, "h8"),
            ],
            White,
        );
        let cycle = [("e1", "f2"), ("h8", "g7"), ("f2", "e1"), ("g7", "h8")];
        let got = claims(Variant::Russian, start, &cycle, 36);
        assert!(got.contains(&(DrawKind::ThreeKingsVsKing, 35)), "{got:?}");
        assert!(!got.iter().any(|&(k, _)| k == DrawKind::NoCapture));
    }
}
