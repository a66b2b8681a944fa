//! Shatar rules: positions, legal moves, SAN, and explanations of illegal moves.
//!
//! Shatar is chess without castling or en passant. The game opens with a
//! forced pair (1.d4 d5 or 1.e4 e5); after it pawns only ever step one square.

use std::fmt;
use std::ops::{ControlFlow, Deref};

use super::attacks::{
    between, bishop_attacks, bishop_rays, king_attacks, knight_attacks, pawn_attacks,
    queen_attacks, rook_attacks, rook_rays, slider_attackers, squares,
};
use super::types::{Color, Role, Square};
use crate::history::key_table;

/// What decides cheaply whether a pseudo-legal move is legal: out of check, a piece
/// other than the king that is not pinned cannot expose its king (Shatar has no en
/// passant), so only king moves, pinned pieces and replies to check need the full test.
struct SafetyFilter {
    in_check: bool,
    pinned: u64,
}

impl SafetyFilter {
    fn is_legal(&self, position: &Position, mv: &Move) -> bool {
        (!self.in_check && mv.role != Role::King && self.pinned & mv.from.bit() == 0)
            || position.is_safe(mv)
    }
}

/// A move, carrying enough context (moving role, captured role) to be played
/// and described without consulting the position again.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The piece that moves (a promoting pawn is a pawn here).
    pub role: Role,
    /// The square the piece leaves.
    pub from: Square,
    /// The square it goes to.
    pub to: Square,
    /// The role of the piece standing on `to`, if any.
    pub capture: Option<Role>,
    /// The role a pawn becomes on the last rank.
    pub promotion: Option<Role>,
}

impl Move {
    /// UCI notation, e.g. `e2e4` or `a7a8q`, as a `Display` value.
    pub fn uci(self) -> UciMove {
        UciMove(self)
    }

    /// The role standing on `to` after the move.
    pub fn role_after(self) -> Role {
        self.promotion.unwrap_or(self.role)
    }
}

/// Displays a [`Move`] in UCI notation without allocating.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UciMove(pub Move);

impl fmt::Display for UciMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.0.from, self.0.to)?;
        if let Some(role) = self.0.promotion {
            write!(f, "{}", role.letter().to_ascii_lowercase())?;
        }
        Ok(())
    }
}

/// Capacity of a [`MoveList`]; the most legal moves known in any chess
/// position is 218, and Shatar (no castling) cannot exceed chess.
const MOVE_LIST_CAPACITY: usize = 256;

/// A fixed-capacity list of moves stored inline, so move generation never
/// touches the heap. Dereferences to a slice (`len`, `iter`, `contains`, ...).
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MOVE_LIST_CAPACITY],
    len: usize,
}

impl MoveList {
    /// An empty list.
    pub fn new() -> MoveList {
        const FILLER: Move = Move {
            role: Role::Pawn,
            from: Square(0),
            to: Square(0),
            capture: None,
            promotion: None,
        };
        MoveList {
            moves: [FILLER; MOVE_LIST_CAPACITY],
            len: 0,
        }
    }

    fn push(&mut self, mv: Move) {
        self.moves[self.len] = mv;
        self.len += 1;
    }

    /// Empties the list for reuse, without the cost of a fresh one.
    pub fn clear(&mut self) {
        self.len = 0;
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl Deref for MoveList {
    type Target = [Move];

    fn deref(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// Where the game stands with respect to the forced opening pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Opening {
    /// White must play d2-d4 or e2-e4.
    WhiteFirst,
    /// Blue must push the pawn on this file (0 = a) two squares.
    BlueAnswer(u8),
    /// Normal play: pawns step one square only.
    Free,
}

/// Why a piece listing cannot be set up as a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// This side has no king.
    MissingKing(Color),
    /// This side has more than one king.
    TooManyKings(Color),
    /// A pawn stands on the first or last rank.
    PawnOnBackRank(Square),
    /// Two pieces were listed on one square.
    SquareTaken(Square),
    /// The side that has just moved is in check.
    OppositeCheck,
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::MissingKing(c) => write!(f, "{} has no king", c.name()),
            SetupError::TooManyKings(c) => write!(f, "{} has more than one king", c.name()),
            SetupError::PawnOnBackRank(sq) => write!(f, "pawn on {sq}, a first or last rank"),
            SetupError::SquareTaken(sq) => write!(f, "two pieces on {sq}"),
            SetupError::OppositeCheck => f.write_str("the side not to move is in check"),
        }
    }
}

impl crate::lang::ToZh for SetupError {
    fn to_zh(&self) -> crate::lang::Zh {
        use crate::lang::{zh, Zh};
        match self {
            SetupError::MissingKing(c) => zh!("{}没有王", Zh::own(c.name_zh())),
            SetupError::TooManyKings(c) => zh!("{}的王不止一个", Zh::own(c.name_zh())),
            SetupError::PawnOnBackRank(sq) => zh!("{} 上有夫，而那是第一或最后一条横线", sq),
            SetupError::SquareTaken(sq) => zh!("{} 上列了两枚棋子", sq),
            SetupError::OppositeCheck => Zh::own("不轮走的一方正被将军"),
        }
    }
}

impl std::error::Error for SetupError {}

/// Why a described move cannot be played; see [`Position::check_move`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalReason {
    /// The origin square is empty.
    NoPieceThere,
    /// The piece on the origin square belongs to the opponent.
    WrongColourPiece,
    /// The piece on the origin square is not of the described role.
    RoleMismatch {
        /// The role actually standing there.
        found: Role,
    },
    /// The forced opening pair (1.d4 d5 or 1.e4 e5) was not followed.
    BadFirstMove,
    /// Castling does not exist in Shatar.
    Castling,
    /// The destination holds a piece of the mover's own colour.
    OwnPieceOnTarget,
    /// The piece cannot move that way even on an empty board.
    PieceCannotReach,
    /// A piece stands on the way (or, for a pawn step, on the destination).
    PathBlocked,
    /// A pawn moved diagonally onto an empty square (there is no en passant).
    NothingToCapture,
    /// A pawn moved two squares after the opening pair.
    PawnDoubleStep,
    /// A pawn reached the last rank without choosing a piece.
    PromotionRequired,
    /// A pawn tried to become a king.
    PromotionToKing,
    /// A promotion was given for a move that does not reach the last rank.
    UnexpectedPromotion,
    /// The king would move onto an attacked square.
    MovesIntoCheck,
    /// The move leaves the mover's king in check.
    LeavesKingInCheck,
}

impl fmt::Display for IllegalReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalReason::NoPieceThere => f.write_str("there is no piece on the origin square"),
            IllegalReason::WrongColourPiece => {
                f.write_str("the piece on the origin square belongs to the opponent")
            }
            IllegalReason::RoleMismatch { found } => {
                write!(f, "the piece on the origin square is a {}", found.name())
            }
            IllegalReason::BadFirstMove => f.write_str(
                "the game must open with d2-d4 or e2-e4, answered by the same pawn two squares",
            ),
            IllegalReason::Castling => f.write_str("there is no castling in Shatar"),
            IllegalReason::OwnPieceOnTarget => {
                f.write_str("the destination is occupied by a piece of the same colour")
            }
            IllegalReason::PieceCannotReach => f.write_str("the piece cannot move that way"),
            IllegalReason::PathBlocked => f.write_str("the way is blocked"),
            IllegalReason::NothingToCapture => f.write_str(
                "a pawn moves diagonally only to capture (there is no en passant in Shatar)",
            ),
            IllegalReason::PawnDoubleStep => {
                f.write_str("pawns move one square at a time after the opening pair")
            }
            IllegalReason::PromotionRequired => {
                f.write_str("a pawn reaching the last rank must be promoted")
            }
            IllegalReason::PromotionToKing => f.write_str("a pawn cannot be promoted to a king"),
            IllegalReason::UnexpectedPromotion => {
                f.write_str("only a pawn reaching the last rank is promoted")
            }
            IllegalReason::MovesIntoCheck => f.write_str("the king would move into check"),
            IllegalReason::LeavesKingInCheck => f.write_str("the move leaves the king in check"),
        }
    }
}

impl crate::lang::ToZh for IllegalReason {
    fn to_zh(&self) -> crate::lang::Zh {
        use crate::lang::{zh, Zh};
        match self {
            IllegalReason::NoPieceThere => Zh::own("起点格上没有棋子"),
            IllegalReason::WrongColourPiece => Zh::own("起点格上的棋子属于对方"),
            IllegalReason::RoleMismatch { found } => {
                zh!("起点格上的棋子是{}", Zh::own(found.name_zh()))
            }
            IllegalReason::BadFirstMove => {
                Zh::own("开局第一步必须走 d2-d4 或 e2-e4，对方以相应的夫前进两格应着")
            }
            IllegalReason::Castling => Zh::own("蒙古象棋没有王车易位"),
            IllegalReason::OwnPieceOnTarget => Zh::own("目标格上是己方的棋子"),
            IllegalReason::PieceCannotReach => Zh::own("这枚棋子不能这样走"),
            IllegalReason::PathBlocked => Zh::own("路线被棋子阻挡"),
            IllegalReason::NothingToCapture => {
                Zh::own("夫只有吃子时才能斜走（蒙古象棋没有吃过路兵）")
            }
            IllegalReason::PawnDoubleStep => Zh::own("开局的两步之后，夫每次只能前进一格"),
            IllegalReason::PromotionRequired => Zh::own("夫到达底线必须升变"),
            IllegalReason::PromotionToKing => Zh::own("夫不能升变为王"),
            IllegalReason::UnexpectedPromotion => Zh::own("只有到达底线的夫才能升变"),
            IllegalReason::MovesIntoCheck => Zh::own("王不能走到受对方攻击的格子"),
            IllegalReason::LeavesKingInCheck => Zh::own("走这步棋后，己方的王会受到将军"),
        }
    }
}

impl std::error::Error for IllegalReason {}

/// Endings the rulebook declares drawn for lack of mating material.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawnEnding {
    /// King against king.
    KingVsKing,
    /// King and one bishop against a lone king.
    KingBishopVsKing,
    /// King and one knight against a lone king.
    KingKnightVsKing,
    /// King and bishop against king and bishop, both bishops on squares of one colour.
    SameColouredBishops,
}

/// How many pieces of each role one side has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Material {
    counts: [u8; 6],
}

impl Material {
    /// Number of pieces of `role`.
    pub fn count(&self, role: Role) -> u8 {
        self.counts[role.index()]
    }

    /// Number of pieces other than the king.
    pub fn without_king(&self) -> u8 {
        self.counts.iter().sum::<u8>() - self.count(Role::King)
    }
}

/// Promotion choices in the order moves are generated.
const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

const LIGHT_SQUARES: u64 = 0x55aa_55aa_55aa_55aa;
const RANK_1: u64 = 0xff;
const RANK_8: u64 = 0xff << 56;

/// A Shatar position: piece placement, side to move, opening phase and clocks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    by_role: [u64; 6],
    by_color: [u64; 2],
    /// The role on each square, beside the bitboards: resolving and playing a move ask
    /// what stands on a square several times a ply, one load rather than a search.
    board: [Option<Role>; 64],
    turn: Color,
    opening: Opening,
    halfmoves: u32,
    fullmoves: u32,
    zobrist: u64,
    /// Pieces giving check to the side to move, kept up to date by every move: the
    /// replay asks for it several times per move.
    checkers: u64,
}

impl Default for Position {
    fn default() -> Position {
        Position::new()
    }
}

impl Position {
    /// The initial position, White to play the first half of the forced pair.
    pub fn new() -> Position {
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
        let mut pos = Position::empty(Color::White, Opening::WhiteFirst);
        for (file, role) in (0u8..).zip(BACK) {
            pos.put(Color::White, role, Square::new(file, 0));
            pos.put(Color::White, Role::Pawn, Square::new(file, 1));
            pos.put(Color::Blue, Role::Pawn, Square::new(file, 6));
            pos.put(Color::Blue, role, Square::new(file, 7));
        }
        pos.checkers = pos.compute_checkers();
        pos
    }

    /// A position set up from a listing. It starts in free play: no forced
    /// pair and no pawn double steps.
    pub fn from_pieces(
        pieces: &[(Color, Role, Square)],
        turn: Color,
    ) -> Result<Position, SetupError> {
        let mut pos = Position::empty(turn, Opening::Free);
        for &(color, role, sq) in pieces {
            if pos.occupied() & sq.bit() != 0 {
                return Err(SetupError::SquareTaken(sq));
            }
            if role == Role::Pawn && sq.bit() & (RANK_1 | RANK_8) != 0 {
                return Err(SetupError::PawnOnBackRank(sq));
            }
            pos.put(color, role, sq);
        }
        for color in Color::ALL {
            match pos.piece_bb(color, Role::King).count_ones() {
                0 => return Err(SetupError::MissingKing(color)),
                1 => {}
                _ => return Err(SetupError::TooManyKings(color)),
            }
        }
        if pos.attacked_by(pos.king(turn.other()), turn, pos.occupied()) != 0 {
            return Err(SetupError::OppositeCheck);
        }
        pos.checkers = pos.compute_checkers();
        Ok(pos)
    }

    fn empty(turn: Color, opening: Opening) -> Position {
        let mut pos = Position {
            by_role: [0; 6],
            by_color: [0; 2],
            board: [None; 64],
            turn,
            opening,
            halfmoves: 0,
            fullmoves: 1,
            zobrist: 0,
            checkers: 0,
        };
        pos.zobrist = turn_key(turn) ^ opening_key(opening);
        pos
    }

    fn put(&mut self, color: Color, role: Role, sq: Square) {
        self.by_role[role.index()] |= sq.bit();
        self.by_color[color.index()] |= sq.bit();
        self.board[sq.0 as usize] = Some(role);
        self.zobrist ^= piece_key(color, role, sq);
    }

    fn remove(&mut self, color: Color, role: Role, sq: Square) {
        self.by_role[role.index()] &= !sq.bit();
        self.by_color[color.index()] &= !sq.bit();
        self.board[sq.0 as usize] = None;
        self.zobrist ^= piece_key(color, role, sq);
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The opening phase (forced pair or free play).
    pub fn opening(&self) -> Opening {
        self.opening
    }

    /// Plies since the last capture or pawn move.
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The move number, starting at 1 and incremented after each Blue move.
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// Sets the move counters of a set-up position (a FEN's last two fields).
    pub fn set_counters(&mut self, halfmoves: u32, fullmoves: u32) {
        self.halfmoves = halfmoves;
        self.fullmoves = fullmoves.max(1);
    }

    /// Squares occupied by `color`.
    pub fn pieces(&self, color: Color) -> u64 {
        self.by_color[color.index()]
    }

    /// Squares occupied by pieces of `role`, of either colour.
    pub fn by_role(&self, role: Role) -> u64 {
        self.by_role[role.index()]
    }

    /// Squares occupied by pieces of `color` and `role`.
    pub fn piece_bb(&self, color: Color, role: Role) -> u64 {
        self.pieces(color) & self.by_role(role)
    }

    /// All occupied squares.
    pub fn occupied(&self) -> u64 {
        self.by_color[0] | self.by_color[1]
    }

    /// The piece on `sq`, if any.
    pub fn piece_at(&self, sq: Square) -> Option<(Color, Role)> {
        let role = self.role_at(sq)?;
        let color = if self.by_color[0] & sq.bit() != 0 {
            Color::White
        } else {
            Color::Blue
        };
        Some((color, role))
    }

    fn role_at(&self, sq: Square) -> Option<Role> {
        self.board[sq.0 as usize]
    }

    /// The square of `color`'s king. Every constructed position has one.
    pub fn king(&self, color: Color) -> Square {
        Square(self.piece_bb(color, Role::King).trailing_zeros() as u8)
    }

    /// Piece counts of one side.
    pub fn material(&self, color: Color) -> Material {
        let mut counts = [0; 6];
        for role in Role::ALL {
            counts[role.index()] = self.piece_bb(color, role).count_ones() as u8;
        }
        Material { counts }
    }

    /// Pieces of `by` attacking `sq` with the given occupancy.
    fn attacked_by(&self, sq: Square, by: Color, occupied: u64) -> u64 {
        let them = self.pieces(by);
        let diagonal = self.by_role(Role::Bishop) | self.by_role(Role::Queen);
        let straight = self.by_role(Role::Rook) | self.by_role(Role::Queen);
        them & ((knight_attacks(sq) & self.by_role(Role::Knight))
            | (king_attacks(sq) & self.by_role(Role::King))
            | (pawn_attacks(by.other(), sq) & self.by_role(Role::Pawn)))
            | slider_attackers(sq, them & diagonal, them & straight, occupied)
    }

    /// Whether a piece of `by` attacks `sq`.
    pub fn is_attacked(&self, sq: Square, by: Color) -> bool {
        self.attacked_by(sq, by, self.occupied()) != 0
    }

    /// Pieces giving check to the side to move.
    pub fn checkers(&self) -> u64 {
        self.checkers
    }

    fn compute_checkers(&self) -> u64 {
        self.attacked_by(self.king(self.turn), self.turn.other(), self.occupied())
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        self.checkers() != 0
    }

    /// Whether the side to move is checkmated.
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_move()
    }

    /// Whether the side to move is stalemated.
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_move()
    }

    /// A hash of placement, side to move and opening phase, for repetition
    /// detection. Maintained incrementally by [`Position::play`].
    pub fn zobrist(&self) -> u64 {
        self.zobrist
    }

    /// The drawn ending this material forms, if any.
    pub fn drawn_ending(&self) -> Option<DrawnEnding> {
        // Each drawn ending has at most two pieces besides the kings.
        if (self.occupied() & !self.by_role(Role::King)).count_ones() > 2 {
            return None;
        }
        let (w, b) = (self.material(Color::White), self.material(Color::Blue));
        let (more, less) = if w.without_king() >= b.without_king() {
            (w, b)
        } else {
            (b, w)
        };
        match (more.without_king(), less.without_king()) {
            (0, 0) => Some(DrawnEnding::KingVsKing),
            (1, 0) if more.count(Role::Bishop) == 1 => Some(DrawnEnding::KingBishopVsKing),
            (1, 0) if more.count(Role::Knight) == 1 => Some(DrawnEnding::KingKnightVsKing),
            (1, 1) if more.count(Role::Bishop) == 1 && less.count(Role::Bishop) == 1 => {
                let bishops = self.by_role(Role::Bishop);
                let light = (bishops & LIGHT_SQUARES).count_ones();
                (light != 1).then_some(DrawnEnding::SameColouredBishops)
            }
            _ => None,
        }
    }

    /// The side reduced to a lone king, if any (White first if both are).
    pub fn bare_king(&self) -> Option<Color> {
        Color::ALL
            .into_iter()
            .find(|&c| self.pieces(c) == self.piece_bb(c, Role::King))
    }

    /// All legal moves of the side to move.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        match self.opening {
            Opening::WhiteFirst => {
                for file in [3, 4] {
                    self.push_forced_pair(&mut list, Square::new(file, 1), Square::new(file, 3));
                }
            }
            Opening::BlueAnswer(file) => {
                self.push_forced_pair(&mut list, Square::new(file, 6), Square::new(file, 4));
            }
            Opening::Free => {
                let filter = self.safety_filter();
                for mv in self.pseudo_legal_moves().iter() {
                    if filter.is_legal(self, mv) {
                        list.push(*mv);
                    }
                }
            }
        }
        list
    }

    /// The legal moves that land on `to`, found from the square's attackers rather than
    /// by generating every move: what resolving a written move needs.
    /// Fills `list` (emptied first, so one buffer serves a whole replay).
    pub fn legal_moves_to(&self, to: Square, list: &mut MoveList) {
        list.clear();
        if self.opening != Opening::Free {
            for mv in self.legal_moves().iter().filter(|mv| mv.to == to) {
                list.push(*mv);
            }
            return;
        }
        let Some((sources, capture)) = self.sources_to(to, !0) else {
            return;
        };
        let us = self.turn;
        let filter = self.safety_filter();
        let last_rank = if us == Color::White { RANK_8 } else { RANK_1 };
        for from in squares(sources) {
            let Some(role) = self.role_at(from) else {
                continue;
            };
            let base = Move {
                role,
                from,
                to,
                capture,
                promotion: None,
            };
            if !filter.is_legal(self, &base) {
                continue;
            }
            if role == Role::Pawn && to.bit() & last_rank != 0 {
                for promotion in PROMOTIONS {
                    list.push(Move {
                        promotion: Some(promotion),
                        ..base
                    });
                }
            } else {
                list.push(base);
            }
        }
    }

    /// The squares among `origins` of the side to move's pieces whose move to `to` obeys
    /// their geometry, and the role captured there; `None` where an own piece stands on
    /// `to`. Only the attacks of the roles standing on `origins` are computed.
    // Inlined in its two callers: resolving a move calls it once per written move.
    #[inline(always)]
    fn sources_to(&self, to: Square, origins: u64) -> Option<(u64, Option<Role>)> {
        let us = self.turn;
        let own = self.pieces(us);
        if own & to.bit() != 0 {
            return None;
        }
        let origins = own & origins;
        let occupied = self.occupied();
        let capture = self.role_at(to);
        let diagonal = origins & (self.by_role(Role::Bishop) | self.by_role(Role::Queen));
        let straight = origins & (self.by_role(Role::Rook) | self.by_role(Role::Queen));
        let mut sources = origins
            & ((knight_attacks(to) & self.by_role(Role::Knight))
                | (king_attacks(to) & self.by_role(Role::King)));
        sources |= slider_attackers(to, diagonal, straight, occupied);
        let pawns = origins & self.by_role(Role::Pawn);
        if pawns != 0 {
            let pawn_sources = if capture.is_some() {
                pawn_attacks(us.other(), to)
            } else {
                let behind = match us {
                    Color::White => to.0.checked_sub(8),
                    Color::Blue => Some(to.0 + 8).filter(|s| *s < 64),
                };
                behind.map_or(0, |s| 1u64 << s)
            };
            sources |= pawns & pawn_sources;
        }
        Some((sources, capture))
    }

    /// The one legal move to `to` from a square of `origins`, promoting to `promotion`
    /// (`None` stands for every promotion, so four moves), or `None` where none or more
    /// than one may fit. What resolving a written move needs in
    /// the common case, without the pin search and the list of
    /// [`Position::legal_moves_to`]: a piece off its king's lines, out of check, cannot
    /// expose the king, and any other is tested alone.
    pub(crate) fn only_move_to(
        &self,
        origins: u64,
        to: Square,
        promotion: Option<Role>,
    ) -> Option<Move> {
        if self.opening != Opening::Free {
            return self.only_forced_pair_to(origins, to, promotion);
        }
        let (sources, capture) = self.sources_to(to, origins)?;
        let king = self.king(self.turn);
        // The squares a pinned piece may stand on: between the king and an enemy slider;
        // found only for a piece on the king's lines, which most are not.
        let pin_lines = || {
            let them = self.turn.other();
            let queens = self.piece_bb(them, Role::Queen);
            let snipers = (rook_rays(king) & (self.piece_bb(them, Role::Rook) | queens))
                | (bishop_rays(king) & (self.piece_bb(them, Role::Bishop) | queens));
            squares(snipers).fold(0, |lines, sniper| lines | between(king, sniper))
        };
        let king_lines = rook_rays(king) | bishop_rays(king);
        let last_rank = if self.turn == Color::White {
            RANK_8
        } else {
            RANK_1
        };
        let mut found = None;
        for from in squares(sources) {
            let role = self.role_at(from)?;
            let promotion = match (role == Role::Pawn && to.bit() & last_rank != 0, promotion) {
                (false, None) => None,
                (true, Some(role)) if PROMOTIONS.contains(&role) => Some(role),
                (true, None) => return None,
                (_, Some(_)) => continue,
            };
            let mv = Move {
                role,
                from,
                to,
                capture,
                promotion,
            };
            let free = !self.is_check()
                && role != Role::King
                && (king_lines & from.bit() == 0 || pin_lines() & from.bit() == 0);
            if free || self.is_safe(&mv) {
                if found.is_some() {
                    return None;
                }
                found = Some(mv);
            }
        }
        found
    }

    /// Whether the side to move has any legal move; stops at the first one found.
    pub fn has_legal_move(&self) -> bool {
        match self.opening {
            Opening::WhiteFirst | Opening::BlueAnswer(_) => !self.legal_moves().is_empty(),
            Opening::Free => {
                let filter = self.safety_filter();
                self.each_pseudo_legal(|mv| {
                    if filter.is_legal(self, &mv) {
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                })
                .is_break()
            }
        }
    }

    fn safety_filter(&self) -> SafetyFilter {
        SafetyFilter {
            in_check: self.is_check(),
            pinned: self.pinned(),
        }
    }

    /// Pieces of the side to move that alone stand between their king and an enemy
    /// slider on the same line.
    fn pinned(&self) -> u64 {
        let us = self.turn;
        let them = us.other();
        let king = self.king(us);
        let queens = self.piece_bb(them, Role::Queen);
        let snipers = (rook_rays(king) & (self.piece_bb(them, Role::Rook) | queens))
            | (bishop_rays(king) & (self.piece_bb(them, Role::Bishop) | queens));
        let occupied = self.occupied();
        let mut pinned = 0;
        for sniper in squares(snipers) {
            let blockers = between(king, sniper) & occupied;
            if blockers.count_ones() == 1 {
                pinned |= blockers & self.pieces(us);
            }
        }
        pinned
    }

    fn push_forced_pair(&self, list: &mut MoveList, from: Square, to: Square) {
        if let Some(mv) = self.forced_pair(from, to) {
            list.push(mv);
        }
    }

    /// The double step `from` → `to` of the forced pair, where a pawn of the side to move
    /// stands on `from` with its way clear.
    fn forced_pair(&self, from: Square, to: Square) -> Option<Move> {
        let path = between(from, to) | to.bit();
        let free =
            self.piece_bb(self.turn, Role::Pawn) & from.bit() != 0 && self.occupied() & path == 0;
        free.then_some(Move {
            role: Role::Pawn,
            from,
            to,
            capture: None,
            promotion: None,
        })
    }

    /// The move of the forced pair to `to` from a square of `origins`, as
    /// [`Position::legal_moves`] lists the pair: no promotion, and at most one move to a square.
    fn only_forced_pair_to(
        &self,
        origins: u64,
        to: Square,
        promotion: Option<Role>,
    ) -> Option<Move> {
        let from = match self.opening {
            Opening::WhiteFirst if matches!(to.file(), 3 | 4) && to.rank() == 3 => {
                Square::new(to.file(), 1)
            }
            Opening::BlueAnswer(file) if to == Square::new(file, 4) => Square::new(file, 6),
            _ => return None,
        };
        if promotion.is_some() || origins & from.bit() == 0 {
            return None;
        }
        self.forced_pair(from, to)
    }

    /// Moves that obey piece geometry in free play but may leave the king in
    /// check. Useful for explaining why a described move is illegal.
    pub fn pseudo_legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        let _ = self.each_pseudo_legal(|mv| {
            list.push(mv);
            ControlFlow::<()>::Continue(())
        });
        list
    }

    /// Hands every pseudo-legal move to `visit`, in the order of
    /// [`Position::pseudo_legal_moves`], until it breaks.
    fn each_pseudo_legal<B>(
        &self,
        mut visit: impl FnMut(Move) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        let us = self.turn;
        let own = self.pieces(us);
        let enemy = self.pieces(us.other());
        let occupied = own | enemy;
        for from in squares(own & !self.by_role(Role::Pawn)) {
            let Some(role) = self.role_at(from) else {
                continue;
            };
            let targets = match role {
                Role::Knight => knight_attacks(from),
                Role::Bishop => bishop_attacks(from, occupied),
                Role::Rook => rook_attacks(from, occupied),
                Role::Queen => queen_attacks(from, occupied),
                Role::King => king_attacks(from),
                Role::Pawn => 0,
            } & !own;
            for to in squares(targets) {
                visit(Move {
                    role,
                    from,
                    to,
                    capture: self.role_at(to),
                    promotion: None,
                })?;
            }
        }
        let last_rank = if us == Color::White { RANK_8 } else { RANK_1 };
        for from in squares(self.piece_bb(us, Role::Pawn)) {
            let step = forward(us, from).bit() & !occupied;
            let captures = pawn_attacks(us, from) & enemy;
            for to in squares(step | captures) {
                let capture = self.role_at(to);
                let base = Move {
                    role: Role::Pawn,
                    from,
                    to,
                    capture,
                    promotion: None,
                };
                if to.bit() & last_rank != 0 {
                    for promotion in PROMOTIONS {
                        visit(Move {
                            promotion: Some(promotion),
                            ..base
                        })?;
                    }
                } else {
                    visit(base)?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// Whether the mover's king is safe after `mv` (geometry assumed valid).
    fn is_safe(&self, mv: &Move) -> bool {
        let us = self.turn;
        let them = us.other();
        let occupied = (self.occupied() & !mv.from.bit()) | mv.to.bit();
        let king = if mv.role == Role::King {
            mv.to
        } else {
            self.king(us)
        };
        // A captured piece no longer attacks, so mask it out of the attackers.
        self.attacked_by(king, them, occupied) & !mv.to.bit() == 0
    }

    /// Feeds `state` with what a position is to a player: the pieces on their squares
    /// and the side to move (not the clocks or the opening phase).
    pub(crate) fn hash_placement(&self, state: &mut impl std::hash::Hasher) {
        use std::hash::Hash;
        self.by_role.hash(state);
        self.by_color.hash(state);
        self.turn.hash(state);
    }

    /// Plays a legal move. Behaviour is unspecified for illegal moves.
    pub fn play(&mut self, mv: Move) {
        let us = self.turn;
        let them = us.other();
        if let Some(captured) = mv.capture {
            self.remove(them, captured, mv.to);
        }
        self.remove(us, mv.role, mv.from);
        self.put(us, mv.role_after(), mv.to);

        self.halfmoves = if mv.role == Role::Pawn || mv.capture.is_some() {
            0
        } else {
            self.halfmoves + 1
        };
        if us == Color::Blue {
            self.fullmoves += 1;
        }
        if self.opening != Opening::Free {
            let opening = match self.opening {
                Opening::WhiteFirst => Opening::BlueAnswer(mv.from.file()),
                Opening::BlueAnswer(_) | Opening::Free => Opening::Free,
            };
            self.zobrist ^= opening_key(self.opening) ^ opening_key(opening);
            self.opening = opening;
        }
        self.zobrist ^= turn_key(us) ^ turn_key(them);
        self.turn = them;
        self.checkers = self.checkers_after(mv);
    }

    /// The pieces checking the side to move after `mv`, found from the move alone: the side
    /// that moved was not in check before (every position is set up or reached legally), so
    /// a check comes from the piece that moved or from a slider it uncovered.
    fn checkers_after(&self, mv: Move) -> u64 {
        let king = self.king(self.turn);
        let mover = self.turn.other();
        let occupied = self.occupied();
        let king_lines = bishop_rays(king) | rook_rays(king);
        if king_lines & mv.from.bit() == 0 {
            // No line to the king was opened: only the piece that moved can check, along
            // a line it reaches with nothing between (a leaper's square has nothing
            // between it and the king).
            let reach = match mv.role_after() {
                Role::Knight => knight_attacks(king),
                Role::Pawn => pawn_attacks(self.turn, king),
                Role::Bishop => bishop_rays(king),
                Role::Rook => rook_rays(king),
                Role::Queen => king_lines,
                Role::King => 0,
            };
            let checks = reach & mv.to.bit() != 0 && between(king, mv.to) & occupied == 0;
            return if checks { mv.to.bit() } else { 0 };
        }
        let direct = match mv.role_after() {
            Role::Knight => knight_attacks(king),
            Role::Pawn => pawn_attacks(self.turn, king),
            _ => 0,
        } & mv.to.bit();
        let queens = self.by_role(Role::Queen);
        let ours = self.pieces(mover);
        let diagonal = ours & (self.by_role(Role::Bishop) | queens);
        let straight = ours & (self.by_role(Role::Rook) | queens);
        direct | slider_attackers(king, diagonal, straight, occupied)
    }

    /// Number of leaf nodes of the legal move tree `depth` plies deep.
    pub fn perft(&self, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => self.legal_moves().len() as u64,
            _ => self
                .legal_moves()
                .iter()
                .map(|&mv| {
                    let mut child = self.clone();
                    child.play(mv);
                    child.perft(depth - 1)
                })
                .sum(),
        }
    }

    /// Checks a move described by role, squares and promotion (as a record
    /// states it) and returns the legal move, or the first rule it breaks.
    pub fn check_move(
        &self,
        role: Role,
        from: Square,
        to: Square,
        promotion: Option<Role>,
    ) -> Result<Move, IllegalReason> {
        let us = self.turn;
        match self.piece_at(from) {
            None => return Err(IllegalReason::NoPieceThere),
            Some((color, _)) if color != us => return Err(IllegalReason::WrongColourPiece),
            Some((_, found)) if found != role => return Err(IllegalReason::RoleMismatch { found }),
            Some(_) => {}
        }
        if self.opening != Opening::Free {
            return self
                .legal_moves()
                .iter()
                .find(|mv| mv.from == from && mv.to == to && promotion.is_none())
                .copied()
                .ok_or(IllegalReason::BadFirstMove);
        }
        let home_rank = if us == Color::White { 0 } else { 7 };
        if role == Role::King
            && from == Square::new(4, home_rank)
            && to.rank() == home_rank
            && to.file().abs_diff(4) == 2
        {
            return Err(IllegalReason::Castling);
        }
        if self.pieces(us) & to.bit() != 0 {
            return Err(IllegalReason::OwnPieceOnTarget);
        }
        self.check_geometry(role, from, to)?;

        let last_rank = if us == Color::White { 7 } else { 0 };
        match promotion {
            _ if role != Role::Pawn || to.rank() != last_rank => {
                if promotion.is_some() {
                    return Err(IllegalReason::UnexpectedPromotion);
                }
            }
            None | Some(Role::Pawn) => return Err(IllegalReason::PromotionRequired),
            Some(Role::King) => return Err(IllegalReason::PromotionToKing),
            Some(_) => {}
        }

        let mv = Move {
            role,
            from,
            to,
            capture: self.role_at(to),
            promotion,
        };
        if self.is_safe(&mv) {
            Ok(mv)
        } else if role == Role::King {
            Err(IllegalReason::MovesIntoCheck)
        } else {
            Err(IllegalReason::LeavesKingInCheck)
        }
    }

    /// Whether `role` of the side to move can go `from` → `to` in free play,
    /// ignoring checks. The destination is known not to hold an own piece.
    fn check_geometry(&self, role: Role, from: Square, to: Square) -> Result<(), IllegalReason> {
        let reach = match role {
            Role::Pawn => return self.check_pawn_geometry(from, to),
            Role::Knight => knight_attacks(from),
            Role::King => king_attacks(from),
            Role::Bishop => bishop_rays(from),
            Role::Rook => rook_rays(from),
            Role::Queen => bishop_rays(from) | rook_rays(from),
        };
        if reach & to.bit() == 0 {
            Err(IllegalReason::PieceCannotReach)
        } else if between(from, to) & self.occupied() != 0 {
            Err(IllegalReason::PathBlocked)
        } else {
            Ok(())
        }
    }

    fn check_pawn_geometry(&self, from: Square, to: Square) -> Result<(), IllegalReason> {
        let us = self.turn;
        let step = forward(us, from);
        let start_rank = if us == Color::White { 1 } else { 6 };
        if to == step {
            if self.occupied() & to.bit() != 0 {
                return Err(IllegalReason::PathBlocked);
            }
            Ok(())
        } else if pawn_attacks(us, from) & to.bit() != 0 {
            if self.pieces(us.other()) & to.bit() == 0 {
                return Err(IllegalReason::NothingToCapture);
            }
            Ok(())
        } else if from.rank() == start_rank && to == forward(us, step) {
            Err(IllegalReason::PawnDoubleStep)
        } else {
            Err(IllegalReason::PieceCannotReach)
        }
    }

    /// Standard Algebraic Notation for a legal move, with English letters,
    /// minimal disambiguation and a `+` or `#` suffix.
    pub fn san(&self, mv: Move) -> String {
        let mut san = String::with_capacity(8);
        if mv.role == Role::Pawn {
            if mv.capture.is_some() {
                san.push(mv.from.file_char());
                san.push('x');
            }
        } else {
            san.push(mv.role.letter());
            san.push_str(self.disambiguation(mv));
            if mv.capture.is_some() {
                san.push('x');
            }
        }
        san.push(mv.to.file_char());
        san.push(mv.to.rank_char());
        if let Some(role) = mv.promotion {
            san.push('=');
            san.push(role.letter());
        }
        let mut after = self.clone();
        after.play(mv);
        if after.is_checkmate() {
            san.push('#');
        } else if after.is_check() {
            san.push('+');
        }
        san
    }

    /// The origin-square hint SAN needs for `mv`: nothing, file, rank or both.
    fn disambiguation(&self, mv: Move) -> &'static str {
        let rivals = self
            .legal_moves()
            .iter()
            .filter(|o| o.role == mv.role && o.to == mv.to && o.from != mv.from)
            .map(|o| o.from)
            .fold(0u64, |bb, sq| bb | sq.bit());
        if rivals == 0 {
            return "";
        }
        let same_file = squares(rivals).any(|sq| sq.file() == mv.from.file());
        let same_rank = squares(rivals).any(|sq| sq.rank() == mv.from.rank());
        let index = mv.from.0 as usize;
        if !same_file {
            &SQUARE_NAMES[index][..1]
        } else if !same_rank {
            &SQUARE_NAMES[index][1..]
        } else {
            SQUARE_NAMES[index]
        }
    }
}

/// The square one step ahead of `sq` for a pawn of `color` (never off-board
/// for a pawn, which cannot stand on the last rank).
fn forward(color: Color, sq: Square) -> Square {
    match color {
        Color::White => Square(sq.0.wrapping_add(8) & 63),
        Color::Blue => Square(sq.0.wrapping_sub(8) & 63),
    }
}

const SQUARE_NAMES: [&str; 64] = [
    "a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2",
    "a3", "b3", "c3", "d3", "e3", "f3", "g3", "h3", "a4", "b4", "c4", "d4", "e4", "f4", "g4", "h4",
    "a5", "b5", "c5", "d5", "e5", "f5", "g5", "h5", "a6", "b6", "c6", "d6", "e6", "f6", "g6", "h6",
    "a7", "b7", "c7", "d7", "e7", "f7", "g7", "h7", "a8", "b8", "c8", "d8", "e8", "f8", "g8", "h8",
];

/// Zobrist keys for 2 colours × 6 roles × 64 squares, then Blue to move, the
/// WhiteFirst phase and the eight BlueAnswer files.
const ZOBRIST: [u64; 768 + 10] = key_table(0x9E37_79B9_7F4A_7C15);

fn piece_key(color: Color, role: Role, sq: Square) -> u64 {
    ZOBRIST[(color.index() * 6 + role.index()) * 64 + sq.0 as usize]
}

fn turn_key(turn: Color) -> u64 {
    match turn {
        Color::White => 0,
        Color::Blue => ZOBRIST[768],
    }
}

fn opening_key(opening: Opening) -> u64 {
    match opening {
        Opening::WhiteFirst => ZOBRIST[769],
        Opening::BlueAnswer(file) => ZOBRIST[770 + (file & 7) as usize],
        Opening::Free => 0,
    }
}
