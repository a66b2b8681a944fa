//! Board, move generation, perft and move diagnostics for Russian and Brazilian draughts.
//!
//! Rules follow the rulebook (seed 002): articles 5 (moves, promotion) and 6 (captures).

use std::fmt;

use super::square::{step, step_bits, Square, NONE};
use crate::history::key_table;

/// Which rule set applies (the rulebook lists both, §5.5 and §6.12).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Free choice of capture (§6.12.2.2); a man that reaches the back row mid-capture continues
    /// as a king (§5.5.2.2).
    Russian,
    /// Majority capture (§6.12.1.2); a man only promotes if the move ends on the back row
    /// (§6.12.1.3).
    Brazilian,
}

/// The two sides; White moves first (§5.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// Starts on rows 1–3.
    White,
    /// Starts on rows 6–8.
    Black,
}

impl Color {
    /// The other side.
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for White, 1 for Black.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The row on which this side's men promote, as a bitboard.
    pub const fn promotion_row(self) -> u32 {
        match self {
            Color::White => 0xF000_0000,
            Color::Black => 0x0000_000F,
        }
    }

    /// Direction numbers (order of `Direction::ALL`) in which this side's men move.
    const fn forward(self) -> [usize; 2] {
        match self {
            Color::White => [0, 1],
            Color::Black => [2, 3],
        }
    }
}

/// Kind of piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Piece {
    /// Ordinary piece: one step forward, captures both ways.
    Man,
    /// Flying king.
    King,
}

/// The most pieces one move can capture (the opponent has at most 12).
pub const MAX_CAPTURES: usize = 12;

/// A move: the squares the piece stands on in turn, the pieces it takes and whether it promotes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    path: [Square; MAX_CAPTURES + 1],
    len: u8,
    captured: u32,
    promotes: bool,
}

impl Move {
    fn quiet(from: Square, to: Square, promotes: bool) -> Move {
        let mut path = [from; MAX_CAPTURES + 1];
        path[1] = to;
        Move {
            path,
            len: 2,
            captured: 0,
            promotes,
        }
    }

    /// Starting square.
    pub fn from(&self) -> Square {
        self.path[0]
    }

    /// Final square.
    pub fn to(&self) -> Square {
        self.path[self.len as usize - 1]
    }

    /// The start square followed by every landing square (one per capture for a capture).
    pub fn path(&self) -> &[Square] {
        &self.path[..self.len as usize]
    }

    /// Bitboard of the captured pieces.
    pub fn captured(&self) -> u32 {
        self.captured
    }

    /// The captured squares in rulebook order.
    pub fn captured_squares(&self) -> impl Iterator<Item = Square> {
        squares(self.captured)
    }

    /// Number of pieces taken.
    pub fn capture_count(&self) -> u32 {
        self.captured.count_ones()
    }

    /// Whether the move takes anything.
    pub fn is_capture(&self) -> bool {
        self.captured != 0
    }

    /// Whether a man becomes a king with this move.
    pub fn promotes(&self) -> bool {
        self.promotes
    }

    /// Same start, end and captured set: the moves differ at most in the route (`a.l.`).
    pub fn same_effect(&self, other: &Move) -> bool {
        self.from() == other.from() && self.to() == other.to() && self.captured == other.captured
    }

    /// Whether this move is what a record writes as `from` followed by `rest`: either the
    /// destination alone or every landing square in order.
    pub fn matches(&self, from: Square, rest: &[Square]) -> bool {
        self.from() == from
            && match rest {
                [to] => self.to() == *to,
                _ => &self.path()[1..] == rest,
            }
    }
}

/// Rulebook notation with the full path: `9-13`, `19x10x17`.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sep = if self.is_capture() { 'x' } else { '-' };
        for (i, sq) in self.path().iter().enumerate() {
            if i > 0 {
                write!(f, "{sep}")?;
            }
            write!(f, "{}", sq.index() + 1)?;
        }
        Ok(())
    }
}

/// Iterates over the squares of a bitboard in rulebook order.
pub fn squares(mut bits: u32) -> impl Iterator<Item = Square> {
    std::iter::from_fn(move || {
        if bits == 0 {
            return None;
        }
        let index = bits.trailing_zeros() as u8;
        bits &= bits - 1;
        Some(Square::from_index_masked(index))
    })
}

/// Capacity of a [`MoveList`]. Quiet moves are at most 12 kings × 13 squares = 156; capture
/// routes stay far below this in practice (`tests/it/draughts_perft.rs` checks crowded random
/// positions full of kings).
pub const MOVE_LIST_CAPACITY: usize = 256;

/// A fixed-capacity list of moves kept on the stack, so move generation never allocates.
/// The replay asks for the moves of one piece in a short list (`N` small), which costs
/// little to set up.
#[derive(Clone, Debug)]
pub struct MoveList<const N: usize = MOVE_LIST_CAPACITY> {
    moves: [Move; N],
    len: usize,
    overflowed: bool,
}

impl<const N: usize> MoveList<N> {
    /// An empty list.
    pub fn new() -> MoveList<N> {
        let filler = Move::quiet(
            Square::from_index_masked(0),
            Square::from_index_masked(0),
            false,
        );
        MoveList {
            moves: [filler; N],
            len: 0,
            overflowed: false,
        }
    }

    /// Appends a move; a move past the capacity is dropped and recorded in
    /// [`MoveList::overflowed`].
    pub fn push(&mut self, mv: Move) {
        if self.len < N {
            self.moves[self.len] = mv;
            self.len += 1;
        } else {
            self.overflowed = true;
        }
    }

    /// Whether some move did not fit (never seen on a real 8×8 position).
    pub fn overflowed(&self) -> bool {
        self.overflowed
    }

    /// Keeps only the moves for which `keep` is true, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(&Move) -> bool) {
        let mut kept = 0;
        for i in 0..self.len {
            if keep(&self.moves[i]) {
                self.moves[kept] = self.moves[i];
                kept += 1;
            }
        }
        self.len = kept;
    }
}

impl<const N: usize> Default for MoveList<N> {
    fn default() -> MoveList<N> {
        MoveList::new()
    }
}

impl<const N: usize> std::ops::Deref for MoveList<N> {
    type Target = [Move];

    fn deref(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl<'a, const N: usize> IntoIterator for &'a MoveList<N> {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// Why a position cannot be set up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// Two pieces were given for one square.
    SquareTaken(Square),
    /// A man stands on the row where it would already have promoted.
    ManOnPromotionRow(Square),
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::SquareTaken(sq) => write!(f, "two pieces on {sq}"),
            SetupError::ManOnPromotionRow(sq) => {
                write!(f, "a man on {sq}, its own promotion row, should be a king")
            }
        }
    }
}

impl crate::lang::ToZh for SetupError {
    fn to_zh(&self) -> crate::lang::Zh {
        use crate::lang::zh;
        match self {
            SetupError::SquareTaken(sq) => zh!("{} 上列了两枚棋子", sq),
            SetupError::ManOnPromotionRow(sq) => {
                zh!("{} 是这枚普通棋子自己的升变线，它应是王棋", sq)
            }
        }
    }
}

impl std::error::Error for SetupError {}

/// Zobrist keys: `[color][piece][square]`, then the side-to-move key.
static ZOBRIST: ([[[u64; 32]; 2]; 2], u64) = build_zobrist();

/// Lays the key stream out as [`ZOBRIST`]: 128 piece keys, then the side-to-move key.
const fn build_zobrist() -> ([[[u64; 32]; 2]; 2], u64) {
    let stream: [u64; 129] = key_table(0x0DA4_6175_6874_7321);
    let mut keys = [[[0; 32]; 2]; 2];
    let mut i = 0;
    while i < 128 {
        keys[i / 64][(i / 32) % 2][i % 32] = stream[i];
        i += 1;
    }
    (keys, stream[128])
}

/// A board with the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    men: [u32; 2],
    kings: [u32; 2],
    turn: Color,
}

impl Position {
    /// An empty board.
    pub const fn empty(turn: Color) -> Position {
        Position {
            men: [0; 2],
            kings: [0; 2],
            turn,
        }
    }

    /// The starting position (§2): White men on 1–12, Black men on 21–32, White to move.
    pub const fn initial() -> Position {
        Position {
            men: [0x0000_0FFF, 0xFFF0_0000],
            kings: [0; 2],
            turn: Color::White,
        }
    }

    /// A position from a list of pieces (as a PDN FEN gives them) and the side to move.
    pub fn from_pieces(
        pieces: impl IntoIterator<Item = (Color, Piece, Square)>,
        turn: Color,
    ) -> Result<Position, SetupError> {
        let mut pos = Position::empty(turn);
        for (color, piece, sq) in pieces {
            if pos.occupied() & sq.bit() != 0 {
                return Err(SetupError::SquareTaken(sq));
            }
            match piece {
                Piece::Man if color.promotion_row() & sq.bit() != 0 => {
                    return Err(SetupError::ManOnPromotionRow(sq));
                }
                Piece::Man => pos.men[color.index()] |= sq.bit(),
                Piece::King => pos.kings[color.index()] |= sq.bit(),
            }
        }
        Ok(pos)
    }

    /// Side to move.
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Bitboard of `color`'s men.
    pub fn men(&self, color: Color) -> u32 {
        self.men[color.index()]
    }

    /// Bitboard of `color`'s kings.
    pub fn kings(&self, color: Color) -> u32 {
        self.kings[color.index()]
    }

    /// Bitboard of all of `color`'s pieces.
    pub fn pieces(&self, color: Color) -> u32 {
        self.men[color.index()] | self.kings[color.index()]
    }

    /// Bitboard of every occupied square.
    pub fn occupied(&self) -> u32 {
        self.pieces(Color::White) | self.pieces(Color::Black)
    }

    /// Number of `color`'s pieces of kind `piece`.
    pub fn count(&self, color: Color, piece: Piece) -> u32 {
        match piece {
            Piece::Man => self.men(color).count_ones(),
            Piece::King => self.kings(color).count_ones(),
        }
    }

    /// What stands on `sq`.
    pub fn piece_at(&self, sq: Square) -> Option<(Color, Piece)> {
        let bit = sq.bit();
        [Color::White, Color::Black].into_iter().find_map(|c| {
            if self.men(c) & bit != 0 {
                Some((c, Piece::Man))
            } else if self.kings(c) & bit != 0 {
                Some((c, Piece::King))
            } else {
                None
            }
        })
    }

    /// Zobrist hash of the pieces and the side to move, for repetition detection.
    pub fn zobrist(&self) -> u64 {
        let (keys, side) = &ZOBRIST;
        let mut h = if self.turn == Color::Black { *side } else { 0 };
        for color in [Color::White, Color::Black] {
            for sq in squares(self.men(color)) {
                h ^= keys[color.index()][0][sq.index() as usize];
            }
            for sq in squares(self.kings(color)) {
                h ^= keys[color.index()][1][sq.index() as usize];
            }
        }
        h
    }

    /// [`Position::zobrist`] of the position after `mv`, from `hash`, this position's: only
    /// the squares the move changes are keyed again.
    pub(crate) fn zobrist_after(&self, hash: u64, mv: &Move) -> u64 {
        let (keys, side) = &ZOBRIST;
        let us = self.turn.index();
        let them = self.turn.other().index();
        let key = |color: usize, king: bool, sq: Square| {
            keys[color][usize::from(king)][sq.index() as usize]
        };
        let was_king = self.kings[us] & mv.from().bit() != 0;
        let mut h =
            hash ^ side ^ key(us, was_king, mv.from()) ^ key(us, was_king || mv.promotes, mv.to());
        for sq in squares(mv.captured & self.pieces(self.turn.other())) {
            h ^= key(them, self.kings[them] & sq.bit() != 0, sq);
        }
        h
    }

    /// Every legal move, with each distinct capture route listed separately.
    pub fn legal_moves(&self, variant: Variant) -> MoveList {
        let mut list = if self.can_capture() {
            self.all_captures(variant)
        } else {
            MoveList::new()
        };
        if list.is_empty() {
            self.quiet_moves(&mut list);
        } else if variant == Variant::Brazilian {
            let most = list.iter().map(Move::capture_count).max().unwrap_or(0);
            list.retain(|m| m.capture_count() == most);
        }
        list
    }

    /// Whether the side to move has lost: no pieces or no legal move (§12.2.2, §12.2.3).
    /// Bitboard tests rather than the move list: no capture, and no piece with an empty
    /// square to step to. Both rule sets have a move there (the Brazilian majority rule
    /// only chooses among captures).
    pub fn is_lost(&self, _variant: Variant) -> bool {
        let us = self.turn;
        let empty = !self.occupied();
        let man_steps = us
            .forward()
            .into_iter()
            .any(|dir| step_bits(self.men(us), dir) & empty != 0);
        let king_steps = (0..4).any(|dir| step_bits(self.kings(us), dir) & empty != 0);
        !man_steps && !king_steps && !self.can_capture()
    }

    /// The legal moves that start on `from`, in the order of [`Position::legal_moves`]; the
    /// list says it overflowed where they do not all fit in `N`. Without the whole list:
    /// whether the side must capture is the caller's [`Position::can_capture`], and only
    /// `from`'s piece is searched (but under the Brazilian majority rule, which weighs every
    /// piece's captures).
    pub(crate) fn legal_moves_from<const N: usize>(
        &self,
        variant: Variant,
        from: Square,
        must_capture: bool,
    ) -> MoveList<N> {
        let mut list = MoveList::new();
        if self.pieces(self.turn) & from.bit() == 0 {
            return list;
        }
        if !must_capture {
            self.quiet_moves_from(from, &mut list);
        } else if variant == Variant::Russian {
            self.captures_from(variant, from, &mut list);
        } else {
            for mv in self
                .legal_moves(variant)
                .iter()
                .filter(|m| m.from() == from)
            {
                list.push(*mv);
            }
        }
        list
    }

    /// Whether the side to move has a capture: some piece has a first jump (a bitboard test
    /// per direction; a flying king's ray is grown one step at a time).
    pub(crate) fn can_capture(&self) -> bool {
        let us = self.turn;
        let opponents = self.pieces(us.other());
        let empty = !self.occupied();
        let men = self.men(us);
        let kings = self.kings(us);
        let mut landings = 0;
        for dir in 0..4 {
            let mut jumped = step_bits(men, dir) & opponents;
            let mut ray = step_bits(kings, dir);
            while ray != 0 {
                jumped |= ray & opponents;
                ray = step_bits(ray & empty, dir);
            }
            landings |= step_bits(jumped, dir);
        }
        landings & empty != 0
    }

    /// Every capture route, without the Brazilian majority filter.
    fn all_captures(&self, variant: Variant) -> MoveList {
        let mut list = MoveList::new();
        for sq in squares(self.pieces(self.turn)) {
            self.captures_from(variant, sq, &mut list);
        }
        list
    }

    /// Every capture route of the side to move's piece on `sq`.
    fn captures_from<const N: usize>(&self, variant: Variant, sq: Square, list: &mut MoveList<N>) {
        let us = self.turn;
        let king = self.kings(us) & sq.bit() != 0;
        let mut search = CaptureSearch {
            list,
            variant,
            opponents: self.pieces(us.other()),
            // The moving piece has left its square: it may pass over or land on it again.
            occupied: self.occupied() & !sq.bit(),
            promotion_row: us.promotion_row(),
            started_king: king,
            path: [sq; MAX_CAPTURES + 1],
            len: 1,
        };
        search.extend(sq.index(), king, 0);
    }

    fn quiet_moves(&self, list: &mut MoveList) {
        let us = self.turn;
        for sq in squares(self.men(us)).chain(squares(self.kings(us))) {
            self.quiet_moves_from(sq, list);
        }
    }

    /// The quiet move of the side to move's piece on `from` to `to`, if it has one: the
    /// move [`Position::quiet_moves_from`] lists, found without listing the others. The
    /// caller knows that no capture is due.
    pub(crate) fn quiet_move(&self, from: Square, to: Square) -> Option<Move> {
        let us = self.turn;
        let empty = !self.occupied();
        if empty & to.bit() == 0 {
            return None;
        }
        let (from_index, to_index) = (from.index(), to.index());
        if self.men(us) & from.bit() != 0 {
            let steps = us
                .forward()
                .into_iter()
                .any(|dir| step(from_index, dir) == to_index);
            let promotes = us.promotion_row() & to.bit() != 0;
            return steps.then(|| Move::quiet(from, to, promotes));
        }
        if self.kings(us) & from.bit() == 0 {
            return None;
        }
        (0..4)
            .any(|dir| {
                let mut at = step(from_index, dir);
                while at != NONE && empty & (1 << at) != 0 {
                    if at == to_index {
                        return true;
                    }
                    at = step(at, dir);
                }
                false
            })
            .then(|| Move::quiet(from, to, false))
    }

    /// The quiet moves of the side to move's piece on `sq`.
    fn quiet_moves_from<const N: usize>(&self, sq: Square, list: &mut MoveList<N>) {
        let us = self.turn;
        let empty = !self.occupied();
        if self.men(us) & sq.bit() != 0 {
            for dir in us.forward() {
                let to = step(sq.index(), dir);
                if to != NONE && empty & (1 << to) != 0 {
                    let promotes = us.promotion_row() & (1 << to) != 0;
                    list.push(Move::quiet(sq, Square::from_index_masked(to), promotes));
                }
            }
        } else {
            for dir in 0..4 {
                let mut to = step(sq.index(), dir);
                while to != NONE && empty & (1 << to) != 0 {
                    list.push(Move::quiet(sq, Square::from_index_masked(to), false));
                    to = step(to, dir);
                }
            }
        }
    }

    /// Plays a move generated for this position.
    pub fn play(&mut self, mv: &Move) {
        let us = self.turn.index();
        let them = self.turn.other().index();
        let from = mv.from().bit();
        let to = mv.to().bit();
        let was_king = self.kings[us] & from != 0;
        self.men[us] &= !from;
        self.kings[us] &= !from;
        if was_king || mv.promotes {
            self.kings[us] |= to;
        } else {
            self.men[us] |= to;
        }
        self.men[them] &= !mv.captured;
        self.kings[them] &= !mv.captured;
        self.turn = self.turn.other();
    }

    /// Number of move sequences of length `depth`, counting captures with the same start, end
    /// and captured set once (the convention of the published perft tables).
    pub fn perft(&self, variant: Variant, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_moves(variant);
        let mut nodes = 0;
        for (i, mv) in moves.iter().enumerate() {
            if mv.is_capture() && moves[..i].iter().any(|m| m.same_effect(mv)) {
                continue;
            }
            if depth == 1 {
                nodes += 1;
            } else {
                let mut next = *self;
                next.play(mv);
                nodes += next.perft(variant, depth - 1);
            }
        }
        nodes
    }

    /// The legal moves that a record's `from` followed by `rest` (the destination or the full
    /// landing path) may denote. More than one with different captured sets is ambiguous.
    pub fn matching_moves(&self, variant: Variant, from: Square, rest: &[Square]) -> MoveList {
        let mut list = self.legal_moves(variant);
        list.retain(|m| m.matches(from, rest));
        list
    }

    /// Explains why `from` followed by `rest` (the destination, or every landing square) is not
    /// a legal move; `None` if it is legal.
    pub fn explain(
        &self,
        variant: Variant,
        from: Square,
        rest: &[Square],
    ) -> Option<IllegalReason> {
        match self.piece_at(from) {
            None => return Some(IllegalReason::NoPieceThere { square: from }),
            Some((color, _)) if color != self.turn => {
                return Some(IllegalReason::OpponentsPiece { square: from })
            }
            Some(_) => {}
        }
        let Some(&to) = rest.last() else {
            return Some(IllegalReason::NoSuchMove);
        };
        let legal = self.legal_moves(variant);
        if legal.iter().any(|m| m.matches(from, rest)) {
            return None;
        }
        let all = self.all_captures(variant);
        if let Some(m) = all.iter().find(|m| m.matches(from, rest)) {
            let required = legal.iter().map(Move::capture_count).max().unwrap_or(0);
            return Some(IllegalReason::NotMajority {
                taken: m.capture_count(),
                required,
            });
        }
        let continuations: Vec<Move> = all
            .iter()
            .filter(|m| m.from() == from && is_route_prefix(m, rest))
            .copied()
            .collect();
        if !continuations.is_empty() {
            return Some(IllegalReason::CaptureIncomplete {
                stopped_at: to,
                continuations,
            });
        }
        let walk = self.walk(variant, from, rest);
        let captures_available = legal.first().is_some_and(Move::is_capture);
        match walk {
            Err(reason) if captures_available && !reason.involves_capture() => {
                Some(IllegalReason::CaptureMandatory {
                    captures: legal.to_vec(),
                })
            }
            Err(reason) => Some(reason),
            Ok(0) if captures_available => Some(IllegalReason::CaptureMandatory {
                captures: legal.to_vec(),
            }),
            Ok(_) => Some(IllegalReason::NoSuchMove),
        }
    }

    /// Follows a written route on the board and reports the first geometric fault; on success
    /// returns the number of pieces jumped.
    fn walk(&self, variant: Variant, from: Square, rest: &[Square]) -> Result<u32, IllegalReason> {
        let us = self.turn;
        let occupied = self.occupied() & !from.bit();
        let mut king = self.kings(us) & from.bit() != 0;
        let mut captured = 0u32;
        let mut at = from;
        for (i, &next) in rest.iter().enumerate() {
            let Some((dir, distance)) = at.direction_to(next) else {
                return Err(IllegalReason::NotDiagonal { from: at, to: next });
            };
            if occupied & next.bit() != 0 {
                return Err(IllegalReason::DestinationOccupied { square: next });
            }
            let mut between = Vec::new();
            let mut sq = at;
            for _ in 1..distance {
                if let Some(n) = sq.neighbour(dir) {
                    sq = n;
                    if occupied & sq.bit() != 0 {
                        between.push(sq);
                    }
                }
            }
            match between.as_slice() {
                [] if i > 0 => return Err(IllegalReason::NothingJumped { from: at, to: next }),
                [] if !king && !us.forward().contains(&(dir as usize)) => {
                    return Err(IllegalReason::ManMovesBackward { from: at, to: next })
                }
                [] if !king && distance > 1 => {
                    return Err(IllegalReason::TooFar { from: at, to: next })
                }
                [] => {
                    if rest.len() > 1 {
                        return Err(IllegalReason::NothingJumped { from: at, to: next });
                    }
                }
                [jumped, others @ ..] => {
                    let jumped = *jumped;
                    if self.pieces(us) & jumped.bit() != 0 {
                        return Err(IllegalReason::JumpsOwnPiece { square: jumped });
                    }
                    if captured & jumped.bit() != 0 {
                        return Err(IllegalReason::JumpsPieceTwice { square: jumped });
                    }
                    if let Some(&blocker) = others.first() {
                        return Err(IllegalReason::PathBlocked { square: blocker });
                    }
                    if !king && distance != 2 {
                        return Err(IllegalReason::TooFar { from: at, to: next });
                    }
                    captured |= jumped.bit();
                    if variant == Variant::Russian && us.promotion_row() & next.bit() != 0 {
                        king = true;
                    }
                }
            }
            at = next;
        }
        Ok(captured.count_ones())
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::initial()
    }
}

/// Whether `rest` (destination only, or a landing path) stops partway along `m`'s route.
pub(super) fn is_route_prefix(m: &Move, rest: &[Square]) -> bool {
    let landings = &m.path()[1..];
    match rest {
        [to] => landings[..landings.len() - 1].contains(to),
        _ => rest.len() < landings.len() && landings.starts_with(rest),
    }
}

/// Depth-first search over capture routes of one piece. Jumped pieces stay in `occupied` until
/// the move ends (§6.11), so they block and cannot be jumped twice (§6.8).
struct CaptureSearch<'a, const N: usize> {
    list: &'a mut MoveList<N>,
    variant: Variant,
    opponents: u32,
    occupied: u32,
    promotion_row: u32,
    started_king: bool,
    path: [Square; MAX_CAPTURES + 1],
    len: usize,
}

impl<const N: usize> CaptureSearch<'_, N> {
    fn is_empty(&self, sq: u8) -> bool {
        self.occupied & (1 << sq) == 0
    }

    fn is_capturable(&self, sq: u8, captured: u32) -> bool {
        (self.opponents & !captured) & (1 << sq) != 0
    }

    /// Whether a man landing on `sq` becomes a king before going on (Russian only, §5.5.2.2).
    fn crowns_mid_capture(&self, sq: u8) -> bool {
        self.variant == Variant::Russian && self.promotion_row & (1 << sq) != 0
    }

    /// The square beyond the first piece along `dir` from `sq` that this piece could jump,
    /// i.e. the captured square, or `None`.
    fn target(&self, sq: u8, dir: usize, king: bool, captured: u32) -> Option<u8> {
        let mut s = step(sq, dir);
        if king {
            while s != NONE && self.is_empty(s) {
                s = step(s, dir);
            }
        }
        if s == NONE || !self.is_capturable(s, captured) {
            return None;
        }
        let land = step(s, dir);
        (land != NONE && self.is_empty(land)).then_some(s)
    }

    fn can_capture(&self, sq: u8, king: bool, captured: u32) -> bool {
        (0..4).any(|dir| self.target(sq, dir, king, captured).is_some())
    }

    fn extend(&mut self, sq: u8, king: bool, captured: u32) {
        for dir in 0..4 {
            let Some(taken) = self.target(sq, dir, king, captured) else {
                continue;
            };
            let captured = captured | (1 << taken);
            if king {
                // A king may land on any empty square beyond, but must pick one from which the
                // capture goes on if there is one (the capture must be completed, §6.6, §6.10).
                let mut goes_on = false;
                let mut land = step(taken, dir);
                while land != NONE && self.is_empty(land) && !goes_on {
                    goes_on = self.can_capture(land, true, captured);
                    land = step(land, dir);
                }
                land = step(taken, dir);
                while land != NONE && self.is_empty(land) {
                    if !goes_on {
                        self.emit(land, true, captured);
                    } else if self.can_capture(land, true, captured) {
                        self.descend(land, true, captured);
                    }
                    land = step(land, dir);
                }
            } else {
                let land = step(taken, dir);
                let king_now = self.crowns_mid_capture(land);
                if self.can_capture(land, king_now, captured) {
                    self.descend(land, king_now, captured);
                } else {
                    self.emit(land, king_now, captured);
                }
            }
        }
    }

    fn descend(&mut self, land: u8, king: bool, captured: u32) {
        if self.len > MAX_CAPTURES {
            return;
        }
        self.path[self.len] = Square::from_index_masked(land);
        self.len += 1;
        self.extend(land, king, captured);
        self.len -= 1;
    }

    fn emit(&mut self, land: u8, king: bool, captured: u32) {
        if self.len > MAX_CAPTURES {
            return;
        }
        let mut path = self.path;
        path[self.len] = Square::from_index_masked(land);
        // Clear what deeper routes left past the end, so equal moves compare and hash equal.
        let start = path[0];
        path[self.len + 1..].fill(start);
        let promotes = !self.started_king && (king || self.promotion_row & (1 << land) != 0);
        self.list.push(Move {
            path,
            len: self.len as u8 + 1,
            captured,
            promotes,
        });
    }
}

/// Why a written move is not legal, for diagnostics.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IllegalReason {
    /// No piece stands on the start square.
    NoPieceThere {
        /// The start square.
        square: Square,
    },
    /// The piece on the start square belongs to the side not to move.
    OpponentsPiece {
        /// The start square.
        square: Square,
    },
    /// A capture was available, so a quiet move is not allowed (§6.2, §6.3).
    CaptureMandatory {
        /// The legal captures.
        captures: Vec<Move>,
    },
    /// The capture stops although the piece can take more (§6.5, §6.6).
    CaptureIncomplete {
        /// Where the written move stops.
        stopped_at: Square,
        /// The complete captures that go through the written route.
        continuations: Vec<Move>,
    },
    /// Brazilian: a route taking fewer than the most pieces possible (§6.12.1.2).
    NotMajority {
        /// Pieces taken by the written move.
        taken: u32,
        /// Pieces the best capture takes.
        required: u32,
    },
    /// A man's quiet move goes backwards (§5.4).
    ManMovesBackward {
        /// Start of the step.
        from: Square,
        /// End of the step.
        to: Square,
    },
    /// The route jumps a piece already taken in this move (§6.8).
    JumpsPieceTwice {
        /// The piece jumped again.
        square: Square,
    },
    /// The route jumps one of the mover's own pieces (§6.7).
    JumpsOwnPiece {
        /// The own piece.
        square: Square,
    },
    /// A step of the route passes two pieces, or a man's step passes anything but an
    /// adjacent piece.
    PathBlocked {
        /// The piece in the way.
        square: Square,
    },
    /// A step of a capture route takes no piece.
    NothingJumped {
        /// Start of the step.
        from: Square,
        /// End of the step.
        to: Square,
    },
    /// The destination (or a landing square) is occupied.
    DestinationOccupied {
        /// The occupied square.
        square: Square,
    },
    /// Two squares of the route are not on one diagonal.
    NotDiagonal {
        /// Start of the step.
        from: Square,
        /// End of the step.
        to: Square,
    },
    /// A man moves or jumps further than it may.
    TooFar {
        /// Start of the step.
        from: Square,
        /// End of the step.
        to: Square,
    },
    /// No finer reason found (for example a king stopping on a square from which it cannot go
    /// on while another landing square would let it).
    NoSuchMove,
}

impl IllegalReason {
    /// Whether the fault lies in a route that jumps pieces, so it is more telling than
    /// "a capture was mandatory".
    fn involves_capture(&self) -> bool {
        matches!(
            self,
            IllegalReason::JumpsPieceTwice { .. }
                | IllegalReason::JumpsOwnPiece { .. }
                | IllegalReason::PathBlocked { .. }
                | IllegalReason::NothingJumped { .. }
        )
    }
}

fn write_moves(f: &mut fmt::Formatter<'_>, moves: &[Move]) -> fmt::Result {
    for (i, m) in moves.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{m}")?;
    }
    Ok(())
}

impl fmt::Display for IllegalReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalReason::NoPieceThere { square } => write!(f, "there is no piece on {square}"),
            IllegalReason::OpponentsPiece { square } => {
                write!(f, "the piece on {square} belongs to the opponent")
            }
            IllegalReason::CaptureMandatory { captures } => {
                f.write_str("capture is mandatory; available: ")?;
                write_moves(f, captures)
            }
            IllegalReason::CaptureIncomplete {
                stopped_at,
                continuations,
            } => {
                write!(f, "the capture stops on {stopped_at} but must go on: ")?;
                write_moves(f, continuations)
            }
            IllegalReason::NotMajority { taken, required } => write!(
                f,
                "the capture takes {taken} piece(s) but the most possible is {required}, which is required"
            ),
            IllegalReason::ManMovesBackward { from, to } => {
                write!(f, "a man cannot move backwards ({from} to {to})")
            }
            IllegalReason::JumpsPieceTwice { square } => {
                write!(f, "the piece on {square} cannot be jumped twice")
            }
            IllegalReason::JumpsOwnPiece { square } => {
                write!(f, "cannot jump over one's own piece on {square}")
            }
            IllegalReason::PathBlocked { square } => write!(f, "the way is blocked on {square}"),
            IllegalReason::NothingJumped { from, to } => {
                write!(f, "the step {from} to {to} takes no piece")
            }
            IllegalReason::DestinationOccupied { square } => write!(f, "{square} is occupied"),
            IllegalReason::NotDiagonal { from, to } => {
                write!(f, "{from} and {to} are not on one diagonal")
            }
            IllegalReason::TooFar { from, to } => {
                write!(f, "a man cannot go from {from} to {to} in one step")
            }
            IllegalReason::NoSuchMove => f.write_str("no legal move fits"),
        }
    }
}
