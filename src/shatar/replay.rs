//! Validation by replay: every written move is resolved against the engine's legal
//! moves; what does not resolve becomes a diagnostic, whose help the validator fills in
//! from the moves meant as the rest of the sheet judges them ([`crate::intent`]).

use super::attacks::squares;
use super::issue::{DrawNote, Ending, ShatarIssue};
use super::position::{DrawnEnding, IllegalReason, Move, Opening, Position};
use super::syntax::ResultToken;
use super::types::{Color, Role, Square};
use super::write::Notation;
use crate::diagram::Pieces;
use crate::history::PositionCounts;

/// A written move, reduced to what resolution needs. Built from the parser's output.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveQuery {
    /// `None` when no piece was written: a pawn, or any piece in long algebraic.
    pub role: Option<Role>,
    /// The origin file (0 = a), when written.
    pub from_file: Option<u8>,
    /// The origin rank (0 = first), when written.
    pub from_rank: Option<u8>,
    /// The destination square, or only its file for the file-to-file pawn capture `cd`.
    pub to_square: Option<Square>,
    /// The destination file alone, for the file-to-file pawn capture.
    pub to_file: Option<u8>,
    /// A capture sign was written (`:`, `x`, `×`, `：`).
    pub capture_mark: bool,
    /// A non-capture separator was written between two squares (`—`, `-`).
    pub move_mark: bool,
    /// The piece promoted to, when written (never a king: see `promotion_to_king`).
    pub promotion: Option<Role>,
    /// A promotion to a king was written, which the rules refuse.
    pub promotion_to_king: bool,
    /// Castling was written, which Shatar does not have.
    pub castling: bool,
    /// The check or mate sign written.
    pub check_mark: CheckMark,
    /// The queen's name says which side it belongs to (虎 White, 狮 Blue).
    pub queen_of: Option<Color>,
    /// How the writer writes moves, for suggestions in the same style.
    pub style: Style,
}

/// Check and mate signs as written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CheckMark {
    /// No sign.
    #[default]
    None,
    /// `+`.
    Check,
    /// `#`.
    Mate,
}

/// Notation of a written move, so that help is written the way the record is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Style {
    /// Full or short rulebook notation.
    pub notation: Notation,
    /// Latin or Chinese piece names.
    pub pieces: Pieces,
}

/// Outcome of resolving one written move.
pub enum Resolution {
    /// The one legal move the text fits.
    Move(Move),
    /// Why no legal move, or more than one, fits.
    Error(ShatarIssue),
}

impl MoveQuery {
    fn full_origin(&self) -> Option<Square> {
        Some(Square::new(self.from_file?, self.from_rank?))
    }

    /// The squares in `position` whose piece the written move may name, as
    /// [`MoveQuery::matches`] reads the written piece and origin.
    pub(super) fn origins(&self, position: &Position) -> u64 {
        origins(position, self.role, self.from_file, self.from_rank)
    }

    /// Whether `mv` is a move the written move may stand for.
    pub(super) fn matches(&self, mv: &Move) -> bool {
        let role_ok = match self.role {
            Some(role) => mv.role == role,
            // Without a piece letter a full origin may name any piece (long algebraic);
            // otherwise the move is a pawn's.
            None => self.full_origin().is_some() || mv.role == Role::Pawn,
        };
        role_ok
            && self.from_file.is_none_or(|f| mv.from.file() == f)
            && self.from_rank.is_none_or(|r| mv.from.rank() == r)
            && self.to_square.is_none_or(|s| mv.to == s)
            && self
                .to_file
                .is_none_or(|f| mv.to.file() == f && mv.capture.is_some())
            && (self.promotion.is_none() || mv.promotion == self.promotion)
    }
}

/// The squares in `position` whose piece a move written with `role` (`None`: none
/// written) and the origin file and rank written may name.
#[inline(always)]
pub(super) fn origins(
    position: &Position,
    role: Option<Role>,
    from_file: Option<u8>,
    from_rank: Option<u8>,
) -> u64 {
    let side = position.turn();
    let pieces = match role {
        Some(role) => position.piece_bb(side, role),
        // Without a piece letter a full origin may name any piece (long algebraic).
        None if from_file.is_some() && from_rank.is_some() => position.pieces(side),
        None => position.piece_bb(side, Role::Pawn),
    };
    let files = from_file.map_or(!0, |f| A_FILE << f);
    let ranks = from_rank.map_or(!0, |r| FIRST_RANK << (8 * r));
    pieces & files & ranks
}

const A_FILE: u64 = 0x0101_0101_0101_0101;
const FIRST_RANK: u64 = 0xff;

/// Finds the one move of `legal` (the legal moves of `position`) that `query`
/// describes, or explains why there is none.
pub fn resolve(position: &Position, legal: &[Move], query: &MoveQuery) -> Resolution {
    if query.castling {
        return Resolution::Error(ShatarIssue::Castling);
    }
    if query.promotion_to_king {
        return Resolution::Error(ShatarIssue::PromotionToKing);
    }
    let mut found: Option<Move> = None;
    let mut candidates: Vec<Move> = Vec::new();
    for mv in legal.iter().filter(|mv| query.matches(mv)) {
        match found {
            None => found = Some(*mv),
            Some(first) => {
                if candidates.is_empty() {
                    candidates.push(first);
                }
                candidates.push(*mv);
            }
        }
    }
    if candidates.is_empty() {
        if let Some(mv) = found {
            return Resolution::Move(mv);
        }
    } else {
        let promotions_only = candidates
            .iter()
            .all(|m| m.from == candidates[0].from && m.to == candidates[0].to);
        let names = candidates
            .iter()
            .map(|m| write_move(position, *m, query.style))
            .collect();
        return Resolution::Error(if promotions_only && query.promotion.is_none() {
            ShatarIssue::PromotionMissing { suggestions: names }
        } else {
            ShatarIssue::AmbiguousMove { candidates: names }
        });
    }
    Resolution::Error(explain(position, query, legal))
}

/// Why no legal move fits `query`.
fn explain(position: &Position, query: &MoveQuery, legal: &[Move]) -> ShatarIssue {
    let side = position.turn();
    if position.opening() != Opening::Free {
        return ShatarIssue::BadFirstMove {
            side,
            expected: legal
                .iter()
                .map(|m| write_move(position, *m, query.style))
                .collect(),
        };
    }
    // Filled in from the candidates judged by the rest of the sheet.
    let suggestions = Vec::new();
    let role = query.role.unwrap_or(Role::Pawn);
    // The pieces the writer could have meant: the written role, on the written origin.
    let origins: Vec<Square> = squares(position.piece_bb(side, role))
        .filter(|s| query.from_file.is_none_or(|f| s.file() == f))
        .filter(|s| query.from_rank.is_none_or(|r| s.rank() == r))
        .collect();
    let target = query.to_square.or_else(|| {
        // `cd`: the c-pawn's diagonal step onto the d-file.
        let from = origins.first()?;
        let file = query.to_file?;
        let rank = match side {
            Color::White => from.rank().checked_add(1)?,
            Color::Blue => from.rank().checked_sub(1)?,
        };
        (rank < 8).then(|| Square::new(file, rank))
    });
    let (Some(from), Some(to)) = (origins.first().copied(), target) else {
        return ShatarIssue::NoSuchPiece {
            role,
            from: query.full_origin(),
            side,
            suggestions,
        };
    };
    // Prefer the origin whose failure says the most: a piece that could reach the
    // square but for a rule, over one that cannot reach it at all.
    let mut best: Option<(Square, IllegalReason)> = None;
    for origin in &origins {
        let reason = match position.check_move(role, *origin, to, query.promotion) {
            Ok(_) => continue,
            Err(reason) => reason,
        };
        let better = match best {
            None => true,
            Some((_, current)) => rank_reason(reason) > rank_reason(current),
        };
        if better {
            best = Some((*origin, reason));
        }
    }
    let (from, reason) = best.unwrap_or((from, IllegalReason::PieceCannotReach));
    let piece_moves =
        legal
            .iter()
            .filter(|m| m.from == from)
            .map(|m| m.to)
            .fold(Vec::new(), |mut acc, to| {
                if !acc.contains(&to) {
                    acc.push(to);
                }
                acc
            });
    ShatarIssue::IllegalMove {
        role,
        side,
        from,
        to,
        reason,
        piece_moves,
        suggestions,
    }
}

/// How much an illegality reason tells the reader: rule-level reasons beat geometry.
fn rank_reason(reason: IllegalReason) -> u8 {
    match reason {
        IllegalReason::MovesIntoCheck | IllegalReason::LeavesKingInCheck => 5,
        IllegalReason::PromotionRequired
        | IllegalReason::PromotionToKing
        | IllegalReason::UnexpectedPromotion
        | IllegalReason::PawnDoubleStep
        | IllegalReason::NothingToCapture => 4,
        IllegalReason::PathBlocked | IllegalReason::OwnPieceOnTarget => 3,
        IllegalReason::Castling | IllegalReason::BadFirstMove => 2,
        IllegalReason::PieceCannotReach => 1,
        IllegalReason::NoPieceThere
        | IllegalReason::WrongColourPiece
        | IllegalReason::RoleMismatch { .. } => 0,
    }
}

/// A legal move written in `style`, for help texts.
pub fn write_move(position: &Position, mv: Move, style: Style) -> String {
    super::write::rulebook_move(position, mv, false, false, style.notation, style.pieces)
}

/// The claimable draws and states worth a note after a move, and the game's end.
#[derive(Default)]
pub struct DrawWatch {
    /// The positions since the last capture or pawn move.
    positions: PositionCounts,
    /// How many of the latest moves of each side gave check, in a row.
    checks_in_row: [u32; 2],
    fifty_noted: bool,
    repetition_noted: bool,
    perpetual_noted: bool,
    ending_noted: bool,
    bare_noted: [bool; 2],
}

impl DrawWatch {
    /// A watch over a game that starts from `start`.
    pub fn new(start: &Position) -> DrawWatch {
        DrawWatch {
            positions: PositionCounts::starting_with(start.zobrist()),
            ..DrawWatch::default()
        }
    }

    /// Notes what became claimable with `mv`, now played to reach `after`, to `note`;
    /// `check` says whether `after` is check. A sink, not a list: most moves note nothing.
    // Inlined in the replay loop: it runs at every move and notes nothing at most.
    #[inline(always)]
    pub fn after_move(
        &mut self,
        mv: Move,
        after: &Position,
        check: bool,
        mut note: impl FnMut(ShatarIssue),
    ) {
        let mover = after.turn().other();
        if mv.capture.is_some() || mv.role == Role::Pawn {
            self.positions.clear();
        }
        let seen = self.positions.record(after.zobrist());
        if check {
            self.checks_in_row[mover.index()] += 1;
        } else {
            self.checks_in_row[mover.index()] = 0;
        }
        if !self.fifty_noted && after.halfmoves() >= 100 {
            self.fifty_noted = true;
            note(ShatarIssue::Draw(DrawNote::FiftyMoves));
        }
        if seen.times >= 3 {
            // Every move of one side since the first occurrence was a check: perpetual.
            let span = seen.since_first;
            let checking = Color::ALL
                .into_iter()
                .find(|c| self.checks_in_row[c.index()] * 2 >= span);
            match checking {
                Some(checking) if !self.perpetual_noted => {
                    self.perpetual_noted = true;
                    note(ShatarIssue::Draw(DrawNote::PerpetualCheck { checking }));
                }
                None if !self.repetition_noted => {
                    self.repetition_noted = true;
                    note(ShatarIssue::Draw(DrawNote::Repetition));
                }
                _ => {}
            }
        }
        // Material changes only by captures, so only they can reach a drawn ending.
        if !self.ending_noted && mv.capture.is_some() {
            if let Some(ending) = after.drawn_ending() {
                self.ending_noted = true;
                note(ShatarIssue::Draw(DrawNote::DrawnEnding(match ending {
                    DrawnEnding::KingVsKing => "king against king",
                    DrawnEnding::KingBishopVsKing => "king and camel against king",
                    DrawnEnding::KingKnightVsKing => "king and knight against king",
                    DrawnEnding::SameColouredBishops => {
                        "king and camel against king and camel on same-coloured squares"
                    }
                })));
            }
        }
        // Only the capture of the last piece reduces a side to a bare king.
        if let Some(bare) = mv.capture.and_then(|_| after.bare_king()) {
            if !self.bare_noted[bare.index()] && !self.ending_noted {
                self.bare_noted[bare.index()] = true;
                note(ShatarIssue::BareKing { side: bare });
            }
        }
    }
}

/// How the game stands when the side to move has no legal move: mate if in check.
pub fn ending(position: &Position) -> Option<Ending> {
    if position.has_legal_move() {
        None
    } else if position.is_check() {
        Some(Ending::Checkmate {
            winner: position.turn().other(),
        })
    } else {
        Some(Ending::Stalemate)
    }
}

/// An error when the recorded result contradicts a game finished on the board.
pub fn check_result(recorded: ResultToken, ending: Option<Ending>) -> Option<ShatarIssue> {
    let ending = ending?;
    (recorded != ResultToken::Unknown && recorded != ending.result()).then_some(
        ShatarIssue::ResultMismatch {
            recorded,
            position: ending,
        },
    )
}

/// Marker warnings for a resolved move, given to `report` (most moves have none).
pub fn marker_issues(
    query: &MoveQuery,
    mv: Move,
    mover: Color,
    actual: CheckMark,
    mut report: impl FnMut(ShatarIssue),
) {
    let wrong = matches!(
        (query.check_mark, actual),
        (CheckMark::Check | CheckMark::Mate, CheckMark::None) | (CheckMark::Mate, CheckMark::Check)
    );
    if wrong {
        report(ShatarIssue::CheckMarker {
            written: match query.check_mark {
                CheckMark::Mate => "mate",
                _ => "check",
            },
            actual: match actual {
                CheckMark::Check => "check but not mate",
                _ => "not check",
            },
        });
    }
    if query.capture_mark && mv.capture.is_none() {
        report(ShatarIssue::CaptureMarker { capture: false });
    } else if query.move_mark && mv.capture.is_some() {
        report(ShatarIssue::CaptureMarker { capture: true });
    }
    if let Some(owner) = query.queen_of {
        let names_queen = query.role == Some(Role::Queen) || query.promotion == Some(Role::Queen);
        if names_queen && owner != mover {
            report(ShatarIssue::QueenName { side: mover });
        }
    }
}
