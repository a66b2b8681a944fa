//! What reading and replaying an SGF record can find, as data: the issue and its arguments
//! (points, colours, move numbers), worded only on demand.

use super::board::{Color, KoRule, Point};
use super::rules::Rules;
use super::scoring::{GameResult, Komi, KomiUnit, Unverifiable};
use super::sgf::{SgfSyntaxError, ValueError};
use super::sgf_check::{self, Repeat, SgfIssue};
use crate::diag::{Issue, Severity};

/// Everything the Go reader reports. Komi and counts hold decimal numbers, so an issue
/// is `PartialEq` only.
#[derive(Clone, Debug, PartialEq)]
pub enum GoIssue {
    /// The SGF text is malformed; the reader recovered (codes of [`SgfSyntaxError`]).
    Syntax(SgfSyntaxError),
    /// A property is misplaced, repeated or of the wrong type (codes of [`SgfIssue`],
    /// among them `not-go`).
    Structure(SgfIssue),
    /// A stone played on a point that already holds one.
    Occupied {
        /// The player who moved.
        color: Color,
        /// The point played.
        point: Point,
        /// The colour of the stone already there.
        stone: Color,
        /// The move that put the stone there; `None` for a setup stone.
        since: Option<u32>,
    },
    /// A stone that would leave its own group without liberties and capture nothing (禁着点).
    Suicide {
        /// The player who moved.
        color: Color,
        /// The point played.
        point: Point,
    },
    /// A move that repeats an earlier whole-board position (第6条).
    Ko {
        /// The player who moved.
        color: Color,
        /// The point played.
        point: Point,
        /// True when it retakes, at once, the single stone whose capture made the ko.
        retake: bool,
        /// The rules that forbid it.
        rules: Rules,
    },
    /// A move that repeats an earlier whole-board position where the rules forbid only the
    /// immediate ko retake (Japanese, Korean) or judge repetitions their own way (Ing).
    RepetitionAllowed {
        /// The player who moved.
        color: Color,
        /// The point played.
        point: Point,
        /// The rules that allow it.
        rules: Rules,
    },
    /// A suicide the rules allow: the mover's own group was removed.
    SuicideAllowed {
        /// The player who moved.
        color: Color,
        /// The point played.
        point: Point,
        /// Own stones removed.
        stones: usize,
        /// The rules that allow it.
        rules: Rules,
    },
    /// `RU` names rules qipu does not know; the Chinese rules were used.
    UnknownRules {
        /// `RU` as written (trimmed): no type of ours holds a name we do not know.
        value: String,
    },
    /// The rules count territory: the count needs the prisoners and the dead stones, which
    /// the record does not hold.
    TerritoryUnverifiable {
        /// The rules, which count territory.
        rules: Rules,
    },
    /// A move on a point outside the board.
    OffBoard {
        /// The player who moved.
        color: Color,
        /// The point as written.
        point: Point,
        /// The board's width.
        width: u8,
        /// The board's height.
        height: u8,
    },
    /// A move whose value is not a point (nor a pass).
    BadMove {
        /// The player who moved.
        color: Color,
        /// Why the value is not a move.
        reason: ValueError,
    },
    /// Two stones of one colour in a row with no pass or setup between (SGFC's strict
    /// mode): the other side's pass is probably missing. The move is replayed as written.
    SameColourTwice {
        /// The colour that moved twice.
        color: Color,
    },
    /// Setup that changes nothing: `AB`/`AW` on a stone of that colour, `AE` on an empty
    /// point (SGFC W39).
    SetupChangesNothing {
        /// The stone set up; `None` for `AE`.
        stone: Option<Color>,
        /// The point.
        point: Point,
    },
    /// A move after the game ended with two passes in a row.
    MoveAfterEnd {
        /// The move number of the second pass.
        ended_at: u32,
    },
    /// `HA` disagrees with the handicap stones placed in the root node.
    HandicapMismatch {
        /// `HA` as declared.
        declared: u32,
        /// Black stones placed in the root node.
        stones: usize,
    },
    /// `KM` was written in stones or hundredths and was converted to points.
    KomiNormalised {
        /// `KM` as written, its unit, and the komi in points.
        komi: Komi,
    },
    /// `RE` disagrees with the area count of the final position (第9条).
    ResultMismatch {
        /// `RE` as read.
        recorded: GameResult,
        /// What the count gives.
        counted: GameResult,
        /// Black's area in the final position.
        black: u32,
        /// White's area in the final position.
        white: u32,
        /// Komi in points.
        komi: f64,
        /// `HA`, which decides what White receives for the handicap.
        handicap: u32,
    },
    /// The result cannot be checked against the record.
    ResultUnverifiable {
        /// Why not.
        reason: Unverifiable,
    },
    /// Variations nested deeper than this are replayed but left out of the kept record.
    VariationsTooDeep {
        /// The deepest nesting kept.
        depth: usize,
    },
    /// The tree is so large that later variations are replayed with a fresh repetition
    /// history: ko is still checked, superko across their branch point is not.
    SuperkoLimited,
}

fn color_name(color: Color) -> &'static str {
    match color {
        Color::Black => "black",
        Color::White => "white",
    }
}

impl GoIssue {
    /// Rule breaches and unreadable moves are errors; disagreements the record survives
    /// are warnings; facts worth knowing are notes.
    pub fn severity(&self) -> Severity {
        match self {
            GoIssue::Syntax(e) => e.severity(),
            GoIssue::Structure(i) => i.severity(),
            GoIssue::Occupied { .. }
            | GoIssue::Suicide { .. }
            | GoIssue::Ko { .. }
            | GoIssue::OffBoard { .. }
            | GoIssue::BadMove { .. } => Severity::Error,
            GoIssue::MoveAfterEnd { .. }
            | GoIssue::SameColourTwice { .. }
            | GoIssue::SetupChangesNothing { .. }
            | GoIssue::HandicapMismatch { .. }
            | GoIssue::ResultMismatch { .. } => Severity::Warning,
            GoIssue::KomiNormalised { .. }
            | GoIssue::ResultUnverifiable { .. }
            | GoIssue::TerritoryUnverifiable { .. }
            | GoIssue::RepetitionAllowed { .. }
            | GoIssue::SuicideAllowed { .. }
            | GoIssue::UnknownRules { .. }
            | GoIssue::VariationsTooDeep { .. }
            | GoIssue::SuperkoLimited => Severity::Note,
        }
    }
}

impl Issue for GoIssue {
    fn code(&self) -> &'static str {
        match self {
            GoIssue::Syntax(e) => e.code(),
            GoIssue::Structure(i) => i.code(),
            GoIssue::Occupied { .. } => "occupied-point",
            GoIssue::Suicide { .. } => "suicide",
            GoIssue::Ko { .. } => "ko",
            GoIssue::OffBoard { .. } => "off-board",
            GoIssue::BadMove { .. } => "bad-move",
            GoIssue::MoveAfterEnd { .. } => "move-after-end",
            GoIssue::SameColourTwice { .. } => "same-colour-twice",
            GoIssue::SetupChangesNothing { .. } => "setup-changes-nothing",
            GoIssue::HandicapMismatch { .. } => "handicap-mismatch",
            GoIssue::KomiNormalised { .. } => "komi-normalised",
            GoIssue::ResultMismatch { .. } => "result-mismatch",
            GoIssue::ResultUnverifiable { .. } | GoIssue::TerritoryUnverifiable { .. } => {
                "result-unverifiable"
            }
            GoIssue::RepetitionAllowed { .. } => "repetition-allowed",
            GoIssue::SuicideAllowed { .. } => "suicide-allowed",
            GoIssue::UnknownRules { .. } => "unknown-rules",
            GoIssue::VariationsTooDeep { .. } => "variations-too-deep",
            GoIssue::SuperkoLimited => "superko-limited",
        }
    }

    fn message(&self) -> String {
        match self {
            GoIssue::Syntax(e) => e.to_string(),
            GoIssue::Structure(i) => i.to_string(),
            GoIssue::Occupied {
                color,
                point,
                stone,
                ..
            } => format!(
                "{} plays on {point}, where a {} stone already stands",
                capitalised(*color),
                color_name(*stone)
            ),
            GoIssue::Suicide { color, point } => format!(
                "{} on {point} would leave its own group without liberties and capture nothing \
                 (forbidden point)",
                capitalised(*color)
            ),
            GoIssue::Ko {
                color,
                point,
                retake: true,
                ..
            } => format!(
                "{} retakes the ko on {point} at once, repeating the previous position",
                capitalised(*color)
            ),
            GoIssue::Ko { color, point, .. } => format!(
                "{} on {point} would repeat an earlier whole-board position (superko)",
                capitalised(*color)
            ),
            GoIssue::RepetitionAllowed {
                color,
                point,
                rules,
            } => format!(
                "{} on {point} repeats an earlier whole-board position, which the {rules} \
                 rules allow",
                capitalised(*color)
            ),
            GoIssue::SuicideAllowed {
                color,
                point,
                stones,
                rules,
            } => format!(
                "{} on {point} removes its own group of {stones} stone{} (suicide, allowed by \
                 the {rules} rules)",
                capitalised(*color),
                if *stones == 1 { "" } else { "s" }
            ),
            GoIssue::UnknownRules { value } => format!(
                "RU[{value}] names rules qipu does not know; the record was replayed under the \
                 Chinese rules"
            ),
            GoIssue::TerritoryUnverifiable { rules } => format!(
                "the result cannot be verified: the {rules} rules count territory and prisoners, \
                 and neither the prisoners nor the dead stones are in the record"
            ),
            GoIssue::OffBoard {
                color,
                point,
                width,
                height,
            } => format!(
                "{} plays on `{point}`, outside the {width}x{height} board",
                capitalised(*color)
            ),
            GoIssue::BadMove { color, reason } => {
                format!("{}'s move cannot be read: {reason}", capitalised(*color))
            }
            GoIssue::MoveAfterEnd { ended_at } => {
                format!("a move after the game ended with two passes (move {ended_at})")
            }
            GoIssue::SetupChangesNothing { stone, point } => match stone {
                Some(color) => format!(
                    "setup puts a {} stone on `{point}`, where one already stands",
                    capitalised(*color).to_lowercase()
                ),
                None => format!("setup clears `{point}`, which is already empty"),
            },
            GoIssue::SameColourTwice { color } => format!(
                "{} moves twice in a row; a {} pass is probably missing",
                capitalised(*color),
                capitalised(color.opponent()).to_lowercase()
            ),
            GoIssue::HandicapMismatch { declared, stones } => format!(
                "HA gives a handicap of {declared} but the record places {stones} black \
                 stone{}",
                if *stones == 1 { "" } else { "s" }
            ),
            GoIssue::KomiNormalised { komi } => format!(
                "komi {} read as {}: {} points",
                komi.raw(),
                match komi.unit() {
                    KomiUnit::Points => "points",
                    KomiUnit::Stones => "stones",
                    KomiUnit::HundredthsOfPoints => "hundredths of a point",
                    KomiUnit::HundredthsOfStones => "hundredths of a stone",
                },
                komi.points()
            ),
            GoIssue::ResultMismatch {
                recorded, counted, ..
            } => format!("the record says {recorded} but the final position counts {counted}"),
            GoIssue::ResultUnverifiable { reason } => {
                format!("the result cannot be verified: {reason}")
            }
            GoIssue::VariationsTooDeep { depth } => format!(
                "variations nested deeper than {depth} levels are checked but left out of the \
                 converted record"
            ),
            GoIssue::SuperkoLimited => {
                "this tree has too many long variations to carry the full position history \
                 into each; superko is checked only within them"
                    .to_string()
            }
        }
    }

    fn help(&self) -> Option<String> {
        match self {
            GoIssue::Syntax(e) => syntax_help(e),
            GoIssue::Structure(i) => structure_help(i),
            GoIssue::Occupied { stone, since, .. } => Some(match since {
                Some(ply) => format!(
                    "the {} stone there was played at move {ply}; the move was probably \
                     meant for another point",
                    color_name(*stone)
                ),
                None => format!(
                    "the {} stone there was set up (AB/AW) before the moves",
                    color_name(*stone)
                ),
            }),
            GoIssue::Suicide { .. } => Some(
                "a stone may only be played where its group keeps a liberty or captures"
                    .to_string(),
            ),
            GoIssue::Ko {
                point,
                retake: true,
                ..
            } => Some(format!(
                "the stone just captured on {point} cannot be retaken at once; play elsewhere \
                 first (a ko threat)"
            )),
            GoIssue::Ko { rules, .. } => Some(match rules.rule_set().ko {
                KoRule::Positional => format!(
                    "the {rules} rules forbid recreating any earlier position; play elsewhere \
                     first"
                ),
                _ => format!(
                    "the {rules} rules forbid recreating any position the opponent has faced; \
                     play elsewhere first"
                ),
            }),
            GoIssue::RepetitionAllowed { rules, .. } => Some(match rules {
                Rules::Ing => "Ing's rules judge each repetition by its kind of ko; qipu treats \
                     it as legal"
                    .to_string(),
                _ => format!(
                    "the {rules} rules forbid only the immediate ko retake; if the cycle goes \
                     on, the game may end without result"
                ),
            }),
            GoIssue::UnknownRules { .. } => Some(
                "--rules chinese|japanese|korean|aga|nz|tromp-taylor|ing chooses the rules"
                    .to_string(),
            ),

            GoIssue::OffBoard { width, height, .. } => Some(format!(
                "points run from `aa` to `{}{}` on this board; check SZ",
                letter(width.saturating_sub(1)),
                letter(height.saturating_sub(1))
            )),
            GoIssue::BadMove { .. } => {
                Some("write a move as two letters (B[dd]), or B[] for a pass".to_string())
            }
            GoIssue::MoveAfterEnd { .. } => {
                Some("two passes in a row end the game; put later moves in a variation".to_string())
            }
            GoIssue::SetupChangesNothing { .. } => {
                Some("leave the point out of the setup".to_string())
            }
            GoIssue::SameColourTwice { color } => Some(format!(
                "write the pass between the two moves: ;{}[]",
                color.opponent().letter()
            )),
            GoIssue::HandicapMismatch { .. } => {
                Some("set HA to the number of handicap stones in AB".to_string())
            }
            GoIssue::KomiNormalised { komi } => {
                Some(format!("SGF writes komi in points: KM[{}]", komi.points()))
            }
            GoIssue::ResultMismatch {
                black,
                white,
                komi,
                handicap,
                ..
            } => {
                let mut text = format!("area count: Black {black}, White {white}, komi {komi}");
                if *handicap > 0 {
                    text.push_str(&format!(", White +{handicap} for the handicap"));
                }
                Some(text)
            }
            GoIssue::ResultUnverifiable { .. }
            | GoIssue::TerritoryUnverifiable { .. }
            | GoIssue::SuicideAllowed { .. }
            | GoIssue::VariationsTooDeep { .. }
            | GoIssue::SuperkoLimited => None,
        }
    }
}

fn capitalised(color: Color) -> &'static str {
    match color {
        Color::Black => "Black",
        Color::White => "White",
    }
}

/// SGF coordinate letter of `n` (0 = `a`, 26 = `A`).
fn letter(n: u8) -> char {
    Point::new(n, 0).to_sgf().map_or('?', |[x, _]| x)
}

fn syntax_help(error: &SgfSyntaxError) -> Option<String> {
    let text = match error {
        SgfSyntaxError::NoGameTree { .. } => "an SGF record starts with `(;`",
        SgfSyntaxError::UnterminatedValue { .. } => {
            "close the value with `]`; a `]` inside a value is written `\\]`"
        }
        SgfSyntaxError::MissingValue { .. } => "give the property a value in brackets: B[dd]",
        SgfSyntaxError::UnclosedGameTree { .. } => "close the game tree with `)`",
        SgfSyntaxError::MissingSemicolon { .. } => "FF[4] starts every node with `;`",
        SgfSyntaxError::LowercaseIdentifier { .. } => {
            "FF[4] identifiers are upper-case letters only"
        }
        SgfSyntaxError::IllegalVariationStart { .. } => {
            "start every variation with a node, (;B[aa]…), and close each `(` once"
        }
        _ => return None,
    };
    Some(text.to_string())
}

fn structure_help(issue: &SgfIssue) -> Option<String> {
    let text = match issue {
        SgfIssue::MergedProperty {
            ident,
            repeat,
            merged,
            ..
        } => {
            return Some(match repeat {
                Repeat::Identical => format!("keep one value: {merged}"),
                Repeat::Collected => {
                    format!("keep one value: {merged} (qipu writes both in one {ident})")
                }
                Repeat::Joined => format!("write one {ident} with both texts"),
                Repeat::Merged | Repeat::Conflict => {
                    let what = if sgf_check::is_point_list(ident) {
                        "points"
                    } else {
                        "values"
                    };
                    format!("write one {ident} with all {what}: {merged}")
                }
            })
        }
        SgfIssue::DuplicateProperty { ident, written, .. } => {
            return Some(if matches!(ident.as_str(), "B" | "W") {
                format!(
                    "keep the move that was played; an alternative goes in a variation: ({})",
                    written
                        .iter()
                        .map(|w| format!(";{w}"))
                        .collect::<Vec<_>>()
                        .join(")(")
                )
            } else {
                format!("keep one value: {}", written.join(" or "))
            })
        }
        SgfIssue::MixedSetupMove { .. } => {
            "FF[4] keeps setup (AB/AW/AE) and moves in separate nodes; the setup was applied first"
        }
        SgfIssue::TwoMovesInNode { .. } => "give each move its own node: ;B[..];W[..]",
        SgfIssue::RootPropertyOutsideRoot { .. } => "move the property to the root node",
        SgfIssue::NotGo { .. } => "qipu reads Go records (GM[1]) from SGF",
        SgfIssue::BadKomi { .. } => "write komi in points, such as KM[7.5]",
        SgfIssue::BadResult { .. } => "write the result as B+R, W+3.5, 0 (draw) or ?",
        SgfIssue::BadDate { .. } => "write dates as YYYY-MM-DD",
        SgfIssue::SeveralValues { ident, .. } => {
            return Some(format!("give {ident} one value"));
        }
        SgfIssue::MixedCaseIdentifier { ident, .. } => {
            return Some(format!(
                "write {ident}: FF[4] identifiers are upper-case letters only"
            ));
        }
        SgfIssue::ConflictingAnnotations { first, .. } => {
            return Some(format!("keep one of them; {first} was written first"));
        }
        SgfIssue::AnnotationWithoutMove { .. } => {
            "put the annotation in the node of the move it judges"
        }
        SgfIssue::DuplicateMarkup { .. } => "mark each point once (CR, MA, SL, SQ or TR)",
        SgfIssue::GameInfoInTwoNodes { .. } => "put all of a game's information in one node",
        SgfIssue::UnknownFileFormat { .. } => "write FF[4]",
        SgfIssue::SquareAsRectangle { .. } => "write a square board's size once, such as SZ[19]",
        SgfIssue::RectangleInFf1 { .. } => "write FF[4] for a board that is not square",
        SgfIssue::EmptyPassInFf3 { .. } => "write a pass as [tt] in FF[3], or the file as FF[4]",
        SgfIssue::LooseReal { .. } => "write a digit after the point, or no point: BL[34]",
        SgfIssue::ControlCharacters { .. } => "remove them: no SGF reader shows them",
        SgfIssue::LongIdentifier { .. } => "FF[4] identifiers are short upper-case names",
        SgfIssue::ApplicationWithoutVersion { .. } => "write AP[name:version]",
        SgfIssue::OldProperty {
            replacement: Some(replacement),
            ..
        } => {
            return Some(format!("write {replacement}, its FF[4] equivalent"));
        }
        SgfIssue::OldProperty { .. } => "FF[4] has no equivalent; readers may ignore it",
        SgfIssue::DuplicateSetupPoint { .. } | SgfIssue::BadValue { .. } => return None,
    };
    Some(text.to_string())
}
