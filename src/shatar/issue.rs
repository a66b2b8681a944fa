//! What the Shatar replay can find wrong (or worth noting) in a record, as data.
//! Move texts inside an issue (`written`, `suggestions`) are notation, not wording:
//! they are written in the notation the record itself uses.

use std::fmt;

use super::fen::FenError;
use super::position::{IllegalReason, SetupError};
use super::syntax::{ResultToken, SyntaxErrorKind};
use super::types::{Color, Role, Square};
use crate::diag::{Issue, Severity, Words};
use crate::lang::{zh, Lang, ToZh, Zh};

/// A claimable draw or other noteworthy state reached during the replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DrawNote {
    /// 50 moves (100 plies) without capture or pawn move (§1.5.2.4).
    FiftyMoves,
    /// The same position, same side to move, for the third time (§1.5.2.5).
    Repetition,
    /// One side gave check on every move while the position repeated (§1.5.2.1).
    PerpetualCheck {
        /// The side that kept giving check.
        checking: Color,
    },
    /// One of the drawn endings of §1.5.2.6 (1)–(3).
    DrawnEnding(&'static str),
}

/// How a finished game ended on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// One side is mated.
    Checkmate {
        /// The side that gave mate.
        winner: Color,
    },
    /// The side to move has no legal move and is not in check.
    Stalemate,
}

impl Ending {
    /// The result this ending gives.
    pub fn result(self) -> ResultToken {
        match self {
            Ending::Checkmate {
                winner: Color::White,
            } => ResultToken::WhiteWins,
            Ending::Checkmate {
                winner: Color::Blue,
            } => ResultToken::BlueWins,
            Ending::Stalemate => ResultToken::Draw,
        }
    }
}

/// Everything the Shatar replay reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShatarIssue {
    /// The text around the moves is malformed (tags, comments, variations, listing).
    Syntax {
        /// What is malformed.
        kind: SyntaxErrorKind,
    },
    /// The text could not be read as a move.
    Unparsable {
        /// Why the token is not a move, as the notation reader found it.
        reason: SyntaxErrorKind,
    },
    /// A promotion written in a chess player's words (`后`, `升虎`), which Shatar's
    /// notation does not have: the token is not read, and the moves it stands for are named.
    PromotionWords {
        /// The words after the move, as written.
        written: String,
        /// The legal promotions meant, as the rulebook writes them (`b7—b8变虎`).
        meant: Vec<String>,
    },
    /// Castling does not exist in Shatar.
    Castling,
    /// A pawn may promote to a tiger/lion, rook, knight or camel, never to a king.
    PromotionToKing,
    /// A pawn reached the last rank without saying what it becomes.
    PromotionMissing {
        /// The promotions that would be legal, in the record's notation.
        suggestions: Vec<String>,
    },
    /// Not one of the forced opening moves.
    BadFirstMove {
        /// The side whose first move it is.
        side: Color,
        /// The first moves allowed, in the record's notation.
        expected: Vec<String>,
    },
    /// No piece of that kind (on that square) belongs to the side to move.
    NoSuchPiece {
        /// The kind of piece written.
        role: Role,
        /// The square written for it, if any.
        from: Option<Square>,
        /// The side to move.
        side: Color,
        /// Legal moves that may have been meant, in the record's notation.
        suggestions: Vec<String>,
    },
    /// The piece exists but the move breaks a rule.
    IllegalMove {
        /// The kind of piece moved.
        role: Role,
        /// The side whose piece it is (the side to move), which names a queen.
        side: Color,
        /// Where it stands.
        from: Square,
        /// Where it was written to go.
        to: Square,
        /// The rule the move breaks.
        reason: IllegalReason,
        /// Where the piece may go instead.
        piece_moves: Vec<Square>,
        /// Legal moves that may have been meant, in the record's notation.
        suggestions: Vec<String>,
    },
    /// Several legal moves fit what was written.
    AmbiguousMove {
        /// The legal moves that fit, in the record's notation.
        candidates: Vec<String>,
    },
    /// A half-move the sheet leaves out: the next move written fits the other side.
    MissingMove {
        /// The side whose move is not written.
        side: Color,
        /// Its move number.
        number: u32,
        /// The next move written, as written (the other side's).
        next: String,
        /// The moves it may have been, best first, in the record's notation.
        candidates: Vec<String>,
        /// How many written moves replay after each of them.
        replayed: u32,
    },
    /// A move written again where the other side's move should stand: read without the
    /// repeat, the line goes on.
    RepeatedMove {
        /// The move written twice, as written.
        written: String,
        /// The side whose move the repeat stands in place of.
        side: Color,
        /// The next move written, as written: that side's move.
        next: String,
        /// How many written moves replay once the repeat is read as nothing.
        replayed: u32,
    },
    /// A move written after checkmate or stalemate.
    GameOver {
        /// How the game had ended.
        ending: Ending,
    },
    /// `+` or `#` written where the move does not give check or mate, or a mate left
    /// unmarked with `#`.
    CheckMarker {
        /// What the mark claims: `check` or `mate`.
        written: &'static str,
        /// What the move gives: `not check`, or `check but not mate`.
        actual: &'static str,
    },
    /// A move number that skips or repeats (`(5)… (7)…`): the game is read by its moves,
    /// so this is a warning with the number expected there.
    MoveNumber {
        /// The number written.
        written: u32,
        /// The number of the move it stands before.
        expected: u32,
    },
    /// A capture sign on a move that takes nothing, or none on a capture in full notation.
    CaptureMarker {
        /// Whether the move takes a piece.
        capture: bool,
    },
    /// White's queen called the lion or Blue's the tiger.
    QueenName {
        /// The side whose queen is misnamed.
        side: Color,
    },
    /// The recorded result contradicts the final position.
    ResultMismatch {
        /// The result the record states.
        recorded: ResultToken,
        /// How the final position ended.
        position: Ending,
    },
    /// The position listing or FEN does not give a playable position.
    BadSetup {
        /// What makes the position unplayable.
        reason: SetupFault,
    },
    /// A draw that became claimable at this move.
    Draw(DrawNote),
    /// A side is reduced to a bare king (§1.5.2.6 (4): matters for claims against a
    /// loss on time, not a draw by itself).
    BareKing {
        /// The side left with its king alone.
        side: Color,
    },
    /// A PGN game of chess (or another variant), not Shatar: named once instead of a
    /// cascade of Shatar rule errors. `variant` is the record's `Variant` tag, if any.
    OtherGame {
        /// The record's `Variant` tag, if any.
        variant: Option<String>,
        /// What showed it is not Shatar.
        sign: ChessSign,
    },
}

/// Why a start position is not playable: its FEN could not be read, or its piece
/// listing sets up no legal position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupFault {
    /// The FEN could not be read.
    Fen(FenError),
    /// The piece listing gives no legal position.
    Listing(SetupError),
}

impl ToZh for SetupFault {
    fn to_zh(&self) -> Zh {
        match self {
            SetupFault::Fen(error) => error.to_zh(),
            SetupFault::Listing(error) => error.to_zh(),
        }
    }
}

impl fmt::Display for SetupFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupFault::Fen(error) => error.fmt(f),
            SetupFault::Listing(error) => error.fmt(f),
        }
    }
}

/// What shows that a PGN game is not Shatar.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChessSign {
    /// A `Variant` tag that names another game.
    VariantTag,
    /// Castling, which only chess has.
    Castling,
    /// An opening move that Shatar's forced first pair forbids.
    FirstMove,
    /// Every move is legal chess, and Shatar refuses this one (as written): a pawn's
    /// double step after the opening pair, an en-passant capture.
    ChessMoves {
        /// The first move Shatar refuses, as written.
        refused: String,
    },
    /// A FEN with castling or en-passant rights, which only chess has, and every move
    /// legal chess from it.
    ChessSetup,
}

/// The piece's name; a queen by its side's name, the tiger (White's) or the lion (Blue's).
fn role_name(role: Role, side: Color) -> &'static str {
    match (role, side) {
        (Role::Queen, Color::White) => "tiger",
        (Role::Queen, Color::Blue) => "lion",
        (role, _) => match role {
            Role::Bishop => "camel",
            other => other.name(),
        },
    }
}

fn side_name(side: Color) -> &'static str {
    match side {
        Color::White => "White",
        Color::Blue => "Blue",
    }
}

fn or_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// The piece's name; a queen by its side's name, the tiger (虎) or the lion (狮).
fn role_zh(role: Role, side: Color) -> Zh {
    Zh::own(match (role, side) {
        (Role::Queen, Color::White) => "虎",
        (Role::Queen, Color::Blue) => "狮",
        (role, _) => role.name_zh(),
    })
}

fn side_zh(side: Color) -> Zh {
    Zh::own(side.name_zh())
}

/// `a`, `a 或 b`, `a、b 或 c`: the items are moves qipu writes in the record's notation.
fn or_list_zh(items: &[String]) -> Zh {
    match items {
        [] => Zh::default(),
        [one] => Zh::notation(one),
        [init @ .., last] => {
            let init = Zh::join(init.iter().map(|m| Zh::notation(m)), "、");
            zh!("{} 或 {}", init, Zh::notation(last))
        }
    }
}

fn ending_zh(ending: Ending) -> Zh {
    match ending {
        Ending::Checkmate { winner } => zh!("{}已将死对方", side_zh(winner)),
        Ending::Stalemate => Zh::own("局面已成逼和（无子可动）"),
    }
}

/// The drawn ending as the rulebook lists it (§1.5.2.6).
fn drawn_ending_zh(ending: &str) -> Zh {
    match ending {
        "king against king" => Zh::own("王对王"),
        "king and camel against king" => Zh::own("王、驼对王"),
        "king and knight against king" => Zh::own("王、马对王"),
        "king and camel against king and camel on same-coloured squares" => {
            Zh::own("王、驼对王、驼，双方的驼在同色斜线上")
        }
        other => zh!("{}", other),
    }
}

/// What a check mark claims (`check`, `mate`) or what the move gives (`not check`,
/// `check but not mate`).
fn check_zh(text: &str) -> Zh {
    Zh::own(match text {
        "mate" => "将死（#）",
        "check" => "将军（+）",
        "check but not mate" => "只是将军，并未将死",
        _ => "并未将军",
    })
}

fn piece_moves_text(role: Role, side: Color, from: Square, piece_moves: &[Square]) -> String {
    let name = role_name(role, side);
    match piece_moves {
        [] => format!("the {name} on {from} has no legal move"),
        [only] => format!("the {name} on {from} can only go to {only}"),
        many => {
            let squares: Vec<String> = many.iter().map(Square::to_string).collect();
            format!("the {name} on {from} can go to {}", or_list(&squares))
        }
    }
}

fn piece_moves_zh(role: Role, side: Color, from: Square, piece_moves: &[Square]) -> Zh {
    let name = role_zh(role, side);
    match piece_moves {
        [] => zh!("{} 的{}没有合法着法", from, name),
        [only] => zh!("{} 的{}只能走到 {}", from, name, only),
        many => {
            let squares: Vec<String> = many.iter().map(Square::to_string).collect();
            zh!("{} 的{}可以走到 {}", from, name, or_list_zh(&squares))
        }
    }
}

/// "`n` moves replay", one move alone.
fn moves_replay(n: u32) -> String {
    if n == 1 {
        "move replays".to_string()
    } else {
        format!("{n} moves replay")
    }
}

fn ending_text(ending: Ending) -> String {
    match ending {
        Ending::Checkmate { winner } => format!("{} has given checkmate", side_name(winner)),
        Ending::Stalemate => "the position is stalemate".to_string(),
    }
}

impl ShatarIssue {
    /// Rule breaches, and a result that contradicts the mate or stalemate on the board,
    /// are errors; wrong marks and numbers are warnings; claimable draws and bare kings
    /// are notes.
    pub fn severity(&self) -> Severity {
        match self {
            ShatarIssue::Syntax { kind } => match kind {
                SyntaxErrorKind::MalformedSetup | SyntaxErrorKind::CommentIntoNextGame => {
                    Severity::Error
                }
                _ => Severity::Warning,
            },
            ShatarIssue::CheckMarker { .. }
            | ShatarIssue::MoveNumber { .. }
            | ShatarIssue::CaptureMarker { .. }
            | ShatarIssue::QueenName { .. } => Severity::Warning,
            ShatarIssue::Draw(_) | ShatarIssue::BareKing { .. } => Severity::Note,
            _ => Severity::Error,
        }
    }
}

impl Issue for ShatarIssue {
    fn code(&self) -> &'static str {
        match self {
            ShatarIssue::Syntax { .. } => "syntax-error",
            ShatarIssue::Unparsable { .. } | ShatarIssue::PromotionWords { .. } => {
                "unparsable-move"
            }
            ShatarIssue::Castling => "castling",
            ShatarIssue::OtherGame { .. } => "other-game",
            ShatarIssue::PromotionToKing => "promotion-to-king",
            ShatarIssue::PromotionMissing { .. } => "promotion-missing",
            ShatarIssue::BadFirstMove { .. } => "bad-first-move",
            ShatarIssue::NoSuchPiece { .. } => "no-such-piece",
            ShatarIssue::IllegalMove { .. } => "illegal-move",
            ShatarIssue::AmbiguousMove { .. } => "ambiguous-move",
            ShatarIssue::MissingMove { .. } => "missing-move",
            ShatarIssue::RepeatedMove { .. } => "repeated-move",
            ShatarIssue::GameOver { .. } => "move-after-end",
            ShatarIssue::CheckMarker { .. } => "check-marker",
            ShatarIssue::MoveNumber { .. } => "move-number",
            ShatarIssue::CaptureMarker { .. } => "capture-marker",
            ShatarIssue::QueenName { .. } => "queen-name",
            ShatarIssue::ResultMismatch { .. } => "result-mismatch",
            ShatarIssue::BadSetup { .. } => "bad-setup",
            ShatarIssue::Draw(DrawNote::FiftyMoves) => "fifty-moves",
            ShatarIssue::Draw(DrawNote::Repetition) => "repetition",
            ShatarIssue::Draw(DrawNote::PerpetualCheck { .. }) => "perpetual-check",
            ShatarIssue::Draw(DrawNote::DrawnEnding(_)) => "drawn-ending",
            ShatarIssue::BareKing { .. } => "bare-king",
        }
    }

    fn words(&self, lang: Lang) -> Words {
        match self {
            ShatarIssue::Syntax { kind } => Words::new(lang, || kind.to_string(), || kind.to_zh()),
            ShatarIssue::Unparsable { reason } => Words::new(
                lang,
                || format!("cannot read this as a move: {reason}"),
                || zh!("无法读作着法：{}", reason.to_zh()),
            )
            .help(
                || "write a move as piece, from, separator, to (Ng1—f3) or piece and destination (Nf3)".to_string(),
                || Zh::own("着法写作棋子、起点、分隔号、终点（Ng1—f3），或棋子加终点（Nf3）"),
            ),
            ShatarIssue::PromotionWords { written, meant } => Words::new(
                lang,
                || format!("cannot read this as a move: Shatar does not write a promotion as {written}"),
                || zh!("无法读作着法：蒙古象棋的升变不写作 {}", written),
            )
            .help(
                || {
                    format!(
                        "did you mean {}? The rulebook writes a promotion with 变 and the piece",
                        or_list(meant)
                    )
                },
                || zh!("是否应为 {}？规则书以“变”加棋子记升变", or_list_zh(meant)),
            ),
            ShatarIssue::Castling => Words::new(
                lang,
                || "castling does not exist in Shatar".to_string(),
                || Zh::own("蒙古象棋没有王车易位"),
            )
            .help(
                || "Shatar has no castling: move the king and rook separately".to_string(),
                || Zh::own("蒙古象棋没有王车易位：王和车须分别走"),
            ),
            ShatarIssue::OtherGame { variant, sign } => Words::new(
                lang,
                || {
                    let game = match variant {
                        Some(variant) => format!("a game of {variant} (its Variant tag)"),
                        None => "a game of chess".to_string(),
                    };
                    let why = match sign {
                        ChessSign::VariantTag => String::new(),
                        ChessSign::Castling => ": it castles".to_string(),
                        ChessSign::FirstMove => {
                            ": it opens with a move Shatar does not allow".to_string()
                        }
                        ChessSign::ChessMoves { refused } => format!(
                            ": every move is legal chess, and Shatar does not allow {refused}"
                        ),
                        ChessSign::ChessSetup => ": its FEN gives castling or en-passant rights, \
                                                  and every move is legal chess"
                            .to_string(),
                    };
                    format!("this is {game}, not Shatar{why}")
                },
                || {
                    let game = match variant {
                        Some(variant) => zh!("一局 {}（见其 Variant 标签）", variant),
                        None => Zh::own("一局国际象棋"),
                    };
                    let why = match sign {
                        ChessSign::VariantTag => Zh::own(""),
                        ChessSign::Castling => Zh::own("：其中有王车易位"),
                        ChessSign::FirstMove => Zh::own("：开局着法是蒙古象棋所不允许的"),
                        ChessSign::ChessMoves { refused } => {
                            zh!("：每一着都合乎国际象棋规则，而蒙古象棋不允许 {}", refused)
                        }
                        ChessSign::ChessSetup => Zh::own(
                            "：其 FEN 给出王车易位或吃过路兵的权利，且每一着都合乎国际象棋规则",
                        ),
                    };
                    zh!("这是{}，不是蒙古象棋{}", game, why)
                },
            )
            .help(
                || "qipu reads PGN as Shatar; the moves are kept as written. A Shatar game with slips in its moves: add [Variant \"Shatar\"] to have it checked as Shatar".to_string(),
                || Zh::own("qipu 把 PGN 读作蒙古象棋；着法按原样保留。若这是着法有笔误的蒙古象棋对局，请加上 [Variant \"Shatar\"]，即按蒙古象棋检查"),
            ),
            ShatarIssue::PromotionToKing => Words::new(
                lang,
                || "a pawn cannot promote to a king".to_string(),
                || Zh::own("夫不能升变为王"),
            )
            .help(
                || "promote to Q (虎/狮), R (车), N (马) or B (驼)".to_string(),
                || Zh::own("可升变为 Q（虎/狮）、R（车）、N（马）或 B（驼）"),
            ),
            ShatarIssue::PromotionMissing { suggestions } => Words::new(
                lang,
                || {
                    "the pawn reaches the last rank but the move does not say what it becomes"
                        .to_string()
                },
                || Zh::own("夫已到达底线，但着法没有写明升变为什么棋子"),
            )
            .help(
                || match suggestions.as_slice() {
                    [one] => format!("write {one}"),
                    many => format!("write one of {}", or_list(many)),
                },
                || match suggestions.as_slice() {
                    [one] => zh!("请写成 {}", Zh::notation(one)),
                    many => zh!("请写成 {} 之一", or_list_zh(many)),
                },
            ),
            ShatarIssue::BadFirstMove { side, expected } => match side {
                Color::White => Words::new(
                    lang,
                    || "White's first move must be d2—d4 or e2—e4".to_string(),
                    || Zh::own("白方第一着必须是 d2—d4 或 e2—e4"),
                ),
                Color::Blue => Words::new(
                    lang,
                    || {
                        format!(
                            "Blue must answer with the same pawn two squares: {}",
                            or_list(expected)
                        )
                    },
                    || zh!("蓝方必须以相应的夫前进两格应着：{}", or_list_zh(expected)),
                ),
            }
            .help(
                || format!("did you mean {}?", or_list(expected)),
                || zh!("是否应为 {}？", or_list_zh(expected)),
            ),
            ShatarIssue::NoSuchPiece {
                role,
                from,
                side,
                suggestions,
            } => {
                let words = match from {
                    Some(square) => Words::new(
                        lang,
                        || format!("{} has no {} on {square}", side_name(*side), role_name(*role, *side)),
                        || {
                            zh!(
                                "{}在 {} 没有{}",
                                side_zh(*side),
                                square,
                                role_zh(*role, *side)
                            )
                        },
                    ),
                    None => Words::new(
                        lang,
                        || {
                            format!(
                                "{} has no {} that can make this move",
                                side_name(*side),
                                role_name(*role, *side)
                            )
                        },
                        || {
                            zh!(
                                "{}没有能走这步棋的{}",
                                side_zh(*side),
                                role_zh(*role, *side)
                            )
                        },
                    ),
                };
                if suggestions.is_empty() {
                    words
                } else {
                    words.help(
                        || format!("did you mean {}?", or_list(suggestions)),
                        || zh!("是否应为 {}？", or_list_zh(suggestions)),
                    )
                }
            }
            ShatarIssue::IllegalMove {
                role,
                side,
                from,
                to,
                reason,
                piece_moves,
                suggestions,
            } => Words::new(
                lang,
                || format!("the {} on {from} cannot move to {to}: {reason}", role_name(*role, *side)),
                || zh!("{} 的{}不能走到 {}：{}", from, role_zh(*role, *side), to, reason.to_zh()),
            )
            .help(
                || {
                    let moves = piece_moves_text(*role, *side, *from, piece_moves);
                    if suggestions.is_empty() {
                        moves
                    } else {
                        format!("{moves}; did you mean {}?", or_list(suggestions))
                    }
                },
                || {
                    let moves = piece_moves_zh(*role, *side, *from, piece_moves);
                    if suggestions.is_empty() {
                        moves
                    } else {
                        zh!("{}；{}", moves, zh!("是否应为 {}？", or_list_zh(suggestions)))
                    }
                },
            ),
            ShatarIssue::AmbiguousMove { candidates } => Words::new(
                lang,
                || format!("this fits {} legal moves", candidates.len()),
                || zh!("符合这一记录的合法着法有 {} 种", candidates.len()),
            )
            .help(
                || format!("write one of {}", or_list(candidates)),
                || zh!("请写成 {} 之一", or_list_zh(candidates)),
            ),
            ShatarIssue::MissingMove {
                side,
                number,
                next,
                candidates,
                replayed,
            } => Words::new(
                lang,
                || {
                    format!(
                        "{}'s move {number} is not written: the next move written, {next}, is {}'s",
                        side_name(*side),
                        side_name(side.other())
                    )
                },
                || {
                    zh!(
                        "{}第 {} 回合的着法漏记了：其后所记的 {} 是{}的着法",
                        side_zh(*side),
                        number,
                        Zh::notation(next),
                        side_zh(side.other())
                    )
                },
            )
            .help(
                || match candidates.as_slice() {
                    [one] => format!(
                        "{}'s move was {one}; the next {} with it",
                        side_name(*side),
                        moves_replay(*replayed)
                    ),
                    many => format!(
                        "{}'s move was one of {}; the next {} with each",
                        side_name(*side),
                        or_list(many),
                        moves_replay(*replayed)
                    ),
                },
                || match candidates.as_slice() {
                    [one] => zh!(
                        "{}这一着应为 {}，按此其后 {} 步都能复盘",
                        side_zh(*side),
                        Zh::notation(one),
                        replayed
                    ),
                    many => zh!(
                        "{}这一着应为 {} 之一，按其中任一种，其后 {} 步都能复盘",
                        side_zh(*side),
                        or_list_zh(many),
                        replayed
                    ),
                },
            ),
            ShatarIssue::RepeatedMove {
                written,
                side,
                next,
                replayed,
            } => Words::new(
                lang,
                || {
                    format!(
                        "{written} is written twice: the repeat stands where {}'s move should",
                        side_name(*side)
                    )
                },
                || {
                    zh!(
                        "{} 记了两次：重复的一步占了{}着法的位置",
                        Zh::notation(written),
                        side_zh(*side)
                    )
                },
            )
            .help(
                || {
                    format!(
                        "read without the repeat, {}'s move is the next one written, {next}; the next {} with it",
                        side_name(*side),
                        moves_replay(*replayed)
                    )
                },
                || {
                    zh!(
                        "去掉重复的一步，{}的着法是其后所记的 {}，按此其后 {} 步都能复盘",
                        side_zh(*side),
                        Zh::notation(next),
                        replayed
                    )
                },
            ),
            ShatarIssue::GameOver { ending } => Words::new(
                lang,
                || format!("a move after the end of the game: {}", ending_text(*ending)),
                || zh!("对局结束之后又记了着法：{}", ending_zh(*ending)),
            )
            .help(
                || "remove the moves after the end of the game".to_string(),
                || Zh::own("请删去对局结束之后的着法"),
            ),
            ShatarIssue::CheckMarker { written, actual } => Words::new(
                lang,
                || format!("the move is marked {written} but it is {actual}"),
                || zh!("着法标为{}，实际{}", check_zh(written), check_zh(actual)),
            )
            .help(
                || format!("the move is {actual}; correct the mark"),
                || zh!("这步棋{}；请改正标记", check_zh(actual)),
            ),
            ShatarIssue::MoveNumber { written, expected } => Words::new(
                lang,
                || format!("move number {written} where {expected} was expected"),
                || zh!("回合数写作 {}，此处应为 {}", written, expected),
            )
            .help(
                || format!("the moves were read in order; number this one {expected}"),
                || zh!("着法已按顺序读取；此回合应记为 {}", expected),
            ),
            ShatarIssue::CaptureMarker { capture: true } => Words::new(
                lang,
                || "the move takes a piece but is written without a capture sign".to_string(),
                || Zh::own("这步棋吃了子，却没有写吃子符号"),
            )
            .help(
                || "full notation writes a capture with ':' (Nf3:e5)".to_string(),
                || Zh::own("完整记录法用“:”记吃子（Nf3:e5）"),
            ),
            ShatarIssue::CaptureMarker { capture: false } => Words::new(
                lang,
                || "the move is written as a capture but takes nothing".to_string(),
                || Zh::own("这步棋记作吃子，却没有吃到棋子"),
            )
            .help(
                || "write a non-capturing move with '—' (Ng1—f3)".to_string(),
                || Zh::own("不吃子的着法用“—”记（Ng1—f3）"),
            ),
            ShatarIssue::QueenName { side: Color::White } => Words::new(
                lang,
                || "White's queen is the tiger (虎)".to_string(),
                || Zh::own("白方的这枚棋子是猛虎（虎），不是雄狮"),
            )
            .help(
                || "write 虎 (or 猛虎) for White's queen".to_string(),
                || Zh::own("白方的这枚棋子请写作 虎（或 猛虎）"),
            ),
            ShatarIssue::QueenName { side: Color::Blue } => Words::new(
                lang,
                || "Blue's queen is the lion (狮)".to_string(),
                || Zh::own("蓝方的这枚棋子是雄狮（狮），不是猛虎"),
            )
            .help(
                || "write 狮 (or 雄狮) for Blue's queen".to_string(),
                || Zh::own("蓝方的这枚棋子请写作 狮（或 雄狮）"),
            ),
            ShatarIssue::ResultMismatch { recorded, position } => {
                let (should, should_zh) = match position {
                    Ending::Checkmate {
                        winner: Color::White,
                    } => ("the result should be 1-0", "结果应为 1-0"),
                    Ending::Checkmate {
                        winner: Color::Blue,
                    } => ("the result should be 0-1", "结果应为 0-1"),
                    Ending::Stalemate => ("stalemate is a draw: 1/2-1/2", "逼和为和棋：1/2-1/2"),
                };
                Words::new(
                    lang,
                    || {
                        format!(
                            "the result {recorded} contradicts the final position: {}",
                            ending_text(*position)
                        )
                    },
                    || zh!("记录的结果 {} 与终局局面不符：{}", recorded, ending_zh(*position)),
                )
                .help(|| should.to_string(), || Zh::own(should_zh))
            }
            ShatarIssue::BadSetup { reason } => Words::new(
                lang,
                || format!("the start position is not playable: {reason}"),
                || zh!("起始局面无法行棋：{}", reason.to_zh()),
            ),
            ShatarIssue::Draw(DrawNote::FiftyMoves) => Words::new(
                lang,
                || "50 moves without a capture or a pawn move: a draw can be claimed".to_string(),
                || Zh::own("50 回合之内双方没有吃子，也没有走动过夫：可以提和（50 回合自然限着）"),
            ),
            ShatarIssue::Draw(DrawNote::Repetition) => Words::new(
                lang,
                || "the same position occurs for the third time: a draw can be claimed".to_string(),
                || Zh::own("相同局面第三次出现：可以提和"),
            ),
            ShatarIssue::Draw(DrawNote::PerpetualCheck { checking }) => Words::new(
                lang,
                || format!("{} is giving perpetual check: the game is drawn", side_name(*checking)),
                || zh!("{}长将不变：和棋", side_zh(*checking)),
            ),
            ShatarIssue::Draw(DrawNote::DrawnEnding(ending)) => Words::new(
                lang,
                || format!("drawn ending ({ending}): a draw can be claimed"),
                || zh!("双方均无取胜可能的残局（{}）：可以提和", drawn_ending_zh(ending)),
            ),
            ShatarIssue::BareKing { side } => Words::new(
                lang,
                || format!("{} has only the king left", side_name(*side)),
                || zh!("{}只剩一个王", side_zh(*side)),
            ),
        }
    }
}
