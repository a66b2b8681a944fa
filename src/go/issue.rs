//! What reading and replaying an SGF record can find, as data: the issue and its arguments
//! (points, colours, move numbers), worded only on demand.

use super::board::{BoardPoint, Color, KoRule, Point};
use super::properties::{self, Repeat};
use super::rules::Rules;
use super::scoring::{GameResult, Komi, KomiUnit, Unverifiable};
use super::sgf::{SgfSyntaxError, ValueError};
use super::sgf_issue::SgfIssue;
use crate::diag::{Issue, Severity, Words};
use crate::lang::{zh, Lang, ToZh, Zh};

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
        point: BoardPoint,
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
        point: BoardPoint,
    },
    /// A move that repeats an earlier whole-board position (第6条).
    Ko {
        /// The player who moved.
        color: Color,
        /// The point played.
        point: BoardPoint,
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
        point: BoardPoint,
        /// The rules that allow it.
        rules: Rules,
    },
    /// A suicide the rules allow: the mover's own group was removed.
    SuicideAllowed {
        /// The player who moved.
        color: Color,
        /// The point played.
        point: BoardPoint,
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
        point: BoardPoint,
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
        GoIssue::code(self)
    }

    fn words(&self, lang: Lang) -> Words {
        Words::new(lang, || self.message(), || self.message_zh())
            .bridged_help(|| self.help(), || self.help_zh())
    }
}

impl GoIssue {
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
                    "setup puts a {} stone on {point}, where one already stands",
                    capitalised(*color).to_lowercase()
                ),
                None => format!("setup clears {point}, which is already empty"),
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

    fn message_zh(&self) -> Zh {
        self.message_zh_of()
    }

    fn help_zh(&self) -> Option<Zh> {
        self.help_zh_of()
    }
}

/// The player: `黑方`, `白方`.
fn player_zh(color: Color) -> Zh {
    Zh::own(match color {
        Color::Black => "黑方",
        Color::White => "白方",
    })
}

/// A stone of the colour: `黑子`, `白子`.
fn stone_zh(color: Color) -> Zh {
    Zh::own(match color {
        Color::Black => "黑子",
        Color::White => "白子",
    })
}

fn rules_zh(rules: Rules) -> Zh {
    Zh::own(rules.name_zh())
}

impl GoIssue {
    fn message_zh_of(&self) -> Zh {
        match self {
            GoIssue::Syntax(e) => e.to_zh(),
            GoIssue::Structure(i) => i.to_zh(),
            GoIssue::Occupied {
                color,
                point,
                stone,
                ..
            } => zh!(
                "{}在 {} 落子，但该点已有一枚{}",
                player_zh(*color),
                point,
                stone_zh(*stone)
            ),
            GoIssue::Suicide { color, point } => zh!(
                "{}在 {} 落子后，己方棋子无气，又不能提取对方棋子（禁着点）",
                player_zh(*color),
                point
            ),
            GoIssue::Ko {
                color,
                point,
                retake: true,
                ..
            } => zh!(
                "{}在 {} 立即提回劫，使上一局面重现（打劫）",
                player_zh(*color),
                point
            ),
            GoIssue::Ko { color, point, .. } => zh!(
                "{}在 {} 落子将重现之前出现过的全局局面（禁止全局同形）",
                player_zh(*color),
                point
            ),
            GoIssue::RepetitionAllowed {
                color,
                point,
                rules,
            } => zh!(
                "{}在 {} 落子重现了之前的全局局面，{}允许这样",
                player_zh(*color),
                point,
                rules_zh(*rules)
            ),
            GoIssue::SuicideAllowed {
                color,
                point,
                stones,
                rules,
            } => zh!(
                "{}在 {} 落子，提掉了己方 {} 子（自杀，{}允许）",
                player_zh(*color),
                point,
                stones,
                rules_zh(*rules)
            ),
            GoIssue::UnknownRules { value } => zh!(
                "RU[{}] 是 qipu 不认识的规则；已按中国规则复盘",
                value
            ),
            GoIssue::TerritoryUnverifiable { rules } => zh!(
                "无法核对结果：{}数目并计算提子，而棋谱中既没有提子数也没有死子",
                rules_zh(*rules)
            ),
            GoIssue::OffBoard {
                color,
                point,
                width,
                height,
            } => zh!(
                "{}下在 `{}`，在 {}x{} 的棋盘之外",
                player_zh(*color),
                point,
                width,
                height
            ),
            GoIssue::BadMove { color, reason } => {
                zh!("无法读取{}的着法：{}", player_zh(*color), reason.to_zh())
            }
            GoIssue::MoveAfterEnd { ended_at } => zh!(
                "对局已因双方连续虚着而终局（第 {} 手），其后又有着法",
                ended_at
            ),
            GoIssue::SetupChangesNothing { stone, point } => match stone {
                Some(color) => zh!(
                    "摆子在 {} 放一枚{}，但那里已有同色棋子",
                    point,
                    stone_zh(*color)
                ),
                None => zh!("摆子清空 {}，但该点本来就是空的", point),
            },
            GoIssue::SameColourTwice { color } => zh!(
                "{}连下两手；可能漏记了{}的虚着",
                player_zh(*color),
                player_zh(color.opponent())
            ),
            GoIssue::HandicapMismatch { declared, stones } => zh!(
                "HA 为让 {} 子，但棋谱摆了 {} 枚黑子",
                declared,
                stones
            ),
            GoIssue::KomiNormalised { komi } => zh!(
                "贴目 {} 按{}读取：即 {} 目",
                komi.raw(),
                Zh::own(match komi.unit() {
                    KomiUnit::Points => "目",
                    KomiUnit::Stones => "子",
                    KomiUnit::HundredthsOfPoints => "百分之一目",
                    KomiUnit::HundredthsOfStones => "百分之一子",
                }),
                komi.points()
            ),
            GoIssue::ResultMismatch {
                recorded, counted, ..
            } => zh!(
                "棋谱记载的结果是 {}，但按终局局面计算为 {}",
                recorded,
                counted
            ),
            GoIssue::ResultUnverifiable { reason } => {
                zh!("无法核对结果：{}", reason.to_zh())
            }
            GoIssue::VariationsTooDeep { depth } => zh!(
                "嵌套超过 {} 层的变化已检查，但不写入转换后的棋谱",
                depth
            ),
            GoIssue::SuperkoLimited => Zh::own(
                "此棋谱树的长变化太多，无法把完整的局面历史带入每个变化；全局同形只在各变化之内检查",
            ),
        }
    }

    fn help_zh_of(&self) -> Option<Zh> {
        match self {
            GoIssue::Syntax(e) => syntax_help_zh(e),
            GoIssue::Structure(i) => structure_help_zh(i),
            GoIssue::Occupied { stone, since, .. } => Some(match since {
                Some(ply) => zh!(
                    "那枚{}是第 {} 手下的；这手棋可能本应下在别处",
                    stone_zh(*stone),
                    ply
                ),
                None => zh!("那枚{}是着法之前摆上的（AB/AW）", stone_zh(*stone)),
            }),
            GoIssue::Suicide { .. } => Some(Zh::own(
                "棋子只能下在落子后己方仍有气、或能提取对方棋子的点",
            )),
            GoIssue::Ko {
                point,
                retake: true,
                ..
            } => Some(zh!(
                "刚在 {} 被提的棋子不能立即提回；须先在别处下一手（找劫材）",
                point
            )),
            GoIssue::Ko { rules, .. } => Some(match rules.rule_set().ko {
                KoRule::Positional => zh!(
                    "{}禁止重现之前的任何局面；须先在别处下一手",
                    rules_zh(*rules)
                ),
                _ => zh!(
                    "{}规定着子后不得使对方重复面临曾出现过的局面；须先在别处下一手",
                    rules_zh(*rules)
                ),
            }),
            GoIssue::RepetitionAllowed { rules, .. } => Some(match rules {
                Rules::Ing => Zh::own("应氏规则按劫的种类判定每次重复；qipu 视为合法"),
                _ => zh!(
                    "{}只禁止立即提回劫；若循环持续，对局可能以无胜负告终",
                    rules_zh(*rules)
                ),
            }),
            GoIssue::UnknownRules { .. } => Some(Zh::own(
                "用 --rules chinese|japanese|korean|aga|nz|tromp-taylor|ing 选择规则",
            )),
            GoIssue::OffBoard { width, height, .. } => Some(zh!(
                "此棋盘的点从 `aa` 到 `{}{}`；请检查 SZ",
                letter(width.saturating_sub(1)),
                letter(height.saturating_sub(1))
            )),
            GoIssue::BadMove { .. } => Some(Zh::own("着法写作两个字母（B[dd]），虚着写作 B[]")),
            GoIssue::MoveAfterEnd { .. } => {
                Some(Zh::own("双方连续虚着即为终局；其后的着法请放入变化"))
            }
            GoIssue::SetupChangesNothing { .. } => Some(Zh::own("把这个点从摆子中删去")),
            GoIssue::SameColourTwice { color } => {
                Some(zh!("在两手之间写上虚着：;{}[]", color.opponent().letter()))
            }
            GoIssue::HandicapMismatch { .. } => Some(Zh::own("把 HA 设为 AB 中让子的数目")),
            GoIssue::KomiNormalised { komi } => Some(zh!("SGF 以目记贴目：KM[{}]", komi.points())),
            GoIssue::ResultMismatch {
                black,
                white,
                komi,
                handicap,
                ..
            } => {
                let mut text = zh!("数子结果：黑 {}，白 {}，贴目 {}", black, white, komi);
                if *handicap > 0 {
                    text.push(&zh!("，白方因让子加 {}", handicap));
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

fn syntax_help_zh(error: &SgfSyntaxError) -> Option<Zh> {
    let text = match error {
        SgfSyntaxError::NoGameTree { .. } => "SGF 棋谱以 `(;` 开头",
        SgfSyntaxError::UnterminatedValue { .. } => "用 `]` 闭合属性值；值中的 `]` 写作 `\\]`",
        SgfSyntaxError::MissingValue { .. } => "在方括号中给出属性值：B[dd]",
        SgfSyntaxError::UnclosedGameTree { .. } => "用 `)` 闭合棋谱树",
        SgfSyntaxError::MissingSemicolon { .. } => "FF[4] 的每个节点都以 `;` 开头",
        SgfSyntaxError::LowercaseIdentifier { .. } => "FF[4] 的属性名只用大写字母",
        SgfSyntaxError::IllegalVariationStart { .. } => {
            "每个变化都以节点开头，(;B[aa]…)，每个 `(` 只闭合一次"
        }
        _ => return None,
    };
    Some(Zh::own(text))
}

fn structure_help_zh(issue: &SgfIssue) -> Option<Zh> {
    let text = match issue {
        SgfIssue::MergedProperty {
            ident,
            repeat,
            merged,
            ..
        } => {
            return Some(match repeat {
                Repeat::Identical => zh!("保留一个值：{}", merged),
                Repeat::Collected => {
                    zh!("保留一个值：{}（qipu 把两者写在一个 {} 中）", merged, ident)
                }
                Repeat::Joined => zh!("把两段文字写进一个 {}", ident),
                Repeat::Merged | Repeat::Conflict => {
                    let what = Zh::own(if properties::is_point_list(ident) {
                        "点"
                    } else {
                        "值"
                    });
                    zh!("把所有{}写进一个 {}：{}", what, ident, merged)
                }
            })
        }
        SgfIssue::DuplicateProperty { ident, written, .. } => {
            return Some(if matches!(ident.as_str(), "B" | "W") {
                zh!(
                    "保留实际下的那一手；另一手放入变化：({})",
                    written
                        .iter()
                        .map(|w| format!(";{w}"))
                        .collect::<Vec<_>>()
                        .join(")(")
                )
            } else {
                let values: Vec<Zh> = written.iter().map(|w| zh!("{}", w)).collect();
                zh!("保留一个值：{}", Zh::join(values, " 或 "))
            })
        }
        SgfIssue::MixedSetupMove { .. } => {
            "FF[4] 把摆子（AB/AW/AE）和着法放在不同的节点；已先执行摆子"
        }
        SgfIssue::TwoMovesInNode { .. } => "每手棋各占一个节点：;B[..];W[..]",
        SgfIssue::RootPropertyOutsideRoot { .. } => "把该属性移到根节点",
        SgfIssue::NotGo { .. } => "qipu 从 SGF 读取围棋棋谱（GM[1]）",
        SgfIssue::BadKomi { .. } => "以目写贴目，如 KM[7.5]",
        SgfIssue::BadResult { .. } => "结果写作 B+R、W+3.5、0（和棋）或 ?",
        SgfIssue::BadDate { .. } => "日期写作 YYYY-MM-DD",
        SgfIssue::SeveralValues { ident, .. } => {
            return Some(zh!("{} 只给一个值", ident));
        }
        SgfIssue::MixedCaseIdentifier { ident, .. } => {
            return Some(zh!("写作 {}：FF[4] 的属性名只用大写字母", ident));
        }
        SgfIssue::ConflictingAnnotations { first, .. } => {
            return Some(zh!("只保留其中一个；先写的是 {}", first));
        }
        SgfIssue::AnnotationWithoutMove { .. } => "把评注放在它所评价的着法的节点中",
        SgfIssue::DuplicateMarkup { .. } => "每个点只标记一次（CR、MA、SL、SQ 或 TR）",
        SgfIssue::GameInfoInTwoNodes { .. } => "把一局的所有对局信息放在同一个节点中",
        SgfIssue::UnknownFileFormat { .. } => "写作 FF[4]",
        SgfIssue::SquareAsRectangle { .. } => "正方形棋盘的大小只写一次，如 SZ[19]",
        SgfIssue::RectangleInFf1 { .. } => "非正方形的棋盘请写 FF[4]",
        SgfIssue::EmptyPassInFf3 { .. } => "在 FF[3] 中虚着写作 [tt]，或把文件写成 FF[4]",
        SgfIssue::LooseReal { .. } => "在小数点后写上数字，或不写小数点：BL[34]",
        SgfIssue::ControlCharacters { .. } => "删去它们：SGF 读取程序都不显示它们",
        SgfIssue::LongIdentifier { .. } => "FF[4] 的属性名是简短的大写名称",
        SgfIssue::ApplicationWithoutVersion { .. } => "写作 AP[名称:版本]",
        SgfIssue::OtherCharset { .. } => {
            "qipu 按每棵树自己的 CA 解码；按第一棵树解码整个文件的程序则不然，可按字符集把合集分成几个文件"
        }
        SgfIssue::OldProperty {
            replacement: Some(replacement),
            ..
        } => {
            return Some(zh!("写作 {}，即它在 FF[4] 中的对应属性", replacement));
        }
        SgfIssue::OldProperty { .. } => "FF[4] 没有对应的属性；读取程序可能忽略它",
        SgfIssue::DuplicateSetupPoint { .. } | SgfIssue::BadValue { .. } => return None,
    };
    Some(Zh::own(text))
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
                    let what = if properties::is_point_list(ident) {
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
        SgfIssue::OtherCharset { .. } => {
            "qipu decodes each tree by its own CA; readers that decode a file by its first tree's do not: split the collection by charset for them"
        }
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
