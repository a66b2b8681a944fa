//! What reading and replaying an SGF record can find, as data: the issue and its arguments
//! (points, colours, move numbers), worded only on demand.

use super::board::{BoardPoint, Color, KoRule, Point};
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
        /// What the writer may have meant, best first, judged by the rest of the game.
        meant: Vec<(Color, BoardPoint)>,
    },
    /// A stone that would leave its own group without liberties and capture nothing (禁着点).
    Suicide {
        /// The player who moved.
        color: Color,
        /// The point played.
        point: BoardPoint,
        /// What the writer may have meant, best first, judged by the rest of the game.
        meant: Vec<(Color, BoardPoint)>,
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
        /// What the writer may have meant, best first, judged by the rest of the game.
        meant: Vec<(Color, BoardPoint)>,
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

    fn words(&self, lang: Lang) -> Words {
        let words = self.own_words(lang);
        match self {
            GoIssue::Occupied { meant, .. }
            | GoIssue::Suicide { meant, .. }
            | GoIssue::Ko { meant, .. } => with_meant(words, meant),
            _ => words,
        }
    }
}

impl GoIssue {
    /// The issue with what the writer may have meant, for a refused stone.
    pub(super) fn meaning(mut self, candidates: Vec<(Color, BoardPoint)>) -> GoIssue {
        if let GoIssue::Occupied { meant, .. }
        | GoIssue::Suicide { meant, .. }
        | GoIssue::Ko { meant, .. } = &mut self
        {
            *meant = candidates;
        }
        self
    }

    /// The words of the issue itself, before the help names what was meant.
    fn own_words(&self, lang: Lang) -> Words {
        match self {
            GoIssue::Syntax(e) => syntax_words(e, lang),
            GoIssue::Structure(i) => i.words(lang),
            GoIssue::Occupied {
                color,
                point,
                stone,
                since,
                ..
            } => {
                let words = Words::new(
                    lang,
                    || {
                        format!(
                            "{} plays on {point}, where a {} stone already stands",
                            capitalised(*color),
                            color_name(*stone)
                        )
                    },
                    || {
                        zh!(
                            "{}在 {} 落子，但该点已有一枚{}",
                            player_zh(*color),
                            point,
                            stone_zh(*stone)
                        )
                    },
                );
                match since {
                    Some(ply) => words.help(
                        || {
                            format!(
                                "the {} stone there was played at move {ply}; the move was \
                                 probably meant for another point",
                                color_name(*stone)
                            )
                        },
                        || {
                            zh!(
                                "那枚{}是第 {} 手下的；这手棋可能本应下在别处",
                                stone_zh(*stone),
                                ply
                            )
                        },
                    ),
                    None => words.help(
                        || {
                            format!(
                                "the {} stone there was set up (AB/AW) before the moves",
                                color_name(*stone)
                            )
                        },
                        || zh!("那枚{}是着法之前摆上的（AB/AW）", stone_zh(*stone)),
                    ),
                }
            }
            GoIssue::Suicide { color, point, .. } => Words::new(
                lang,
                || {
                    format!(
                        "{} on {point} would leave its own group without liberties and capture \
                         nothing (forbidden point)",
                        capitalised(*color)
                    )
                },
                || {
                    zh!(
                        "{}在 {} 落子后，己方棋子无气，又不能提取对方棋子（禁着点）",
                        player_zh(*color),
                        point
                    )
                },
            )
            .help(
                || {
                    "a stone may only be played where its group keeps a liberty or captures"
                        .to_string()
                },
                || Zh::own("棋子只能下在落子后己方仍有气、或能提取对方棋子的点"),
            ),
            GoIssue::Ko {
                color,
                point,
                retake: true,
                ..
            } => Words::new(
                lang,
                || {
                    format!(
                        "{} retakes the ko on {point} at once, repeating the previous position",
                        capitalised(*color)
                    )
                },
                || {
                    zh!(
                        "{}在 {} 立即提回劫，使上一局面重现（打劫）",
                        player_zh(*color),
                        point
                    )
                },
            )
            .help(
                || {
                    format!(
                        "the stone just captured on {point} cannot be retaken at once; play \
                         elsewhere first (a ko threat)"
                    )
                },
                || {
                    zh!(
                        "刚在 {} 被提的棋子不能立即提回；须先在别处下一手（找劫材）",
                        point
                    )
                },
            ),
            GoIssue::Ko {
                color,
                point,
                rules,
                ..
            } => {
                let words = Words::new(
                    lang,
                    || {
                        format!(
                            "{} on {point} would repeat an earlier whole-board position \
                             (superko)",
                            capitalised(*color)
                        )
                    },
                    || {
                        zh!(
                            "{}在 {} 落子将重现之前出现过的全局局面（禁止全局同形）",
                            player_zh(*color),
                            point
                        )
                    },
                );
                match rules.rule_set().ko {
                    KoRule::Positional => words.help(
                        || {
                            format!(
                                "the {rules} rules forbid recreating any earlier position; \
                                 play elsewhere first"
                            )
                        },
                        || {
                            zh!(
                                "{}禁止重现之前的任何局面；须先在别处下一手",
                                rules_zh(*rules)
                            )
                        },
                    ),
                    _ => words.help(
                        || {
                            format!(
                                "the {rules} rules forbid recreating any position the opponent \
                                 has faced; play elsewhere first"
                            )
                        },
                        || {
                            zh!(
                                "{}规定着子后不得使对方重复面临曾出现过的局面；须先在别处下一手",
                                rules_zh(*rules)
                            )
                        },
                    ),
                }
            }
            GoIssue::RepetitionAllowed {
                color,
                point,
                rules,
            } => {
                let words = Words::new(
                    lang,
                    || {
                        format!(
                            "{} on {point} repeats an earlier whole-board position, which the \
                             {rules} rules allow",
                            capitalised(*color)
                        )
                    },
                    || {
                        zh!(
                            "{}在 {} 落子重现了之前的全局局面，{}允许这样",
                            player_zh(*color),
                            point,
                            rules_zh(*rules)
                        )
                    },
                );
                match rules {
                    Rules::Ing => words.help(
                        || {
                            "Ing's rules judge each repetition by its kind of ko; qipu treats \
                             it as legal"
                                .to_string()
                        },
                        || Zh::own("应氏规则按劫的种类判定每次重复；qipu 视为合法"),
                    ),
                    _ => words.help(
                        || {
                            format!(
                                "the {rules} rules forbid only the immediate ko retake; if the \
                                 cycle goes on, the game may end without result"
                            )
                        },
                        || {
                            zh!(
                                "{}只禁止立即提回劫；若循环持续，对局可能以无胜负告终",
                                rules_zh(*rules)
                            )
                        },
                    ),
                }
            }
            GoIssue::SuicideAllowed {
                color,
                point,
                stones,
                rules,
            } => Words::new(
                lang,
                || {
                    format!(
                        "{} on {point} removes its own group of {stones} stone{} (suicide, \
                         allowed by the {rules} rules)",
                        capitalised(*color),
                        if *stones == 1 { "" } else { "s" }
                    )
                },
                || {
                    zh!(
                        "{}在 {} 落子，提掉了己方 {} 子（自杀，{}允许）",
                        player_zh(*color),
                        point,
                        stones,
                        rules_zh(*rules)
                    )
                },
            ),
            GoIssue::UnknownRules { value } => Words::new(
                lang,
                || {
                    format!(
                        "RU[{value}] names rules qipu does not know; the record was replayed \
                         under the Chinese rules"
                    )
                },
                || zh!("RU[{}] 是 qipu 不认识的规则；已按中国规则复盘", value),
            )
            .help(
                || {
                    "--rules chinese|japanese|korean|aga|nz|tromp-taylor|ing chooses the rules"
                        .to_string()
                },
                || Zh::own("用 --rules chinese|japanese|korean|aga|nz|tromp-taylor|ing 选择规则"),
            ),
            GoIssue::TerritoryUnverifiable { rules } => Words::new(
                lang,
                || {
                    format!(
                        "the result cannot be verified: the {rules} rules count territory and \
                         prisoners, and neither the prisoners nor the dead stones are in the \
                         record"
                    )
                },
                || {
                    zh!(
                        "无法核对结果：{}数目并计算提子，而棋谱中既没有提子数也没有死子",
                        rules_zh(*rules)
                    )
                },
            ),
            GoIssue::OffBoard {
                color,
                point,
                width,
                height,
            } => {
                let corner = || {
                    (
                        letter(width.saturating_sub(1)),
                        letter(height.saturating_sub(1)),
                    )
                };
                Words::new(
                    lang,
                    || {
                        format!(
                            "{} plays on `{point}`, outside the {width}x{height} board",
                            capitalised(*color)
                        )
                    },
                    || {
                        zh!(
                            "{}下在 `{}`，在 {}x{} 的棋盘之外",
                            player_zh(*color),
                            point,
                            width,
                            height
                        )
                    },
                )
                .help(
                    || {
                        let (x, y) = corner();
                        format!("points run from `aa` to `{x}{y}` on this board; check SZ")
                    },
                    || {
                        let (x, y) = corner();
                        zh!("此棋盘的点从 `aa` 到 `{}{}`；请检查 SZ", x, y)
                    },
                )
            }
            GoIssue::BadMove { color, reason } => Words::new(
                lang,
                || format!("{}'s move cannot be read: {reason}", capitalised(*color)),
                || zh!("无法读取{}的着法：{}", player_zh(*color), reason.to_zh()),
            )
            .help(
                || "write a move as two letters (B[dd]), or B[] for a pass".to_string(),
                || Zh::own("着法写作两个字母（B[dd]），虚着写作 B[]"),
            ),
            GoIssue::MoveAfterEnd { ended_at } => Words::new(
                lang,
                || format!("a move after the game ended with two passes (move {ended_at})"),
                || {
                    zh!(
                        "对局已因双方连续虚着而终局（第 {} 手），其后又有着法",
                        ended_at
                    )
                },
            )
            .help(
                || "two passes in a row end the game; put later moves in a variation".to_string(),
                || Zh::own("双方连续虚着即为终局；其后的着法请放入变化"),
            ),
            GoIssue::SetupChangesNothing { stone, point } => match stone {
                Some(color) => Words::new(
                    lang,
                    || {
                        format!(
                            "setup puts a {} stone on {point}, where one already stands",
                            capitalised(*color).to_lowercase()
                        )
                    },
                    || {
                        zh!(
                            "摆子在 {} 放一枚{}，但那里已有同色棋子",
                            point,
                            stone_zh(*color)
                        )
                    },
                ),
                None => Words::new(
                    lang,
                    || format!("setup clears {point}, which is already empty"),
                    || zh!("摆子清空 {}，但该点本来就是空的", point),
                ),
            }
            .help(
                || "leave the point out of the setup".to_string(),
                || Zh::own("把这个点从摆子中删去"),
            ),
            GoIssue::SameColourTwice { color } => Words::new(
                lang,
                || {
                    format!(
                        "{} moves twice in a row; a {} pass is probably missing",
                        capitalised(*color),
                        capitalised(color.opponent()).to_lowercase()
                    )
                },
                || {
                    zh!(
                        "{}连下两手；可能漏记了{}的虚着",
                        player_zh(*color),
                        player_zh(color.opponent())
                    )
                },
            )
            .help(
                || {
                    format!(
                        "write the pass between the two moves: ;{}[]",
                        color.opponent().letter()
                    )
                },
                || zh!("在两手之间写上虚着：;{}[]", color.opponent().letter()),
            ),
            GoIssue::HandicapMismatch { declared, stones } => Words::new(
                lang,
                || {
                    format!(
                        "HA gives a handicap of {declared} but the record places {stones} black \
                         stone{}",
                        if *stones == 1 { "" } else { "s" }
                    )
                },
                || zh!("HA 为让 {} 子，但棋谱摆了 {} 枚黑子", declared, stones),
            )
            .help(
                || "set HA to the number of handicap stones in AB".to_string(),
                || Zh::own("把 HA 设为 AB 中让子的数目"),
            ),
            GoIssue::KomiNormalised { komi } => {
                let (unit, unit_zh) = match komi.unit() {
                    KomiUnit::Points => ("points", "目"),
                    KomiUnit::Stones => ("stones", "子"),
                    KomiUnit::HundredthsOfPoints => ("hundredths of a point", "百分之一目"),
                    KomiUnit::HundredthsOfStones => ("hundredths of a stone", "百分之一子"),
                };
                Words::new(
                    lang,
                    || {
                        format!(
                            "komi {} read as {unit}: {} points",
                            komi.raw(),
                            komi.points()
                        )
                    },
                    || {
                        zh!(
                            "贴目 {} 按{}读取：即 {} 目",
                            komi.raw(),
                            Zh::own(unit_zh),
                            komi.points()
                        )
                    },
                )
                .help(
                    || format!("SGF writes komi in points: KM[{}]", komi.points()),
                    || zh!("SGF 以目记贴目：KM[{}]", komi.points()),
                )
            }
            GoIssue::ResultMismatch {
                recorded,
                counted,
                black,
                white,
                komi,
                handicap,
            } => Words::new(
                lang,
                || format!("the record says {recorded} but the final position counts {counted}"),
                || {
                    zh!(
                        "棋谱记载的结果是 {}，但按终局局面计算为 {}",
                        recorded,
                        counted
                    )
                },
            )
            .help(
                || {
                    let mut text = format!("area count: Black {black}, White {white}, komi {komi}");
                    if *handicap > 0 {
                        text.push_str(&format!(", White +{handicap} for the handicap"));
                    }
                    text
                },
                || {
                    let mut text = zh!("数子结果：黑 {}，白 {}，贴目 {}", black, white, komi);
                    if *handicap > 0 {
                        text.push(&zh!("，白方因让子加 {}", handicap));
                    }
                    text
                },
            ),
            GoIssue::ResultUnverifiable { reason } => Words::new(
                lang,
                || format!("the result cannot be verified: {reason}"),
                || zh!("无法核对结果：{}", reason.to_zh()),
            ),
            GoIssue::VariationsTooDeep { depth } => Words::new(
                lang,
                || {
                    format!(
                        "variations nested deeper than {depth} levels are checked but left out \
                         of the converted record"
                    )
                },
                || zh!("嵌套超过 {} 层的变化已检查，但不写入转换后的棋谱", depth),
            ),
            GoIssue::SuperkoLimited => Words::new(
                lang,
                || {
                    "this tree has too many long variations to carry the full position history \
                     into each; superko is checked only within them"
                        .to_string()
                },
                || {
                    Zh::own(
                        "此棋谱树的长变化太多，无法把完整的局面历史带入每个变化；全局同形只在各变化之内检查",
                    )
                },
            ),
        }
    }
}

/// Readings of what the writer meant named at most: the best, beyond which the rest of
/// the game rarely tells them apart.
const MEANT_NAMED: usize = 3;

/// A stone as SGF writes it, with the point as the board names it: `W[ef] (E4)`.
fn stone_text(color: Color, point: &BoardPoint) -> String {
    let letter = match color {
        Color::Black => 'B',
        Color::White => 'W',
    };
    let coordinate = point.point.coordinate(point.width, point.height);
    match (point.point.to_sgf(), coordinate) {
        (Some([x, y]), Some(coordinate)) => format!("{letter}[{x}{y}] ({coordinate})"),
        (Some([x, y]), None) => format!("{letter}[{x}{y}]"),
        _ => format!("{letter} {point}"),
    }
}

/// The help that names what the writer may have meant, best first, after the issue's
/// own help, where anything fits.
fn with_meant(words: Words, meant: &[(Color, BoardPoint)]) -> Words {
    if meant.is_empty() {
        return words;
    }
    let own = words.clone();
    words.help(
        || {
            let names: Vec<String> = meant
                .iter()
                .take(MEANT_NAMED)
                .map(|(color, point)| stone_text(*color, point))
                .collect();
            let list = match names.as_slice() {
                [init @ .., last] if !init.is_empty() => format!("{} or {last}", init.join(", ")),
                _ => names.concat(),
            };
            match own.clone().text(Lang::En).1 {
                Some(help) => format!("{help}; did you mean {list}?"),
                None => format!("did you mean {list}?"),
            }
        },
        || {
            let named = &meant[..meant.len().min(MEANT_NAMED)];
            let mut list = Zh::default();
            for (i, (color, point)) in named.iter().enumerate() {
                if i > 0 {
                    list.push(&Zh::own(if i + 1 == named.len() { " 或 " } else { "、" }));
                }
                list.push(&zh!("{}", stone_text(*color, point)));
            }
            match own.clone().zh().1 {
                Some(help) => zh!("{}；是否想下 {}？", help, list),
                None => zh!("是否想下 {}？", list),
            }
        },
    )
}

/// The wording of an SGF syntax error (the error's own `Display` and `ToZh`), with its
/// help where there is advice to give.
fn syntax_words(error: &SgfSyntaxError, lang: Lang) -> Words {
    let words = Words::new(lang, || error.to_string(), || error.to_zh());
    let (english, chinese) = match error {
        SgfSyntaxError::NoGameTree { .. } => {
            ("an SGF record starts with `(;`", "SGF 棋谱以 `(;` 开头")
        }
        SgfSyntaxError::UnterminatedValue { .. } => (
            "close the value with `]`; a `]` inside a value is written `\\]`",
            "用 `]` 闭合属性值；值中的 `]` 写作 `\\]`",
        ),
        SgfSyntaxError::MissingValue { .. } => (
            "give the property a value in brackets: B[dd]",
            "在方括号中给出属性值：B[dd]",
        ),
        SgfSyntaxError::UnclosedGameTree { .. } => {
            ("close the game tree with `)`", "用 `)` 闭合棋谱树")
        }
        SgfSyntaxError::MissingSemicolon { .. } => (
            "FF[4] starts every node with `;`",
            "FF[4] 的每个节点都以 `;` 开头",
        ),
        SgfSyntaxError::LowercaseIdentifier { .. } => (
            "FF[4] identifiers are upper-case letters only",
            "FF[4] 的属性名只用大写字母",
        ),
        SgfSyntaxError::IllegalVariationStart { .. } => (
            "start every variation with a node, (;B[aa]…), and close each `(` once",
            "每个变化都以节点开头，(;B[aa]…)，每个 `(` 只闭合一次",
        ),
        _ => return words,
    };
    words.help(|| english.to_string(), || Zh::own(chinese))
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
