//! What reading a GIB, NGF, UGF or UGI file can find, as data: the lines qipu cannot
//! read, the numbers that disagree, and what qipu had to assume because the format does
//! not say it.

use super::archive::ArchiveFormat;
use super::board::BoardPoint;
use crate::diag::{Issue, Severity, Words};
use crate::lang::{zh, Lang, Zh};

/// An issue of an archive format's own text (the replay's are [`super::GoIssue`]s).
#[derive(Clone, Debug, PartialEq)]
pub enum ArchiveIssue {
    /// A line that should hold a move (or a handicap) and cannot be read; it is skipped.
    BadLine {
        /// The format.
        format: ArchiveFormat,
        /// What the line should look like.
        expected: &'static str,
        /// The same in Chinese; `None` where `expected` is the line's syntax, quoted as it
        /// is in both languages.
        expected_zh: Option<&'static str>,
    },
    /// A field whose value cannot be read (a komi, a date, a board size, a result);
    /// it is left out of the SGF.
    BadField {
        /// The field's name in the format.
        field: &'static str,
        /// Its value as written.
        value: String,
    },
    /// A move numbered out of sequence.
    MoveNumber {
        /// The number the sequence gives.
        expected: u32,
        /// The number written.
        found: u32,
    },
    /// The number of moves the header announces differs from the moves the file holds.
    MoveCount {
        /// The header's number.
        announced: u32,
        /// The moves read.
        found: u32,
    },
    /// The file gives the number of handicap stones but not their points; qipu placed
    /// them where the site does.
    HandicapPlaced {
        /// The format.
        format: ArchiveFormat,
        /// The handicap.
        stones: u32,
        /// The points used.
        points: Vec<BoardPoint>,
    },
    /// NGF writes komi in whole points; without handicap the half point is implied.
    HalfPointAdded {
        /// Komi as written.
        written: String,
    },
    /// A UGF file without `CoordinateType`: rows were counted from the bottom, as
    /// Pandanet's own files (`CoordinateType=IGS`) do.
    RowsAssumed,
    /// A UGI figure (a review's side line) whose position is not one of the game's: it
    /// is left out.
    FigureOutsideGame {
        /// The move number the figure names.
        move_number: u32,
    },
    /// A UGI review comment on a review node the review does not have: kept as a
    /// comment on the game.
    CommentOutsideReview {
        /// The node's number as written (`.Comment,n`).
        node: u32,
    },
    /// NGF's header of `GI` lines does not say who has Black: the first player was taken
    /// as White, as the twelve-line header orders them.
    ColoursAssumed,
    /// A file named as an archive format whose text is neither that format nor SGF.
    NotTheFormat {
        /// The format its name gives.
        format: ArchiveFormat,
    },
    /// Header fields that no SGF property holds; `convert` names them as left out.
    UnreadFields {
        /// The format.
        format: ArchiveFormat,
        /// The fields' names.
        names: Vec<String>,
    },
}

impl ArchiveIssue {
    /// How serious it is.
    pub fn severity(&self) -> Severity {
        match self {
            ArchiveIssue::BadLine { .. } | ArchiveIssue::NotTheFormat { .. } => Severity::Error,
            ArchiveIssue::BadField { .. }
            | ArchiveIssue::MoveNumber { .. }
            | ArchiveIssue::MoveCount { .. }
            | ArchiveIssue::FigureOutsideGame { .. }
            | ArchiveIssue::CommentOutsideReview { .. } => Severity::Warning,
            ArchiveIssue::HandicapPlaced { .. }
            | ArchiveIssue::HalfPointAdded { .. }
            | ArchiveIssue::ColoursAssumed
            | ArchiveIssue::RowsAssumed
            | ArchiveIssue::UnreadFields { .. } => Severity::Note,
        }
    }
}

impl Issue for ArchiveIssue {
    fn code(&self) -> &'static str {
        match self {
            ArchiveIssue::BadLine { .. } => "bad-archive-line",
            ArchiveIssue::BadField { .. } => "bad-archive-field",
            ArchiveIssue::MoveNumber { .. } => "archive-move-number",
            ArchiveIssue::MoveCount { .. } => "archive-move-count",
            ArchiveIssue::HandicapPlaced { .. }
            | ArchiveIssue::HalfPointAdded { .. }
            | ArchiveIssue::ColoursAssumed
            | ArchiveIssue::RowsAssumed => "archive-assumption",
            ArchiveIssue::FigureOutsideGame { .. } | ArchiveIssue::CommentOutsideReview { .. } => {
                "figure-outside-game"
            }
            ArchiveIssue::NotTheFormat { .. } => "not-archive-format",
            ArchiveIssue::UnreadFields { .. } => "unread-fields",
        }
    }

    fn words(&self, lang: Lang) -> Words {
        match self {
            ArchiveIssue::BadLine {
                format,
                expected,
                expected_zh,
            } => Words::new(
                lang,
                || format!("this {} line cannot be read as {expected}", format.name()),
                || zh!("这一行 {} 无法读作{}", format.name(), match expected_zh {
                    Some(words) => Zh::own(words),
                    None => zh!(" {}", expected),
                }),
            )
            .help(
                || String::from("the moves after it are replayed without it"),
                || Zh::own("其后的着法照常复盘，略去此行"),
            ),
            ArchiveIssue::BadField { field, value } => Words::new(
                lang,
                || format!("{field} `{value}` cannot be read; it is left out"),
                || zh!("{} 的值 `{}` 无法读取，已略去", field, value),
            ),
            ArchiveIssue::MoveNumber { expected, found } => Words::new(
                lang,
                || format!("move numbered {found} where {expected} comes next"),
                || zh!("着法编号为 {}，而下一手应为 {}", found, expected),
            ),
            ArchiveIssue::MoveCount { announced, found } => Words::new(
                lang,
                || format!("the header announces {announced} moves; the file holds {found}"),
                || zh!("文件头写明 {} 手，文件中有 {} 手", announced, found),
            ),
            ArchiveIssue::HandicapPlaced {
                format,
                stones,
                points,
            } => {
                let points = || {
                    points
                        .iter()
                        .map(BoardPoint::to_string)
                        .collect::<Vec<String>>()
                        .join(" ")
                };
                Words::new(
                    lang,
                    || {
                        format!(
                            "{} gives {stones} handicap stones but not their points; placed as \
                             the site does: {}",
                            format.name(),
                            points()
                        )
                    },
                    || {
                        zh!(
                            "{} 只写了 {} 个让子，没写位置；已按该网站的摆法放在：{}",
                            format.name(),
                            stones,
                            points()
                        )
                    },
                )
            }
            ArchiveIssue::HalfPointAdded { written } => Words::new(
                lang,
                || {
                    format!(
                        "komi `{written}` read as {written}.5: NGF writes komi in whole points \
                         and an even game has the half point"
                    )
                },
                || {
                    zh!(
                        "贴目 `{}` 读作 {}.5：NGF 只写整数贴目，分先对局另有半目",
                        written,
                        written
                    )
                },
            ),
            ArchiveIssue::RowsAssumed => Words::new(
                lang,
                || {
                    String::from(
                        "no CoordinateType: rows counted from the bottom, as Pandanet's IGS \
                         coordinates are",
                    )
                },
                || Zh::own("没有 CoordinateType：行号按 Pandanet 的 IGS 坐标从下往上数"),
            )
            .help(
                || String::from("add `CoordinateType=JPN` to the header if rows count from the top"),
                || Zh::own("若行号从上往下数，请在文件头加上 `CoordinateType=JPN`"),
            ),
            ArchiveIssue::FigureOutsideGame { move_number } => Words::new(
                lang,
                || {
                    format!(
                        "the figure at move {move_number} shows a position the game does not \
                         reach; it is left out"
                    )
                },
                || zh!("第 {} 手处的图所示局面不在本局中，已略去", move_number),
            ),
            ArchiveIssue::CommentOutsideReview { node } => Words::new(
                lang,
                || {
                    format!(
                        "the review comment on node {node} finds no such node in the review; \
                         it is kept as a comment on the game"
                    )
                },
                || zh!("复盘评论所指的节点 {} 不在复盘中；已作为对局评论保留", node),
            ),
            ArchiveIssue::ColoursAssumed => Words::new(
                lang,
                || {
                    String::from(
                        "the NGF header of GI lines does not say who has Black: the first \
                         player is taken as White, as the twelve-line NGF header orders them",
                    )
                },
                || {
                    Zh::own(
                        "此 NGF 文件的 GI 文件头没有写明谁执黑：按十二行 NGF 文件头的顺序，第一位对局者视为执白",
                    )
                },
            ),
            ArchiveIssue::NotTheFormat { format } => Words::new(
                lang,
                || {
                    format!(
                        "this file cannot be read as {}: {}",
                        format.names(),
                        match format {
                            ArchiveFormat::Gib =>
                                "a GIB file opens with `\\HS` or `\\[NAME=value\\]` lines",
                            ArchiveFormat::Ngf => {
                                "an NGF file opens with twelve header lines (title, board size, \
                                 White, Black, …) or eleven `GI` lines, then `PM` move lines"
                            }
                            ArchiveFormat::Ugf =>
                                "a UGF or UGI file opens with a `[Header]` section",
                        }
                    )
                },
                || {
                    zh!(
                        "此文件无法读作 {}：{}",
                        format.names(),
                        Zh::own(match format {
                            ArchiveFormat::Gib => "GIB 文件以 `\\HS` 或 `\\[名称=值\\]` 行开头",
                            ArchiveFormat::Ngf => {
                                "NGF 文件以十二行文件头（标题、棋盘大小、白方、黑方……）或十一行 `GI` 开头，其后是 `PM` 着法行"
                            }
                            ArchiveFormat::Ugf => "UGF 或 UGI 文件以 `[Header]` 段开头",
                        })
                    )
                },
            )
            .help(
                || {
                    String::from(
                        "the file is read by its content: an SGF file of another name is read \
                         as SGF; is this one cut short, or of another format?",
                    )
                },
                || {
                    Zh::own(
                        "文件按内容读取：别的名字的 SGF 文件照样读作 SGF；此文件是否不完整，或是别的格式？",
                    )
                },
            ),
            ArchiveIssue::UnreadFields { format, names } => Words::new(
                lang,
                || {
                    format!(
                        "{} fields that no SGF property holds: {}",
                        format.name(),
                        names.join(", ")
                    )
                },
                || {
                    zh!(
                        "{} 中没有 SGF 属性可容纳的字段：{}",
                        format.name(),
                        Zh::join(names.iter().map(|name| unread_zh(name)), "、")
                    )
                },
            ),
        }
    }
}

/// An unread field's name in Chinese: the readers' descriptions of fields without a name
/// of their own (`time of day`, `line 5`, `GAMEINFOMAIN's GBKIND`) are worded; a field's
/// own name (`GIBOKIND`, `Ptime`) is quoted from the file.
fn unread_zh(name: &str) -> Zh {
    match name {
        "time of day" => Zh::own("对局时刻"),
        "seconds per move" => Zh::own("每手用时（秒）"),
        "time in minutes" => Zh::own("用时（分钟）"),
        "GI lines after the moves" => Zh::own("着法之后的 GI 行"),
        _ => {
            if let Some(line) = name.strip_prefix("line ") {
                zh!("第 {} 行", line)
            } else if let Some((field, codes)) = name.split_once("'s ") {
                zh!("{} 中的 {}", field, codes.replace(", ", "、"))
            } else {
                zh!("{}", name)
            }
        }
    }
}
