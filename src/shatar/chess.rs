//! Orthodox chess, as far as telling a game of chess from a Shatar game needs. A PGN game
//! without a `Variant` tag that fails as Shatar is replayed once more by the rules of
//! chess: the pawn's double step and en passant after it, castling (not out of, through
//! or into check), promotion, and a king never left in check. If every move of its main
//! line is exactly one legal chess move, the game is chess, not a Shatar game with a slip.
//!
//! Only a game that already failed comes here, so the board is plain rather than fast:
//! every legal move is generated and each candidate is tried on a copy.

use super::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks, squares,
};
use super::fen::parse_board;
use super::notation::CastlingSide;
use super::position::Move;
use super::replay::MoveQuery;
use super::syntax::ParsedGame;
use super::types::{Color, Role, Square};
use crate::diagram::Pieces;

/// A chess position: placement, side to move, castling rights and the en-passant square.
#[derive(Clone)]
struct Board {
    by_role: [u64; 6],
    by_color: [u64; 2],
    turn: Color,
    /// Castling rights by colour: the king's side, then the queen's side.
    castling: [[bool; 2]; 2],
    /// The square a pawn has just passed over with its double step.
    en_passant: Option<Square>,
}

/// A legal move, with what playing it does beyond moving one piece.
#[derive(Clone, Copy)]
struct ChessMove {
    mv: Move,
    special: Special,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Special {
    None,
    DoubleStep,
    EnPassant,
    Castling(CastlingSide),
}

const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

/// Whether every move of `game`'s main line, from its FEN or the standard array, is
/// legal chess, each written move fitting exactly one legal move (`query` reads a
/// written move as the Shatar replay does). A game without moves proves nothing.
pub(super) fn plays_chess(
    game: &ParsedGame,
    query: impl Fn(&super::notation::MoveText, Pieces) -> MoveQuery,
) -> bool {
    let Some(mut board) = start(game) else {
        return false;
    };
    if game.moves.is_empty() {
        return false;
    }
    for written in &game.moves {
        let Ok(text) = &written.parsed else {
            return false;
        };
        let query = query(text, Pieces::Latin);
        let Some(mv) = board.resolve(&query, text.castling()) else {
            return false;
        };
        board.play(mv);
    }
    true
}

/// The position the game starts from: its FEN (castling and en-passant fields read) or
/// the standard array.
fn start(game: &ParsedGame) -> Option<Board> {
    match game.tag("FEN") {
        Some(fen) => Board::from_fen(fen),
        None => Some(Board::standard()),
    }
}

impl Board {
    fn empty(turn: Color) -> Board {
        Board {
            by_role: [0; 6],
            by_color: [0; 2],
            turn,
            castling: [[false; 2]; 2],
            en_passant: None,
        }
    }

    fn standard() -> Board {
        const BACK: [Role; 8] = [
            Role::Rook,
            Role::Knight,
            Role::Bishop,
            Role::Queen,
            Role::King,
            Role::Bishop,
            Role::Knight,
            Role::Rook,
        ];
        let mut board = Board::empty(Color::White);
        for (file, role) in (0u8..).zip(BACK) {
            board.put(Color::White, role, Square::new(file, 0));
            board.put(Color::White, Role::Pawn, Square::new(file, 1));
            board.put(Color::Blue, Role::Pawn, Square::new(file, 6));
            board.put(Color::Blue, role, Square::new(file, 7));
        }
        board.castling = [[true; 2]; 2];
        board
    }

    /// A FEN's board, side to move, castling rights (`KQkq` or `-`) and en-passant
    /// square; `None` when it sets up no position with one king a side.
    fn from_fen(fen: &str) -> Option<Board> {
        let mut fields = fen.split_whitespace();
        let pieces = parse_board(fields.next()?).ok()?;
        let turn = match fields.next() {
            None | Some("w") => Color::White,
            Some("b") => Color::Blue,
            Some(_) => return None,
        };
        let mut board = Board::empty(turn);
        for (color, role, square) in pieces {
            board.put(color, role, square);
        }
        if Color::ALL.iter().any(|&c| {
            (board.by_color[c.index()] & board.by_role[Role::King.index()]).count_ones() != 1
        }) {
            return None;
        }
        for right in fields.next().unwrap_or("-").chars() {
            match right {
                'K' => board.castling[0][0] = true,
                'Q' => board.castling[0][1] = true,
                'k' => board.castling[1][0] = true,
                'q' => board.castling[1][1] = true,
                '-' => {}
                _ => return None,
            }
        }
        board.en_passant = match fields.next() {
            None | Some("-") => None,
            Some(square) => {
                let &[file @ b'a'..=b'h', rank @ (b'3' | b'6')] = square.as_bytes() else {
                    return None;
                };
                Some(Square::new(file - b'a', rank - b'1'))
            }
        };
        Some(board)
    }

    fn put(&mut self, color: Color, role: Role, square: Square) {
        self.by_role[role.index()] |= square.bit();
        self.by_color[color.index()] |= square.bit();
    }

    fn remove(&mut self, square: Square) {
        for bb in self.by_role.iter_mut().chain(self.by_color.iter_mut()) {
            *bb &= !square.bit();
        }
    }

    fn occupied(&self) -> u64 {
        self.by_color[0] | self.by_color[1]
    }

    fn role_at(&self, square: Square) -> Option<Role> {
        Role::ALL
            .into_iter()
            .find(|r| self.by_role[r.index()] & square.bit() != 0)
    }

    fn king(&self, color: Color) -> Square {
        let kings = self.by_color[color.index()] & self.by_role[Role::King.index()];
        Square(kings.trailing_zeros() as u8)
    }

    /// Whether a piece of `by` attacks `square`.
    fn attacked(&self, square: Square, by: Color) -> bool {
        let them = self.by_color[by.index()];
        let role = |r: Role| self.by_role[r.index()] & them;
        let occupied = self.occupied();
        knight_attacks(square) & role(Role::Knight) != 0
            || king_attacks(square) & role(Role::King) != 0
            || pawn_attacks(by.other(), square) & role(Role::Pawn) != 0
            || bishop_attacks(square, occupied) & (role(Role::Bishop) | role(Role::Queen)) != 0
            || rook_attacks(square, occupied) & (role(Role::Rook) | role(Role::Queen)) != 0
    }

    /// Every legal move of the side to move.
    fn legal_moves(&self) -> Vec<ChessMove> {
        let mut moves = Vec::new();
        self.push_pseudo_legal(&mut moves);
        moves.retain(|mv| {
            let mut after = self.clone();
            after.play(*mv);
            !after.attacked(after.king(self.turn), after.turn)
        });
        moves
    }

    /// Moves by the pieces' geometry, castling already checked for attacked squares; the
    /// king may still be left in check.
    fn push_pseudo_legal(&self, moves: &mut Vec<ChessMove>) {
        let us = self.turn;
        let own = self.by_color[us.index()];
        let enemy = self.by_color[us.other().index()];
        let occupied = own | enemy;
        let plain = |role, from, to: Square| ChessMove {
            mv: Move {
                role,
                from,
                to,
                capture: self.role_at(to),
                promotion: None,
            },
            special: Special::None,
        };
        for from in squares(own & !self.by_role[Role::Pawn.index()]) {
            let Some(role) = self.role_at(from) else {
                continue;
            };
            let targets = match role {
                Role::Knight => knight_attacks(from),
                Role::Bishop => bishop_attacks(from, occupied),
                Role::Rook => rook_attacks(from, occupied),
                Role::Queen => bishop_attacks(from, occupied) | rook_attacks(from, occupied),
                Role::King => king_attacks(from),
                Role::Pawn => 0,
            } & !own;
            moves.extend(squares(targets).map(|to| plain(role, from, to)));
        }
        let (forward, start_rank, last_rank): (i8, u8, u8) = match us {
            Color::White => (8, 1, 7),
            Color::Blue => (-8, 6, 0),
        };
        for from in squares(own & self.by_role[Role::Pawn.index()]) {
            let step = Square((from.0 as i8 + forward) as u8);
            let mut targets = Vec::new();
            if occupied & step.bit() == 0 {
                targets.push((step, Special::None));
                let double = Square((step.0 as i8 + forward) as u8);
                if from.rank() == start_rank && occupied & double.bit() == 0 {
                    targets.push((double, Special::DoubleStep));
                }
            }
            for to in squares(pawn_attacks(us, from)) {
                if enemy & to.bit() != 0 {
                    targets.push((to, Special::None));
                } else if self.en_passant == Some(to) {
                    targets.push((to, Special::EnPassant));
                }
            }
            for (to, special) in targets {
                let capture = match special {
                    Special::EnPassant => Some(Role::Pawn),
                    _ => self.role_at(to),
                };
                let base = Move {
                    role: Role::Pawn,
                    from,
                    to,
                    capture,
                    promotion: None,
                };
                if to.rank() == last_rank {
                    moves.extend(PROMOTIONS.map(|role| ChessMove {
                        mv: Move {
                            promotion: Some(role),
                            ..base
                        },
                        special,
                    }));
                } else {
                    moves.push(ChessMove { mv: base, special });
                }
            }
        }
        self.push_castling(moves);
    }

    /// Castling on either side where the rights stand, the squares between king and rook
    /// are empty, and the king is not in check and crosses no attacked square (the
    /// square it lands on is checked with every other move).
    fn push_castling(&self, moves: &mut Vec<ChessMove>) {
        let us = self.turn;
        let rank = if us == Color::White { 0 } else { 7 };
        let king = Square::new(4, rank);
        let ours = |role: Role, square: Square| {
            self.by_color[us.index()] & self.by_role[role.index()] & square.bit() != 0
        };
        if !ours(Role::King, king) || self.attacked(king, us.other()) {
            return;
        }
        for (index, side, rook_file, to_file) in [
            (0, CastlingSide::King, 7, 6),
            (1, CastlingSide::Queen, 0, 2),
        ] {
            let rook = Square::new(rook_file, rank);
            let crossed = Square::new((4 + to_file) / 2, rank);
            if self.castling[us.index()][index]
                && ours(Role::Rook, rook)
                && between(king, rook) & self.occupied() == 0
                && !self.attacked(crossed, us.other())
            {
                moves.push(ChessMove {
                    mv: Move {
                        role: Role::King,
                        from: king,
                        to: Square::new(to_file, rank),
                        capture: None,
                        promotion: None,
                    },
                    special: Special::Castling(side),
                });
            }
        }
    }

    /// The one legal move the written move names (castling by its side, anything else as
    /// the Shatar replay matches it), or `None` when none or several do.
    fn resolve(&self, query: &MoveQuery, castling: Option<CastlingSide>) -> Option<ChessMove> {
        let legal = self.legal_moves();
        let mut fitting = legal.iter().filter(|mv| match (castling, mv.special) {
            (Some(side), Special::Castling(played)) => side == played,
            (Some(_), _) | (None, Special::Castling(_)) => false,
            (None, _) => query.matches(&mv.mv),
        });
        let first = fitting.next().copied();
        first.filter(|_| fitting.next().is_none())
    }

    /// Plays a legal move.
    fn play(&mut self, chess_move: ChessMove) {
        let ChessMove { mv, special } = chess_move;
        let us = self.turn;
        let rank = if us == Color::White { 0 } else { 7 };
        match special {
            Special::EnPassant => {
                let taken = Square::new(mv.to.file(), mv.from.rank());
                self.remove(taken);
            }
            Special::Castling(side) => {
                let (from, to) = match side {
                    CastlingSide::King => (7, 5),
                    CastlingSide::Queen => (0, 3),
                };
                self.remove(Square::new(from, rank));
                self.put(us, Role::Rook, Square::new(to, rank));
            }
            Special::None | Special::DoubleStep => {}
        }
        self.remove(mv.to);
        self.remove(mv.from);
        self.put(us, mv.role_after(), mv.to);
        self.en_passant =
            (special == Special::DoubleStep).then(|| Square((mv.from.0 + mv.to.0) / 2));
        // A right is lost when the king or that rook moves, or the rook is taken.
        for (color, home) in [(Color::White, 0), (Color::Blue, 7)] {
            let touched = |file| {
                let square = Square::new(file, home);
                mv.from == square || mv.to == square
            };
            let rights = &mut self.castling[color.index()];
            if touched(4) {
                *rights = [false; 2];
            }
            if touched(7) {
                rights[0] = false;
            }
            if touched(0) {
                rights[1] = false;
            }
        }
        self.turn = us.other();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn perft(board: &Board, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        board
            .legal_moves()
            .iter()
            .map(|mv| {
                let mut child = board.clone();
                child.play(*mv);
                perft(&child, depth - 1)
            })
            .sum()
    }

    /// The chess programming community's perft figures (Kiwipete, with every special
    /// move, and the start position), which an error in castling, en passant, promotion
    /// or check would change.
    #[test]
    fn perft_of_known_positions() {
        assert_eq!(perft(&Board::standard(), 3), 8_902);
        let kiwipete =
            Board::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -")
                .expect("FEN");
        assert_eq!(perft(&kiwipete, 1), 48);
        assert_eq!(perft(&kiwipete, 2), 2_039);
        assert_eq!(perft(&kiwipete, 3), 97_862);
        let endgame = Board::from_fen("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -").expect("FEN");
        assert_eq!(perft(&endgame, 4), 43_238);
        let promotions =
            Board::from_fen("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1")
                .expect("FEN");
        assert_eq!(perft(&promotions, 3), 9_467);
    }
}
