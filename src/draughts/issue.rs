//! What the draughts replay can find wrong (or worth noting) in a record, as data.
//! Squares and moves are kept as engine values with the [`SquareStyle`] the record uses,
//! so the wording names them the way the record writes them.

use super::draw_rules::DrawKind;
use super::notation::{distinct_effects, SquareStyle};
use super::position::{Color, IllegalReason, Move, SetupError, Variant};
use super::square::{Numbering, Square};
use super::syntax::SyntaxErrorKind;
use crate::diag::{Issue, Severity, Words};
use crate::lang::{zh, Lang, ToZh, Zh};

/// Moves named in one help line at most.
const HELP_MOVES: usize = 8;
/// Readings of what the writer meant named at most: the best, beyond which the rest of
/// the line rarely tells them apart.
const MEANT_NAMED: usize = 3;

/// Why the game cannot be read as 64-square Russian or Brazilian draughts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameTypeEvidence {
    /// The `GameType` tag says so.
    Tag,
    /// A square number beyond 32 (in the moves or the FEN).
    SquareNumber(u8),
    /// White's first move is an opening move of the 10×10 board (`32-28`).
    OpeningMove(String),
    /// The `Event` tag names the game (`… checkers …`).
    EventName(String),
    /// The FEN sets up the starting array with Black to move, as English checkers starts.
    BlackToMoveAtStart,
    /// The first two moves fit only Black moving first from 9–12, as in English checkers.
    BlackMovesFirst(String),
}

/// What in a record read as Russian would fit English checkers too.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CheckersLook {
    /// The first move leaves 9–12: White's in the rulebook numbering, and Black's first
    /// move in English checkers.
    FirstMove(String),
    /// The FEN, in numbers, gives Black the move, as English checkers positions often do.
    BlackToMove,
}

/// Where the numbering convention of a numeric record was taken from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NumberingSource {
    /// The notation field of the `GameType` tag (`N0`, `N2`).
    GameType,
    /// Where the FEN puts each side's men.
    Fen,
    /// The first move, legal in this numbering only.
    FirstMove(String),
    /// Nothing told: the rulebook's numbering.
    Default,
}

/// What is wrong with a FEN tag.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenProblem {
    /// It does not follow `turn:Wsquares:Bsquares`.
    Syntax(&'static str),
    /// A square that is not on the 64-square board.
    NoSuchSquare(String),
    /// The pieces cannot stand so.
    Setup(SetupError),
}

/// Why a move token could not be read as a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unparsable {
    /// The reader could not make a move of the token.
    Token(SyntaxErrorKind),
    /// A square number beyond 32 or a light square.
    NoSuchSquare(String),
}

/// What the writer of a move no legal move fits may have meant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Meant {
    /// This move.
    Move(Move),
    /// This half-move, left out before the written move.
    LeftOut(Move),
    /// The same side's next move first, the opponent's, then this one: the order played.
    Swapped([Move; 3]),
    /// Nothing: the move is written twice; the next move written, read here, is this
    /// side's (when it reads).
    Doubled(Option<Move>),
}

/// Everything the draughts replay reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DraughtsIssue {
    /// The text around the moves is malformed (tags, comments, variations).
    Syntax {
        /// What is malformed.
        kind: SyntaxErrorKind,
    },
    /// The FEN tag does not give a playable position.
    BadFen {
        /// What is wrong with it.
        problem: FenProblem,
    },
    /// The record is of a game qipu does not replay (10×10, English checkers, …).
    UnsupportedGameType {
        /// The PDN `GameType` number of the game it is.
        number: u32,
        /// What shows it.
        evidence: GameTypeEvidence,
    },
    /// The token could not be read as a move.
    Unparsable {
        /// Why the token is not a move.
        reason: Unparsable,
    },
    /// A move written `-`: not recorded, so the game cannot be replayed beyond it.
    UnrecordedMove,
    /// The start square holds no piece of the side to move.
    NoSuchPiece {
        /// The start square written.
        square: Square,
        /// The side to move.
        side: Color,
        /// The side whose piece stands there, if any.
        occupant: Option<Color>,
        /// The legal moves of the position, for help.
        legal: Vec<Move>,
        /// What the writer may have meant, best first, judged by the rest of the line.
        meant: Vec<Meant>,
        /// How the record writes squares, so that help is written the same way.
        style: SquareStyle,
    },
    /// A piece of the side to move stands there, but the move breaks a rule.
    IllegalMove {
        /// The move as written.
        written: String,
        /// The rule it breaks.
        reason: IllegalReason,
        /// The legal moves of the position, for help.
        legal: Vec<Move>,
        /// What the writer may have meant, best first, judged by the rest of the line.
        meant: Vec<Meant>,
        /// How the record writes squares, so that help is written the same way.
        style: SquareStyle,
    },
    /// The written move is the other side's: a half-move of `side` is left out before it.
    MissingMove {
        /// The side whose half-move the record leaves out.
        side: Color,
        /// What the writer may have meant, best first, judged by the rest of the line:
        /// the half-moves that let it go on first.
        meant: Vec<Meant>,
        /// How the record writes squares, so that help is written the same way.
        style: SquareStyle,
    },
    /// The from–to fits captures that take different pieces.
    AmbiguousMove {
        /// The captures that fit.
        candidates: Vec<Move>,
        /// How the record writes squares, so that help is written the same way.
        style: SquareStyle,
    },
    /// A move after the side to move has lost (no piece or no legal move).
    MoveAfterEnd {
        /// The side that had lost.
        loser: Color,
        /// It had lost by having no piece left (else, no legal move).
        no_pieces: bool,
    },
    /// The recorded result contradicts the final position.
    ResultMismatch {
        /// The result the record states.
        recorded: String,
        /// The side that lost on the board.
        loser: Color,
        /// It lost by having no piece left (else, no legal move).
        no_pieces: bool,
    },
    /// Which numbering convention numeric squares were read in, and why.
    Numbering {
        /// The convention used.
        numbering: Numbering,
        /// The rules the record is played by, whose GameType the help names.
        variant: Variant,
        /// Why it was chosen.
        source: NumberingSource,
    },
    /// No `GameType` and no `--variant`: the rules were taken to be these, though the
    /// record may be English checkers, which looks the same (`checkers`).
    VariantDefaulted {
        /// The rules assumed.
        variant: Variant,
        /// What makes the record look like English checkers, if anything.
        checkers: Option<CheckersLook>,
    },
    /// A comment that a writer made of moves it could not replay (`{unreplayed: …}`).
    UnreplayedMoves,
    /// A draw that becomes claimable at this move.
    Draw(DrawKind),
}

/// English name of a PDN game type number.
pub fn game_type_name(number: u32) -> &'static str {
    match number {
        20 => "international draughts on 10×10",
        21 => "English draughts (checkers)",
        22 => "Italian draughts",
        23 => "American pool checkers",
        24 => "Spanish draughts",
        25 => "Russian draughts",
        26 => "Brazilian draughts",
        27 => "Canadian draughts on 12×12",
        28 => "Portuguese draughts",
        29 => "Czech draughts",
        30 => "Turkish draughts",
        31 => "Thai draughts",
        40 => "Frisian draughts on 10×10",
        41 => "Spantsiretti on 10×8",
        _ => "an unknown game type",
    }
}

/// `White` or `Black`.
pub fn side_name(side: Color) -> &'static str {
    match side {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// `russian` or `brazilian`, as the JSON reports name the variant.
pub fn variant_name(variant: Variant) -> &'static str {
    match variant {
        Variant::Russian => "russian",
        Variant::Brazilian => "brazilian",
    }
}

const READS: &str = "qipu reads 64-square Russian (25) and Brazilian (26)";

/// Chinese name of a PDN game type number.
fn game_type_zh(number: u32) -> Zh {
    Zh::own(match number {
        20 => "国际跳棋（10×10）",
        21 => "英国跳棋（checkers）",
        22 => "意大利跳棋",
        23 => "美国 pool 跳棋",
        24 => "西班牙跳棋",
        25 => "俄罗斯跳棋",
        26 => "巴西跳棋",
        27 => "加拿大跳棋（12×12）",
        28 => "葡萄牙跳棋",
        29 => "捷克跳棋",
        30 => "土耳其跳棋",
        31 => "泰国跳棋",
        40 => "弗里斯兰跳棋（10×10）",
        41 => "Spantsiretti 跳棋（10×8）",
        _ => "未知的棋种",
    })
}

const READS_ZH: &str = "qipu 只读 64 格的俄罗斯跳棋（25）和巴西跳棋（26）";

fn side_zh(side: Color) -> Zh {
    Zh::own(match side {
        Color::White => "白方",
        Color::Black => "黑方",
    })
}

fn loss_zh(loser: Color, no_pieces: bool) -> Zh {
    if no_pieces {
        zh!("{}的棋子已被吃光", side_zh(loser))
    } else {
        zh!("{}已无棋可走", side_zh(loser))
    }
}

/// The moves with full paths, `a、b 或 c`, at most `limit` of them named.
fn move_list_zh(style: SquareStyle, moves: &[Move], limit: usize) -> Zh {
    let names: Vec<String> = moves
        .iter()
        .take(limit)
        .map(|m| style.write_move(m, m.is_capture()))
        .collect();
    let mut text = match names.as_slice() {
        [] => Zh::default(),
        [one] => zh!("{}", one),
        [init @ .., last] => zh!("{} 或 {}", init.join("、"), last),
    };
    if moves.len() > limit {
        text.push(&zh!("（另有 {} 种）", moves.len() - limit));
    }
    text
}

impl DraughtsIssue {
    /// Rule breaches, unreadable records and a result that contradicts the loss on the
    /// board are errors; structural slips are warnings; claimable draws and the
    /// conventions chosen are notes.
    pub fn severity(&self) -> Severity {
        match self {
            DraughtsIssue::Syntax { kind } => match kind {
                // The text after an unbalanced comment is swallowed or misread.
                SyntaxErrorKind::NestedComment
                | SyntaxErrorKind::UnterminatedComment
                | SyntaxErrorKind::UnterminatedSetup => Severity::Error,
                _ => Severity::Warning,
            },
            DraughtsIssue::UnreplayedMoves => Severity::Warning,
            DraughtsIssue::Numbering { .. }
            | DraughtsIssue::VariantDefaulted { .. }
            | DraughtsIssue::Draw(_) => Severity::Note,
            _ => Severity::Error,
        }
    }
}

fn loss_text(loser: Color, no_pieces: bool) -> String {
    if no_pieces {
        format!("{} has no pieces left", side_name(loser))
    } else {
        format!("{} has no legal move", side_name(loser))
    }
}

/// The help that lists the legal moves, where there are any.
fn with_legal_moves(words: Words, legal: &[Move], style: SquareStyle) -> Words {
    if legal.is_empty() {
        return words;
    }
    words.help(
        || {
            format!(
                "legal moves: {}",
                style.move_list(&distinct_effects(legal), HELP_MOVES)
            )
        },
        || {
            zh!(
                "合法着法：{}",
                move_list_zh(style, &distinct_effects(legal), HELP_MOVES)
            )
        },
    )
}

/// One thing the writer may have meant, as the help names it.
fn meant_text(style: SquareStyle, meant: &Meant) -> String {
    let write = |m: &Move| style.write_move(m, m.is_capture());
    match meant {
        Meant::Move(mv) => write(mv),
        Meant::LeftOut(mv) => format!("{} left out before it", write(mv)),
        Meant::Swapped([first, between, second]) => format!(
            "{} {} {} in that order",
            write(first),
            write(between),
            write(second)
        ),
        Meant::Doubled(Some(next)) => format!("{} after the move written twice", write(next)),
        Meant::Doubled(None) => "the move written twice".to_string(),
    }
}

fn meant_zh(style: SquareStyle, meant: &Meant) -> Zh {
    let write = |m: &Move| style.write_move(m, m.is_capture());
    match meant {
        Meant::Move(mv) => zh!("{}", write(mv)),
        Meant::LeftOut(mv) => zh!("此前漏记的 {}", write(mv)),
        Meant::Swapped([first, between, second]) => zh!(
            "按 {} {} {} 的次序",
            write(first),
            write(between),
            write(second)
        ),
        Meant::Doubled(Some(next)) => zh!("重复记录的着法之后的 {}", write(next)),
        Meant::Doubled(None) => Zh::own("重复记录的着法"),
    }
}

/// The help that names what the writer may have meant, best first, where anything fits.
fn with_meant(words: Words, meant: &[Meant], style: SquareStyle) -> Words {
    if meant.is_empty() {
        return words;
    }
    words.help(
        || {
            let names: Vec<String> = meant
                .iter()
                .take(MEANT_NAMED)
                .map(|m| meant_text(style, m))
                .collect();
            let list = match names.as_slice() {
                [init @ .., last] if !init.is_empty() => format!("{} or {last}", init.join(", ")),
                _ => names.concat(),
            };
            format!("did you mean {list}?")
        },
        || {
            let names: Vec<Zh> = meant
                .iter()
                .take(MEANT_NAMED)
                .map(|m| meant_zh(style, m))
                .collect();
            let count = names.len();
            let mut list = Zh::default();
            for (i, name) in names.into_iter().enumerate() {
                if i > 0 {
                    list.push(&Zh::own(if i + 1 == count { " 或 " } else { "、" }));
                }
                list.push(&name);
            }
            zh!("是否想走 {}？", list)
        },
    )
}

/// The words of a move that breaks a rule: what it breaks, and the moves that are legal.
fn illegal_words(
    lang: Lang,
    written: &str,
    reason: &IllegalReason,
    legal: &[Move],
    style: SquareStyle,
) -> Words {
    let sq = |s: &Square| style.square(*s);
    let list = |moves: &[Move]| style.move_list(&distinct_effects(moves), HELP_MOVES);
    let list_zh = |moves: &[Move]| move_list_zh(style, &distinct_effects(moves), HELP_MOVES);
    let legal_moves = |words: Words| with_legal_moves(words, legal, style);
    match reason {
        IllegalReason::CaptureMandatory { captures } => {
            let capture_written = written.contains(['x', 'X', '×', ':']);
            Words::new(
                lang,
                || {
                    if capture_written {
                        format!("capture is mandatory, but {written} is not a legal capture")
                    } else {
                        format!("capture is mandatory, but {written} takes nothing")
                    }
                },
                || {
                    if capture_written {
                        zh!("必须吃子，但 {} 不是合法的吃子", written)
                    } else {
                        zh!("必须吃子，但 {} 没有吃子", written)
                    }
                },
            )
            .help(
                || format!("a capture must be made: {}", list(captures)),
                || zh!("必须吃子：{}", list_zh(captures)),
            )
        }
        IllegalReason::CaptureIncomplete {
            stopped_at,
            continuations,
        } => Words::new(
            lang,
            || {
                format!(
                    "the capture is incomplete: it stops on {} although the piece can take more",
                    sq(stopped_at)
                )
            },
            || {
                zh!(
                    "连吃没有走完：停在 {}，但这枚棋子还能继续吃",
                    sq(stopped_at)
                )
            },
        )
        .help(
            || {
                format!(
                    "the capture goes on from {}: {}",
                    sq(stopped_at),
                    list(continuations)
                )
            },
            || {
                zh!(
                    "须从 {} 继续吃子：{}",
                    sq(stopped_at),
                    list_zh(continuations)
                )
            },
        ),
        IllegalReason::NotMajority { taken, required } => Words::new(
            lang,
            || {
                format!(
                    "not the majority capture: {written} takes {taken} piece(s) but {required} can be taken"
                )
            },
            || {
                zh!(
                    "没有选择吃子最多的路线：{} 吃 {} 子，但可以吃 {} 子",
                    written,
                    taken,
                    required
                )
            },
        )
        .help(
            || {
                format!(
                    "Brazilian rules require the capture taking the most pieces ({required}): {}",
                    list(legal)
                )
            },
            || {
                zh!(
                    "巴西规则要求选择吃子最多的路线（{} 子）：{}",
                    required,
                    list_zh(legal)
                )
            },
        ),
        IllegalReason::JumpsPieceTwice { square } => Words::new(
            lang,
            || format!("the piece on {} is jumped twice", sq(square)),
            || zh!("{} 上的棋子被跳过了两次", sq(square)),
        )
        .help(
            || {
                format!(
                    "a piece may be jumped only once in a capture; legal: {}",
                    list(legal)
                )
            },
            || {
                zh!(
                    "一次连吃中同一枚棋子只能被跳过一次；合法着法：{}",
                    list_zh(legal)
                )
            },
        ),
        IllegalReason::ManMovesBackward { from, to } => legal_moves(Words::new(
            lang,
            || format!("a man cannot move backward ({} to {})", sq(from), sq(to)),
            || zh!("普通棋子不能后退（{} 到 {}）", sq(from), sq(to)),
        )),
        IllegalReason::JumpsOwnPiece { square } => legal_moves(Words::new(
            lang,
            || format!("the route jumps the mover's own piece on {}", sq(square)),
            || zh!("路线跳过了己方在 {} 的棋子", sq(square)),
        )),
        IllegalReason::PathBlocked { square } => legal_moves(Words::new(
            lang,
            || format!("the way is blocked on {}", sq(square)),
            || zh!("路线在 {} 被阻挡", sq(square)),
        )),
        IllegalReason::NothingJumped { from, to } => legal_moves(Words::new(
            lang,
            || format!("the step {} to {} takes no piece", sq(from), sq(to)),
            || zh!("从 {} 到 {} 这一跳没有吃到棋子", sq(from), sq(to)),
        )),
        IllegalReason::DestinationOccupied { square } => legal_moves(Words::new(
            lang,
            || format!("{} is occupied", sq(square)),
            || zh!("{} 上已有棋子", sq(square)),
        )),
        IllegalReason::NotDiagonal { from, to } => legal_moves(Words::new(
            lang,
            || format!("{} and {} are not on one diagonal", sq(from), sq(to)),
            || zh!("{} 和 {} 不在同一条斜线上", sq(from), sq(to)),
        )),
        IllegalReason::TooFar { from, to } => legal_moves(Words::new(
            lang,
            || {
                format!(
                    "a man cannot go from {} to {} in one move",
                    sq(from),
                    sq(to)
                )
            },
            || zh!("普通棋子一着不能从 {} 走到 {}", sq(from), sq(to)),
        )),
        IllegalReason::NoPieceThere { square } => legal_moves(Words::new(
            lang,
            || format!("there is no piece on {}", sq(square)),
            || zh!("{} 上没有棋子", sq(square)),
        )),
        IllegalReason::OpponentsPiece { square } => legal_moves(Words::new(
            lang,
            || format!("the piece on {} belongs to the opponent", sq(square)),
            || zh!("{} 上的棋子属于对方", sq(square)),
        )),
        IllegalReason::NoSuchMove => legal_moves(Words::new(
            lang,
            || format!("{written} is not a legal move"),
            || zh!("{} 不是合法着法", written),
        )),
    }
}

impl Issue for DraughtsIssue {
    fn code(&self) -> &'static str {
        match self {
            DraughtsIssue::Syntax { .. } => "syntax-error",
            DraughtsIssue::BadFen { .. } => "bad-fen",
            DraughtsIssue::UnsupportedGameType { .. } => "unsupported-game-type",
            DraughtsIssue::Unparsable { .. } => "unparsable-move",
            DraughtsIssue::UnrecordedMove => "unrecorded-move",
            DraughtsIssue::NoSuchPiece { .. } => "no-such-piece",
            DraughtsIssue::IllegalMove { .. } => "illegal-move",
            DraughtsIssue::MissingMove { .. } => "missing-move",
            DraughtsIssue::AmbiguousMove { .. } => "ambiguous-move",
            DraughtsIssue::MoveAfterEnd { .. } => "move-after-end",
            DraughtsIssue::ResultMismatch { .. } => "result-mismatch",
            DraughtsIssue::Numbering { .. } => "numbering",
            DraughtsIssue::VariantDefaulted { .. } => "variant",
            DraughtsIssue::UnreplayedMoves => "unreplayed-moves",
            DraughtsIssue::Draw(DrawKind::Repetition) => "repetition",
            DraughtsIssue::Draw(DrawKind::NoCapture) => "no-capture-rounds",
            DraughtsIssue::Draw(DrawKind::KingsOnlyMoves) => "kings-only-rounds",
            DraughtsIssue::Draw(DrawKind::SmallEndgame) => "small-endgame",
            DraughtsIssue::Draw(DrawKind::ThreeKingsVsKing) => "three-kings",
        }
    }

    fn words(&self, lang: Lang) -> Words {
        match self {
            DraughtsIssue::Syntax { kind } => {
                Words::new(lang, || kind.to_string(), || kind.to_zh())
            }
            DraughtsIssue::BadFen { problem } => Words::new(
                lang,
                || match problem {
                    FenProblem::Syntax(what) => format!("malformed FEN: expected {what}"),
                    FenProblem::NoSuchSquare(square) => format!(
                        "the FEN names square {square}, which is not on the 64-square board"
                    ),
                    FenProblem::Setup(error) => {
                        format!("the FEN position is impossible: {error}")
                    }
                },
                || match problem {
                    FenProblem::Syntax(what) => {
                        zh!("FEN 格式有误：应为{}", super::syntax::expected_zh(what))
                    }
                    FenProblem::NoSuchSquare(square) => {
                        zh!("FEN 中的格子 {} 不在 64 格棋盘上", square)
                    }
                    FenProblem::Setup(error) => {
                        zh!("FEN 给出的局面不可能成立：{}", error.to_zh())
                    }
                },
            )
            .help(
                || {
                    "write the position as turn:Wsquares:Bsquares, kings with K (W:W21,22,K5:B1,2)"
                        .to_string()
                },
                || Zh::own("局面写作 轮走方:W格子:B格子，王棋前加 K（W:W21,22,K5:B1,2）"),
            ),
            DraughtsIssue::UnsupportedGameType { number, evidence } => {
                let name = game_type_name(*number);
                let game = || game_type_zh(*number);
                let reads = || Zh::own(READS_ZH);
                let words = match evidence {
                    GameTypeEvidence::Tag => Words::new(
                        lang,
                        || format!("GameType {number} is {name}; {READS}"),
                        || zh!("GameType {} 是{}；{}", number, game(), reads()),
                    ),
                    GameTypeEvidence::SquareNumber(n) => Words::new(
                        lang,
                        || format!(
                            "square {n} is not on the 64-square board: this is {name} (GameType {number}); {READS}"
                        ),
                        || zh!(
                            "格子 {} 不在 64 格棋盘上：这是{}，即 GameType {}；{}",
                            n,
                            game(),
                            number,
                            reads()
                        ),
                    ),
                    GameTypeEvidence::OpeningMove(text) => Words::new(
                        lang,
                        || format!(
                            "White's first move {text} opens a game of {name} (GameType {number}); {READS}"
                        ),
                        || zh!(
                            "白方第一着 {} 是{}的开局，即 GameType {}；{}",
                            text,
                            game(),
                            number,
                            reads()
                        ),
                    ),
                    GameTypeEvidence::EventName(event) => Words::new(
                        lang,
                        || format!(
                            "the event \"{event}\" names the game: this is {name} (GameType {number}); {READS}"
                        ),
                        || zh!(
                            "赛事名“{}”指明了棋种：这是{}，即 GameType {}；{}",
                            event,
                            game(),
                            number,
                            reads()
                        ),
                    ),
                    GameTypeEvidence::BlackToMoveAtStart => Words::new(
                        lang,
                        || format!(
                            "the FEN gives Black the first move from the starting array: this is {name} (GameType {number}); {READS}"
                        ),
                        || zh!(
                            "FEN 在初始局面让黑方先走：这是{}，即 GameType {}；{}",
                            game(),
                            number,
                            reads()
                        ),
                    ),
                    GameTypeEvidence::BlackMovesFirst(text) => Words::new(
                        lang,
                        || format!(
                            "the moves {text} are Black's first move and White's reply: this is {name} (GameType {number}), where Black moves first; {READS}"
                        ),
                        || zh!(
                            "着法 {} 是黑方的第一着和白方的应着：这是黑方先走的{}，即 GameType {}；{}",
                            text,
                            game(),
                            number,
                            reads()
                        ),
                    ),
                };
                match evidence {
                    GameTypeEvidence::Tag => words,
                    GameTypeEvidence::EventName(_)
                    | GameTypeEvidence::BlackToMoveAtStart
                    | GameTypeEvidence::BlackMovesFirst(_) => words.help(
                        || "if this is Russian or Brazilian draughts, add [GameType \"25\"] or [GameType \"26\"], or pass --variant".to_string(),
                        || Zh::own("若这是俄罗斯或巴西跳棋，请加上 [GameType \"25\"] 或 [GameType \"26\"]，或使用 --variant"),
                    ),
                    GameTypeEvidence::SquareNumber(_) | GameTypeEvidence::OpeningMove(_) => words.help(
                        || "if this is a 64-square game, add [GameType \"25\"] or [GameType \"26\"] or pass --variant".to_string(),
                        || Zh::own("若这是 64 格的跳棋，请加上 [GameType \"25\"] 或 [GameType \"26\"]，或使用 --variant"),
                    ),
                }
            }
            DraughtsIssue::Unparsable { reason } => Words::new(
                lang,
                || match reason {
                    Unparsable::Token(kind) => format!("cannot read this as a move: {kind}"),
                    Unparsable::NoSuchSquare(square) => {
                        format!("{square} is not a playing square of the 64-square board")
                    }
                },
                || match reason {
                    Unparsable::Token(kind) => zh!("无法读作着法：{}", kind.to_zh()),
                    Unparsable::NoSuchSquare(square) => {
                        zh!("{} 不是 64 格棋盘上可以走棋的格子", square)
                    }
                },
            )
            .help(
                || {
                    "write a move as from-to (9-13, c3-d4) or a capture as from x to (19x10, e5:c3)"
                        .to_string()
                },
                || Zh::own("着法写作 起点-终点（9-13、c3-d4），吃子写作 起点x终点（19x10、e5:c3）"),
            ),
            DraughtsIssue::UnrecordedMove => Words::new(
                lang,
                || {
                    "this move was not recorded (`-`): the game cannot be replayed beyond it"
                        .to_string()
                },
                || Zh::own("这步棋没有记录（`-`）：其后的对局无法复盘"),
            )
            .help(
                || "fill in the missing moves to check the rest of the game".to_string(),
                || Zh::own("补上缺失的着法，才能检查对局的其余部分"),
            ),
            DraughtsIssue::NoSuchPiece {
                square,
                side,
                occupant,
                legal,
                meant,
                style,
            } => {
                let square = style.square(*square);
                let words = match occupant {
                    Some(owner) => Words::new(
                        lang,
                        || {
                            format!(
                                "the piece on {square} is {}'s, but it is {}'s move",
                                side_name(*owner),
                                side_name(*side)
                            )
                        },
                        || {
                            zh!(
                                "{} 上的棋子属于{}，但轮到{}走棋",
                                square,
                                side_zh(*owner),
                                side_zh(*side)
                            )
                        },
                    ),
                    None => Words::new(
                        lang,
                        || {
                            format!(
                                "{} has no piece on {square}: the square is empty",
                                side_name(*side)
                            )
                        },
                        || zh!("{}在 {} 没有棋子：该格是空的", side_zh(*side), square),
                    ),
                };
                with_meant(with_legal_moves(words, legal, *style), meant, *style)
            }
            DraughtsIssue::IllegalMove {
                written,
                reason,
                legal,
                meant,
                style,
            } => with_meant(
                illegal_words(lang, written, reason, legal, *style),
                meant,
                *style,
            ),
            DraughtsIssue::MissingMove { side, meant, style } => with_meant(
                Words::new(
                    lang,
                    || {
                        format!(
                            "the move is the other side's: a half-move of {} is left out before it",
                            side_name(*side)
                        )
                    },
                    || zh!("这步棋属于另一方：此前漏记了{}的一步", side_zh(*side)),
                ),
                meant,
                *style,
            ),
            DraughtsIssue::AmbiguousMove { candidates, style } => Words::new(
                lang,
                || {
                    format!(
                        "ambiguous capture: {} legal captures take different pieces",
                        candidates.len()
                    )
                },
                || {
                    zh!(
                        "吃子有歧义：有 {} 种合法的吃法，吃掉的棋子各不相同",
                        candidates.len()
                    )
                },
            )
            .help(
                || {
                    format!(
                        "write the full path: {}",
                        style.move_list(candidates, HELP_MOVES)
                    )
                },
                || {
                    zh!(
                        "请写出完整路线：{}",
                        move_list_zh(*style, candidates, HELP_MOVES)
                    )
                },
            ),
            DraughtsIssue::MoveAfterEnd { loser, no_pieces } => Words::new(
                lang,
                || {
                    format!(
                        "a move after the end of the game: {}",
                        loss_text(*loser, *no_pieces)
                    )
                },
                || zh!("对局结束之后又记了着法：{}", loss_zh(*loser, *no_pieces)),
            )
            .help(
                || "remove the moves after the end of the game".to_string(),
                || Zh::own("请删去对局结束之后的着法"),
            ),
            DraughtsIssue::ResultMismatch {
                recorded,
                loser,
                no_pieces,
            } => {
                let should_be = match loser {
                    Color::White => "0-2",
                    Color::Black => "2-0",
                };
                Words::new(
                    lang,
                    || {
                        format!(
                            "the result {recorded} contradicts the final position: {} and has lost",
                            loss_text(*loser, *no_pieces)
                        )
                    },
                    || {
                        zh!(
                            "记录的结果 {} 与终局局面不符：{}，已告负",
                            recorded,
                            loss_zh(*loser, *no_pieces)
                        )
                    },
                )
                .help(
                    || format!("the result should be {should_be}"),
                    || zh!("结果应为 {}", should_be),
                )
            }
            DraughtsIssue::Numbering {
                numbering,
                variant,
                source,
            } => {
                let game_type = match variant {
                    Variant::Russian => 25,
                    Variant::Brazilian => 26,
                };
                let words = Words::new(
                    lang,
                    || {
                        let convention = match numbering {
                            Numbering::Rulebook => {
                                "the rulebook numbering (1 = a1, White on 1–12)"
                            }
                            Numbering::Top => "the numbering from the top (1 = b8, White on 21–32)",
                        };
                        let why = match source {
                            NumberingSource::GameType => "as the GameType tag states".to_string(),
                            NumberingSource::Fen => {
                                "from where the FEN puts each side's men".to_string()
                            }
                            NumberingSource::FirstMove(text) => {
                                format!("since White's first move {text} is legal only in it")
                            }
                            NumberingSource::Default => "by default".to_string(),
                        };
                        format!("square numbers read in {convention}, {why}")
                    },
                    || {
                        let convention = Zh::own(match numbering {
                            Numbering::Rulebook => "规则书的编号方式（1 = a1，白方在 1–12）",
                            Numbering::Top => "自上而下的编号方式（1 = b8，白方在 21–32）",
                        });
                        let why = match source {
                            NumberingSource::GameType => Zh::own("依 GameType 标签所述"),
                            NumberingSource::Fen => Zh::own("依 FEN 中双方普通棋子的位置"),
                            NumberingSource::FirstMove(text) => {
                                zh!("因为白方第一着 {} 只在这种编号下合法", text)
                            }
                            NumberingSource::Default => Zh::own("按默认"),
                        };
                        zh!("格子编号按{}读取，{}", convention, why)
                    },
                );
                if *source == NumberingSource::GameType {
                    words
                } else {
                    words.help(
                        || {
                            format!("state the numbering with [GameType \"{game_type},W,8,8,N0,0\"] (1 = a1) or N2 (1 = b8)")
                        },
                        || zh!("请用 [GameType \"{},W,8,8,N0,0\"]（1 = a1）或 N2（1 = b8）写明编号", game_type),
                    )
                }
            }
            DraughtsIssue::VariantDefaulted { variant, checkers } => Words::new(
                lang,
                || {
                    let rules = match variant {
                        Variant::Russian => "Russian",
                        Variant::Brazilian => "Brazilian",
                    };
                    let mut text =
                        format!("no GameType tag: read with {rules} rules, White moving first");
                    match checkers {
                        Some(CheckersLook::FirstMove(first)) => text.push_str(&format!(
                            "; the first move {first} could also be Black's in English checkers, which qipu does not read"
                        )),
                        Some(CheckersLook::BlackToMove) => text.push_str(
                            "; the FEN gives Black the move, as English checkers positions do, which qipu does not read",
                        ),
                        None => {}
                    }
                    text
                },
                || {
                    let rules = Zh::own(match variant {
                        Variant::Russian => "俄罗斯",
                        Variant::Brazilian => "巴西",
                    });
                    let mut text = zh!("没有 GameType 标签：按{}规则、白方先走读取", rules);
                    match checkers {
                        Some(CheckersLook::FirstMove(first)) => text.push(&zh!(
                            "；第一着 {} 在英国跳棋中也可能是黑方的着法，而 qipu 不读英国跳棋",
                            first
                        )),
                        Some(CheckersLook::BlackToMove) => text.push(&Zh::own(
                            "；FEN 让黑方走棋，英国跳棋的局面常是如此，而 qipu 不读英国跳棋",
                        )),
                        None => {}
                    }
                    text
                },
            )
            .help(
                || {
                    "add [GameType \"25\"] (Russian) or [GameType \"26\"] (Brazilian), or pass --variant"
                        .to_string()
                },
                || Zh::own("请加上 [GameType \"25\"]（俄罗斯）或 [GameType \"26\"]（巴西），或使用 --variant"),
            ),
            DraughtsIssue::UnreplayedMoves => Words::new(
                lang,
                || {
                    "the record ends with moves kept in a comment because they could not be replayed"
                        .to_string()
                },
                || Zh::own("棋谱末尾有些着法因无法复盘而保留在注释中"),
            )
            .help(
                || {
                    "correct the moves in the comment and put them back in the movetext to check them"
                        .to_string()
                },
                || Zh::own("改正注释中的着法，再放回着法部分，即可检查"),
            ),
            DraughtsIssue::Draw(kind) => Words::new(
                lang,
                || {
                    let rule = match kind {
                        DrawKind::Repetition => {
                            "the same position has occurred three times with the same side to move (§12.3.1)"
                        }
                        DrawKind::KingsOnlyMoves => {
                            "15 rounds with only kings moved and no capture (§12.3.4.1)"
                        }
                        DrawKind::SmallEndgame => {
                            "5 moves each in an ending of two kings, king and man, or king against a lone king (§12.3.4.2)"
                        }
                        DrawKind::NoCapture => "30 rounds without a capture (§12.3.5.1)",
                        DrawKind::ThreeKingsVsKing => {
                            "three kings have not taken the lone king in 18 moves (§12.3.5.2)"
                        }
                    };
                    format!("a draw can be claimed: {rule}")
                },
                || {
                    let rule = match kind {
                        DrawKind::Repetition => {
                            "相同局面第三次出现，每次都轮到同一方走棋（§12.3.1）"
                        }
                        DrawKind::KingsOnlyMoves => {
                            "连续 15 个回合双方只移动王棋，也没有吃子（§12.3.4.1）"
                        }
                        DrawKind::SmallEndgame => {
                            "在两只王棋、一只王棋和一枚普通棋子或一只王棋对单王棋的残局中，双方各已再走 5 步（§12.3.4.2）"
                        }
                        DrawKind::NoCapture => "连续 30 个回合双方没有吃子（§12.3.5.1）",
                        DrawKind::ThreeKingsVsKing => {
                            "三枚王棋对单王棋，18 步之内未能吃掉单王棋（§12.3.5.2）"
                        }
                    };
                    zh!("可以提和：{}", Zh::own(rule))
                },
            ),
        }
    }
}
