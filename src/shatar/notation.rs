//! The syntax tree of one Shatar move token, as written on rulebook scoresheets (§2.2, full
//! and short forms, Latin or Chinese piece names) or in PGN SAN read leniently: what was
//! written, with its spans, and nothing about the position.
//!
//! `Nf3` is only "a knight goes to f3": resolution against the board, and every judgement
//! (promotion to a king, castling, wrong marks), happens in the validator. The nom grammar
//! that builds these is `grammar.rs`, its byte-level fast path `plain_san.rs`.

use super::types::{Role, Square};
use crate::text::Span;

/// How a piece name was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PieceScript {
    /// `K Q R N B P`.
    Latin,
    /// Simplified Chinese, or a character common to both scripts (王 虎 夫).
    Chinese,
    /// A traditional character: 車 馬 駝 獅.
    ChineseTraditional,
}

/// The Chinese name used for the queen; White's is the tiger, Blue's the lion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QueenName {
    /// 虎, 猛虎.
    Tiger,
    /// 狮, 雄狮 (獅, 雄獅).
    Lion,
}

/// A piece name as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceToken {
    /// The kind of piece it names.
    pub role: Role,
    /// Latin letter or Chinese character.
    pub script: PieceScript,
    /// Which Chinese queen name was used, so a check can warn when White writes 狮.
    pub queen_name: Option<QueenName>,
    /// Where the name is written.
    pub span: Span,
}

/// A capture mark: `:` `：` `x` `×`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CaptureMark {
    /// `:`, the rulebook's capture mark.
    Colon,
    /// `：`, the full-width colon of Chinese text.
    FullwidthColon,
    /// `x`, as in PGN.
    X,
    /// `×`, the multiplication sign.
    Times,
}

/// What joins origin and destination in the full form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Link {
    /// `—` `–` `-` `－` (and the look-alikes `―` `−`): a move without capture.
    Dash,
    /// A capture mark.
    Capture(CaptureMark),
}

/// Castling, which Shatar does not have; parsed so the validator can say so.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CastlingSide {
    /// `0-0`, `O-O`.
    King,
    /// `0-0-0`, `O-O-O`.
    Queen,
}

/// Where a move goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// A destination square.
    Square(Square),
    /// Pawn capture written file to file (`cd`: the c-pawn takes on the d-file).
    File(u8),
    /// Castling, which Shatar does not have.
    Castling(CastlingSide),
}

/// How a promotion was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PromotionStyle {
    /// `变虎` / `變虎`.
    Bian,
    /// `=Q`.
    Equals,
    /// `Q` directly after the square.
    Bare,
    /// `(Q)`.
    Parenthesized,
    /// `/Q`.
    Slash,
    /// `—Q` after the destination (`a7—a8—Q`, `ba－Q`): the rulebook's form with the
    /// destination written too.
    Dashed,
    /// The rulebook's `a8—Q`: the piece written where the destination would be.
    ReplacesDestination,
}

/// A promotion as written. A king (`变王`, `=K`) is accepted here and refused by the validator.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Promotion {
    /// The piece promoted to.
    pub piece: PieceToken,
    /// How the promotion was written.
    pub style: PromotionStyle,
    /// Where the promotion is written.
    pub span: Span,
}

impl Promotion {
    /// The kind of piece promoted to.
    pub fn role(&self) -> Role {
        self.piece.role
    }

    /// Promotion to a king, which the rules forbid.
    pub fn is_king(&self) -> bool {
        self.piece.role == Role::King
    }
}

/// Check and mate marks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CheckMark {
    /// `+`.
    Check,
    /// `++`.
    DoubleCheck,
    /// `#`, `+#`.
    Mate,
}

/// Move-quality annotations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Annotation {
    /// `!`
    Good,
    /// `?`
    Poor,
    /// `!!`
    Brilliant,
    /// `??`
    Blunder,
    /// `!?`
    Interesting,
    /// `?!`
    Dubious,
}

impl Annotation {
    /// The equivalent PGN numeric annotation glyph.
    pub fn nag(self) -> u8 {
        match self {
            Annotation::Good => 1,
            Annotation::Poor => 2,
            Annotation::Brilliant => 3,
            Annotation::Blunder => 4,
            Annotation::Interesting => 5,
            Annotation::Dubious => 6,
        }
    }
}

/// Marks after a move (ASCII or full-width).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Suffix {
    /// `+` or `#`, when written.
    pub check: Option<CheckMark>,
    /// `!`, `?`, `!!`, `??`, `!?` or `?!`, when written.
    pub annotation: Option<Annotation>,
}

/// One move token, unvalidated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveText {
    /// `None` for a pawn written without a letter, and for castling.
    pub piece: Option<PieceToken>,
    /// Origin file (0 = a) when written: full form or disambiguation.
    pub from_file: Option<u8>,
    /// Origin rank (0 = first) when written.
    pub from_rank: Option<u8>,
    /// The mark between origin and destination, when written.
    pub link: Option<Link>,
    /// Where the move goes.
    pub to: Target,
    /// The promotion, when written; boxed, as it is rare: a small move token is cheap to
    /// build and move.
    pub promotion: Option<Box<Promotion>>,
    /// Check and annotation marks after the move.
    pub suffix: Suffix,
    /// The whole token.
    pub span: Span,
}

impl MoveText {
    /// The capture mark written, if any.
    pub fn capture_mark(&self) -> Option<CaptureMark> {
        match self.link {
            Some(Link::Capture(mark)) => Some(mark),
            _ => None,
        }
    }

    /// The side castled to, for castling.
    pub fn castling(&self) -> Option<CastlingSide> {
        match self.to {
            Target::Castling(side) => Some(side),
            _ => None,
        }
    }
}
