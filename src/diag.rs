//! Diagnostics: what is wrong with a record, where, and what was probably meant.
//!
//! A diagnostic keeps its data (a stable code and the issue's arguments: squares, moves,
//! names) apart from its wording, so that other languages can word the same issue: every
//! issue is worded in English and in Chinese ([`Issue::message_in`]).

use std::fmt;

pub use crate::intent::{EditKind, Evidence, Slip};
use crate::lang::{zh, Lang, ToZh, Zh};
use crate::record::Format;
use crate::record::Game;
use crate::record::Likeness;
use crate::text::{DecodeIssue, LineIndex, Span};

/// How bad a diagnostic is. Only errors make a record invalid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// Worth knowing; the record is fine.
    Note,
    /// Worth checking (a wrong check mark, a result the position contradicts, bytes that
    /// could not be decoded), but the record is still usable.
    Warning,
    /// The record is wrong: it makes the record invalid.
    Error,
}

impl Severity {
    /// The lower-case name used in JSON and in rendered output: `error`, `warning`, `note`.
    pub fn name(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
        }
    }

    /// The name in rendered output in `lang` (JSON keeps [`Severity::name`]).
    pub fn name_in(self, lang: Lang) -> String {
        let zh = match self {
            Severity::Error => "错误",
            Severity::Warning => "警告",
            Severity::Note => "备注",
        };
        lang.chinese(&Zh::own(zh))
            .unwrap_or_else(|| self.name().to_string())
    }
}

/// Data of an issue, worded on demand: one place per kind of issue gives its message and
/// help in English beside Chinese ([`Words::new`], [`Words::help`] take both), so a kind
/// of issue without its Chinese wording does not compile.
// Families implement it and `Kind::game` takes it; a library user never names it, so it
// stays out of the documented surface.
#[doc(hidden)]
pub trait Issue {
    /// Stable kebab-case identifier (the same in every language).
    fn code(&self) -> &'static str;
    /// What is wrong and what to do about it, worded for `lang` (only `lang`'s wording is
    /// computed).
    fn words(&self, lang: Lang) -> Words;

    /// What is wrong, in `lang`.
    fn message_in(&self, lang: Lang) -> String {
        self.words(lang).text(lang).0
    }

    /// What to do about it, in `lang`, where there is advice to give.
    fn help_in(&self, lang: Lang) -> Option<String> {
        self.words(lang).text(lang).1
    }
}

/// An issue's message and, where there is advice to give, its help, in one language:
/// built from the English and the Chinese side by side, of which only the one asked for
/// is computed.
#[derive(Clone, Debug)]
#[doc(hidden)]
pub struct Words {
    message: Said,
    help: Option<Said>,
}

#[derive(Clone, Debug)]
enum Said {
    English(String),
    Chinese(Zh),
}

impl Said {
    fn new(lang: Lang, english: impl FnOnce() -> String, chinese: impl FnOnce() -> Zh) -> Said {
        match lang {
            Lang::En => Said::English(english()),
            Lang::Zh | Lang::ZhHant => Said::Chinese(chinese()),
        }
    }

    fn text(self, lang: Lang) -> String {
        match self {
            Said::English(text) => text,
            Said::Chinese(words) => lang.chinese(&words).unwrap_or_else(|| words.simplified()),
        }
    }

    fn zh(self) -> Zh {
        match self {
            Said::Chinese(words) => words,
            Said::English(text) => Zh::own(&text),
        }
    }
}

impl Words {
    /// The message, in English and in Chinese.
    pub fn new(
        lang: Lang,
        english: impl FnOnce() -> String,
        chinese: impl FnOnce() -> Zh,
    ) -> Words {
        Words {
            message: Said::new(lang, english, chinese),
            help: None,
        }
    }

    /// The help, in English and in Chinese.
    pub fn help(self, english: impl FnOnce() -> String, chinese: impl FnOnce() -> Zh) -> Words {
        let lang = match self.message {
            Said::English(_) => Lang::En,
            Said::Chinese(_) => Lang::Zh,
        };
        Words {
            help: Some(Said::new(lang, english, chinese)),
            ..self
        }
    }

    /// The message and the help as text in `lang`.
    pub fn text(self, lang: Lang) -> (String, Option<String>) {
        (
            self.message.text(lang),
            self.help.map(|help| help.text(lang)),
        )
    }

    /// The Chinese wording, with what it quotes from the record kept apart from qipu's
    /// own words.
    pub fn zh(self) -> (Zh, Option<Zh>) {
        (self.message.zh(), self.help.map(Said::zh))
    }
}

/// Issues that concern the file rather than a game family.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileIssue {
    /// The text could not be decoded cleanly, or its declared charset disagrees with it.
    Decode(DecodeIssue),
    /// The game family could not be told from the extension or the content.
    UnknownGame {
        /// The families qipu reads, which the help offers.
        known: Vec<Game>,
    },
    /// The file holds no record of the family it was read as.
    NoRecords {
        /// The family, where it is known (`no shatar record found`).
        game: Option<Game>,
    },
    /// The file is empty (or white space only).
    EmptyFile,
    /// The file holds binary data (NUL bytes or control characters), not text.
    BinaryFile,
    /// A streamed input held more text than `limit` bytes without a record boundary;
    /// reading stopped there.
    RecordTooLarge {
        /// The limit, in bytes ([`crate::ReadOptions::max_record_size`]).
        limit: usize,
    },
    /// A text file met in a folder walk that holds no game record: skipped.
    NotARecordFile,
    /// The file could not be read at all.
    Io {
        /// What the operating system reported.
        kind: std::io::ErrorKind,
    },
    /// A conversion to `format` had no place for these parts of the record.
    LeftOut {
        /// The format converted to.
        format: Format,
        /// What it had no place for, in the order met.
        what: Vec<LeftOut>,
        /// The formats that hold them, which the help offers (the families' own).
        keep_in: Vec<Format>,
    },
    /// The record is the same game as an earlier one (`--dedup`, [`crate::dedup`]).
    Duplicate {
        /// The file of the first record of the game.
        source: String,
        /// Its 0-based index there (as JSON's `index`).
        index: usize,
        /// What made them the same.
        likeness: Likeness,
    },
}

impl FileIssue {
    fn left_out_zh(format: Format, what: &[LeftOut]) -> Zh {
        zh!(
            "{} 格式无处存放{}；本棋谱的输出中已略去",
            format.name(),
            Zh::join(what.iter().map(LeftOut::to_zh), "、")
        )
    }
}

/// How much a decoding issue weighs: bytes not valid and a declaration not kept are
/// warnings; a reading chosen by the SGF structure is a note (the guess is said, not
/// hidden).
pub(crate) fn decode_severity(issue: &DecodeIssue) -> Severity {
    match issue {
        DecodeIssue::ReadByStructure { .. } | DecodeIssue::EscapedInCharacters { .. } => {
            Severity::Note
        }
        _ => Severity::Warning,
    }
}

impl Issue for FileIssue {
    fn code(&self) -> &'static str {
        match self {
            FileIssue::Decode(DecodeIssue::Malformed { .. }) => "bad-encoding",
            FileIssue::Decode(DecodeIssue::DeclaredMismatch { .. }) => "encoding-mismatch",
            FileIssue::Decode(DecodeIssue::UnknownLabel { .. }) => "unknown-charset",
            FileIssue::Decode(DecodeIssue::ReadByStructure { .. }) => "encoding-from-structure",
            FileIssue::Decode(DecodeIssue::EscapedInCharacters { .. }) => "escape-in-character",
            FileIssue::UnknownGame { .. } => "unknown-game",
            FileIssue::NoRecords { .. } => "no-records",
            FileIssue::Io { .. } => "io-error",
            FileIssue::NotARecordFile => "not-a-record-file",
            FileIssue::EmptyFile => "empty-file",
            FileIssue::BinaryFile => "binary-file",
            FileIssue::RecordTooLarge { .. } => "record-too-large",
            FileIssue::LeftOut { .. } => "left-out",
            FileIssue::Duplicate { .. } => "duplicate",
        }
    }

    fn words(&self, lang: Lang) -> Words {
        match self {
            FileIssue::Decode(issue) => {
                let words = Words::new(lang, || issue.to_string(), || issue.to_zh());
                match issue {
                    DecodeIssue::Malformed { .. } => words.help(
                        || "the bytes were replaced by U+FFFD; pass --encoding LABEL if the encoding was guessed wrong".to_string(),
                        || Zh::own("这些字节已替换为 U+FFFD；若编码判断有误，请用 --encoding LABEL 指定编码"),
                    ),
                    DecodeIssue::DeclaredMismatch { used, .. } => words.help(
                        || format!("the file was read as {used}"),
                        || zh!("已按 {} 读取此文件", used),
                    ),
                    DecodeIssue::UnknownLabel { .. } => words.help(
                        || "the encoding was detected from the bytes instead".to_string(),
                        || Zh::own("已改为根据字节判断编码"),
                    ),
                    DecodeIssue::ReadByStructure { .. } => words.help(
                        || "the encoding is a guess: pass --encoding LABEL if it is wrong".to_string(),
                        || Zh::own("编码是推测的：若有误，请用 --encoding LABEL 指定编码"),
                    ),
                    DecodeIssue::EscapedInCharacters { .. } => words.help(
                        || "written back, the characters carry no escape; SGF escapes only whole characters".to_string(),
                        || Zh::own("写回时这些字符不带转义；SGF 只转义完整的字符"),
                    ),
                }
            }
            FileIssue::UnknownGame { known } => {
                let flags: Vec<String> = known
                    .iter()
                    .map(|g| format!("--game {}", g.name()))
                    .collect();
                Words::new(
                    lang,
                    || "cannot tell which game this file records".to_string(),
                    || Zh::own("无法判断此文件记录的是哪种棋"),
                )
                .help(
                    || format!("pass {}", one_of(&flags, ", ", " or ")),
                    || zh!("请用 {} 指定棋种", Zh::own(&one_of(&flags, "、", " 或 "))),
                )
            }
            FileIssue::NoRecords { game } => Words::new(
                lang,
                || {
                    format!(
                        "no {} record found in this file",
                        game.map_or("game", Game::name)
                    )
                },
                || match game {
                    Some(game) => zh!("此文件中没有{}棋谱", Zh::own(game.name_zh())),
                    None => Zh::own("此文件中没有棋谱"),
                },
            ),
            FileIssue::Io { kind } => Words::new(
                lang,
                || format!("cannot read the file: {}", io_reason(*kind)),
                || zh!("无法读取文件：{}", io_reason_zh(*kind)),
            ),
            FileIssue::NotARecordFile => Words::new(
                lang,
                || "this text file holds no game record; skipped".to_string(),
                || Zh::own("此文本文件不含棋谱，已跳过"),
            )
            .help(
                || "name the file on the command line to have it read".to_string(),
                || Zh::own("在命令行上写明此文件，即可读取"),
            ),
            FileIssue::EmptyFile => Words::new(
                lang,
                || "the file is empty".to_string(),
                || Zh::own("文件为空"),
            ),
            FileIssue::BinaryFile => Words::new(
                lang,
                || "the file holds binary data, not a text record".to_string(),
                || Zh::own("文件含有二进制数据，不是文本棋谱"),
            )
            .help(
                || {
                    "pass --encoding LABEL if this is text in an encoding qipu did not recognise"
                        .to_string()
                },
                || Zh::own("若这是 qipu 未能识别的编码的文本，请用 --encoding LABEL 指定编码"),
            ),
            FileIssue::RecordTooLarge { limit } => Words::new(
                lang,
                || {
                    format!(
                        "more than {} MiB of text without a record boundary; reading stopped",
                        limit >> 20
                    )
                },
                || zh!("超过 {} MiB 的文本中没有棋谱分界，已停止读取", limit >> 20),
            )
            .help(
                || {
                    "pass --max-record-size BYTES (with K, M or G) to allow larger records"
                        .to_string()
                },
                || Zh::own("用 --max-record-size BYTES（可带 K、M 或 G）可允许更大的棋谱"),
            ),
            FileIssue::Duplicate {
                source,
                index,
                likeness,
            } => {
                // Counted from 1, as the human report counts records.
                let number = index + 1;
                match likeness {
                    Likeness::Moves => Words::new(
                        lang,
                        || format!("the same game as record {number} of {source}"),
                        || zh!("与 {} 的第 {} 份棋谱是同一盘棋", source, number),
                    ),
                    Likeness::Final => Words::new(
                        lang,
                        || format!("the same final position as record {number} of {source}"),
                        || zh!("与 {} 的第 {} 份棋谱终局局面相同", source, number),
                    ),
                }
                .help(
                    || {
                        "convert leaves it out; --only-duplicates keeps only such records"
                            .to_string()
                    },
                    || Zh::own("convert 不写出它；--only-duplicates 只保留这样的棋谱"),
                )
            }
            FileIssue::LeftOut {
                format,
                what,
                keep_in,
            } => {
                let words = Words::new(
                    lang,
                    || {
                        let names: Vec<String> = what.iter().map(LeftOut::to_string).collect();
                        format!(
                            "{} has no place for {}; left out of this record's output",
                            format.name(),
                            names.join(", ")
                        )
                    },
                    || FileIssue::left_out_zh(*format, what),
                );
                if what.iter().all(|item| *item == LeftOut::ControlCharacters) {
                    words.help(
                        || "only JSON output keeps control characters".to_string(),
                        || Zh::own("只有 JSON 输出能保留控制字符"),
                    )
                } else if what
                    .iter()
                    .all(|item| matches!(item, LeftOut::SourceField(_)))
                {
                    words.help(
                        || {
                            "no format qipu writes has a place for them; the source file keeps them"
                                .to_string()
                        },
                        || Zh::own("qipu 写出的格式都容纳不了它们；原文件中仍保留着它们"),
                    )
                } else {
                    let names: Vec<String> =
                        keep_in.iter().map(|f| f.name().to_uppercase()).collect();
                    words.help(
                        || {
                            format!(
                                "convert to a format that holds them ({}) to keep them",
                                one_of(&names, ", ", " or ")
                            )
                        },
                        || {
                            zh!(
                                "要保留这些内容，请转换为能容纳它们的格式（{}）",
                                Zh::own(&one_of(&names, "、", " 或 "))
                            )
                        },
                    )
                }
            }
        }
    }
}

/// A correction `convert --fix` made to a record's output (a family's write option),
/// reported as a `fixed` note.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fixed {
    /// What was corrected, named in a few words (`date`, `result`, `move in the root node`).
    pub what: Fixable,
    /// As written.
    pub from: String,
    /// As written out instead.
    pub to: String,
    /// The correction dropped what could not be read (`KM[five]`): a warning, not a note.
    pub lost: bool,
}

/// What a correction corrected ([`Fixed::what`]), named in English and in Chinese by the
/// family that corrects it (`date`, `日期`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fixable {
    english: &'static str,
    chinese: &'static str,
}

impl Fixable {
    /// What a family corrects, named in both languages.
    pub(crate) const fn named(english: &'static str, chinese: &'static str) -> Fixable {
        Fixable { english, chinese }
    }

    /// The English name (`date`).
    pub fn name(self) -> &'static str {
        self.english
    }

    /// The Chinese name (`日期`).
    pub fn name_zh(self) -> &'static str {
        self.chinese
    }
}

/// Something a record holds that the target format has no place for. `convert` names
/// each in one note per record, so that nothing is dropped silently.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum LeftOut {
    /// A tag (header, game-info property) the format has no field for.
    Tag(String),
    /// Comments (Go: those the record could not keep in place).
    Comments,
    /// Variations (side lines), or those beyond the depth a reader keeps.
    Variations,
    /// Numeric annotation glyphs (`$1`, `!`, `?` written as NAGs).
    Nags,
    /// Board markup (SGF `MA`, `TR`, `LB`, …).
    Markup,
    /// Node names (SGF `N`).
    NodeNames,
    /// Move and position annotations (SGF `TE`, `BM`, `DO`, `IT`, `GB`, `GW`, …).
    Annotations,
    /// Escape lines (`%` lines of PGN/PDN).
    EscapeLines,
    /// Results written at the end of variations (`(… 2-0)`).
    VariationResults,
    /// Text before the first record or between records.
    TextOutsideRecords,
    /// A property the family does not know, kept by formats that can hold it.
    Property(String),
    /// A field of the file's own format (a Go archive's header field) that no format
    /// qipu writes has a place for.
    SourceField(String),
    /// Control characters other than white space inside tags, comments or values: only
    /// JSON holds them; the text formats write their pictures instead (`␀` for NUL; see
    /// [`crate::text::is_unwritable_control`]).
    ControlCharacters,
}

impl fmt::Display for LeftOut {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LeftOut::Tag(name) => write!(f, "the {name} tag"),
            LeftOut::Comments => f.write_str("comments"),
            LeftOut::Variations => f.write_str("variations"),
            LeftOut::Nags => f.write_str("annotation glyphs"),
            LeftOut::Markup => f.write_str("board markup"),
            LeftOut::NodeNames => f.write_str("node names"),
            LeftOut::Annotations => f.write_str("move annotations"),
            LeftOut::EscapeLines => f.write_str("% escape lines"),
            LeftOut::VariationResults => f.write_str("results that end variations"),
            LeftOut::TextOutsideRecords => f.write_str("text outside the records"),
            LeftOut::Property(name) => write!(f, "the {name} property"),
            LeftOut::SourceField(name) => write!(f, "{name} (a field of the source format)"),
            LeftOut::ControlCharacters => {
                f.write_str("control characters (each written as a symbol such as ␀ instead)")
            }
        }
    }
}

impl ToZh for LeftOut {
    fn to_zh(&self) -> Zh {
        match self {
            LeftOut::Tag(name) => zh!("{} 标签", name),
            LeftOut::Comments => Zh::own("注释"),
            LeftOut::Variations => Zh::own("变着"),
            LeftOut::Nags => Zh::own("评注符号"),
            LeftOut::Markup => Zh::own("棋盘标记"),
            LeftOut::NodeNames => Zh::own("节点名称"),
            LeftOut::Annotations => Zh::own("着法评注"),
            LeftOut::EscapeLines => Zh::own("% 转义行"),
            LeftOut::VariationResults => Zh::own("变着末尾的结果"),
            LeftOut::TextOutsideRecords => Zh::own("棋谱之外的文字"),
            LeftOut::Property(name) => zh!("{} 属性", name),
            LeftOut::ControlCharacters => Zh::own("控制字符（各写作 ␀ 之类的符号）"),
            LeftOut::SourceField(name) => zh!("{}（原格式的字段）", name),
        }
    }
}

/// `items` as a choice: `a, b or c` (`between` and `last` the separators).
fn one_of(items: &[String], between: &str, last: &str) -> String {
    match items.split_last() {
        Some((final_item, [])) => final_item.clone(),
        Some((final_item, rest)) => format!("{}{last}{final_item}", rest.join(between)),
        None => String::new(),
    }
}

/// What the operating system reported about a path, in words: `no such file or
/// directory`, `permission denied`. Error lines of the command line word it so too.
pub fn io_reason(kind: std::io::ErrorKind) -> String {
    use std::io::ErrorKind;
    let words = match kind {
        ErrorKind::NotFound => "no such file or directory",
        ErrorKind::PermissionDenied => "permission denied",
        ErrorKind::IsADirectory => "it is a directory",
        ErrorKind::NotADirectory => "a part of the path is a file, not a directory",
        ErrorKind::AlreadyExists => "a file of that name is already there",
        ErrorKind::ReadOnlyFilesystem => "the file system is read-only",
        ErrorKind::StorageFull => "no space is left on the device",
        ErrorKind::InvalidData => "the data is not valid",
        ErrorKind::Interrupted => "interrupted",
        ErrorKind::UnexpectedEof => "the file ended too early",
        other => return other.to_string(),
    };
    words.to_string()
}

/// [`io_reason`] in Chinese where qipu knows the kind.
pub fn io_reason_zh(kind: std::io::ErrorKind) -> Zh {
    use std::io::ErrorKind;
    match kind {
        ErrorKind::NotFound => Zh::own("文件或文件夹不存在"),
        ErrorKind::PermissionDenied => Zh::own("没有权限"),
        ErrorKind::IsADirectory => Zh::own("这是一个文件夹"),
        ErrorKind::NotADirectory => Zh::own("路径中有一段是文件，不是文件夹"),
        ErrorKind::AlreadyExists => Zh::own("已有同名的文件"),
        ErrorKind::ReadOnlyFilesystem => Zh::own("文件系统是只读的"),
        ErrorKind::StorageFull => Zh::own("设备上已没有空间"),
        ErrorKind::InvalidData => Zh::own("数据无效"),
        ErrorKind::Interrupted => Zh::own("读取被中断"),
        ErrorKind::UnexpectedEof => Zh::own("文件意外结束"),
        other => zh!("{}", other),
    }
}

/// A move no legal move fits, replayed as the one legal move that fits what the writer
/// evidently meant ([`crate::ReadOptions::repair`]). It follows the error it repairs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Repaired {
    /// The move as written; for a half-move left out, the written move it comes before.
    pub written: String,
    /// The move replayed instead, in the record's own notation; for a swap, the moves
    /// in the order played; for a move written twice, empty.
    pub used: String,
    /// What the repair changed.
    pub edit: EditKind,
    /// What the repair rests on: how much of the sheet replays with it, and with any
    /// other candidate; `None` where the rest of the sheet was not weighed.
    pub evidence: Option<Evidence>,
}

impl Issue for Repaired {
    fn code(&self) -> &'static str {
        "repaired"
    }

    fn words(&self, lang: Lang) -> Words {
        let (written, used) = (&self.written, &self.used);
        let words = match self.edit {
            EditKind::Missing => Words::new(
                lang,
                || format!("supplied {used}, a half-move the record leaves out before {written}"),
                || zh!("补上了记录在 {} 之前漏记的一步 {}", written, used),
            ),
            EditKind::Swapped => Words::new(
                lang,
                || format!("replayed {written} and the moves after it in the order played: {used}"),
                || zh!("已将 {} 及其后的着法按实际次序复盘：{}", written, used),
            ),
            EditKind::Doubled => Words::new(
                lang,
                || format!("skipped {written}, the same move written twice"),
                || zh!("跳过了重复记录的 {}", written),
            ),
            _ => Words::new(
                lang,
                || format!("replayed {written} as {used}"),
                || zh!("已将 {} 按 {} 复盘", written, used),
            ),
        };
        match self.evidence {
            // The record's last move: nothing after it to weigh.
            Some(Evidence { replayed: 0, runner_up: None }) => words.help(
                || "it is the one legal reading of the record's last move; check it against the original record".to_string(),
                || Zh::own("这是记录最后一着唯一合法的读法；请与原始记录核对"),
            ),
            Some(Evidence { replayed, runner_up: None }) => words.help(
                || format!("it is the one legal reading of the record, and the next {} with it; check it against the original record", english_moves(replayed)),
                || zh!("这是唯一合法的读法，其后 {} 步都能复盘；请与原始记录核对", replayed),
            ),
            Some(Evidence { replayed, runner_up: Some(runner_up) }) => words.help(
                || format!("the next {} with it; with any other at most {runner_up}; check it against the original record", english_moves(replayed)),
                || zh!("按此复盘，其后 {} 步都能复盘；按其他读法至多 {} 步；请与原始记录核对", replayed, runner_up),
            ),
            None => words.help(
                || format!("{used} is the one legal move that fits what was written; check it against the original record"),
                || zh!("{} 是与所记着法相符的唯一合法着法；请与原始记录核对", used),
            ),
        }
    }
}

/// "`n` moves replay", one move alone.
fn english_moves(n: u32) -> String {
    if n == 1 {
        "move replays".to_string()
    } else {
        format!("{n} moves replay")
    }
}

impl Issue for Fixed {
    fn code(&self) -> &'static str {
        "fixed"
    }

    fn words(&self, lang: Lang) -> Words {
        Words::new(
            lang,
            || {
                format!(
                    "fixed the {}: {} → {}",
                    self.what.name(),
                    self.from,
                    self.to
                )
            },
            || {
                zh!(
                    "已修正{}：{} → {}",
                    Zh::own(self.what.name_zh()),
                    self.from,
                    self.to
                )
            },
        )
    }
}

/// Every kind of issue qipu reports: the file's own, or one of a game family's, which
/// the family defines (its `issue` module) and which is worded through [`Issue`]; nothing
/// here lists the families.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// An issue of the file itself.
    File(FileIssue),
    /// An issue of a game family, defined by the family.
    Game(GameIssue),
}

impl Kind {
    /// A game family's issue, or one every family shares ([`Repaired`]).
    pub fn game(
        issue: impl Issue + Clone + PartialEq + fmt::Debug + Send + Sync + 'static,
    ) -> Kind {
        Kind::Game(GameIssue(Box::new(issue)))
    }

    fn issue(&self) -> &dyn Issue {
        match self {
            Kind::File(i) => i,
            Kind::Game(i) => i.0.as_issue(),
        }
    }

    /// Stable kebab-case identifier of the issue, such as `illegal-move`.
    pub fn code(&self) -> &'static str {
        self.issue().code()
    }

    /// What is wrong, in English.
    pub fn message(&self) -> String {
        self.issue().message_in(Lang::En)
    }

    /// What to do about it, in English, where there is advice to give.
    pub fn help(&self) -> Option<String> {
        self.issue().help_in(Lang::En)
    }

    /// What is wrong and what to do about it, in `lang`, worded once.
    pub fn text_in(&self, lang: Lang) -> (String, Option<String>) {
        self.issue().words(lang).text(lang)
    }

    /// What is wrong, in `lang`.
    pub fn message_in(&self, lang: Lang) -> String {
        self.issue().message_in(lang)
    }

    /// What to do about it, in `lang`, where there is advice to give.
    pub fn help_in(&self, lang: Lang) -> Option<String> {
        self.issue().help_in(lang)
    }

    /// The issue's wording in Chinese: its message and help, with what it quotes from
    /// the record kept apart from qipu's own words.
    pub fn zh(&self) -> (Zh, Option<Zh>) {
        self.issue().words(Lang::Zh).zh()
    }

    /// The family's issue, if it is one of type `T` (`ShatarIssue`, `GoIssue`, …).
    pub fn game_issue<T: 'static>(&self) -> Option<&T> {
        match self {
            Kind::Game(issue) => issue.0.as_any().downcast_ref(),
            Kind::File(_) => None,
        }
    }
}

/// An issue of a game family, of the family's own type.
pub struct GameIssue(Box<dyn AnyIssue>);

/// What [`GameIssue`] needs of a family's issue type beside [`Issue`]: to be cloned,
/// compared and told apart by type. Every such type has it.
trait AnyIssue: Send + Sync {
    fn as_issue(&self) -> &dyn Issue;
    fn as_any(&self) -> &dyn std::any::Any;
    fn boxed(&self) -> Box<dyn AnyIssue>;
    fn same(&self, other: &dyn AnyIssue) -> bool;
    fn debug(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result;
}

impl<T: Issue + Clone + PartialEq + fmt::Debug + Send + Sync + 'static> AnyIssue for T {
    fn as_issue(&self) -> &dyn Issue {
        self
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }

    fn boxed(&self) -> Box<dyn AnyIssue> {
        Box::new(self.clone())
    }

    fn same(&self, other: &dyn AnyIssue) -> bool {
        other.as_any().downcast_ref::<T>() == Some(self)
    }

    fn debug(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

impl Clone for GameIssue {
    fn clone(&self) -> GameIssue {
        GameIssue(self.0.boxed())
    }
}

impl PartialEq for GameIssue {
    fn eq(&self, other: &GameIssue) -> bool {
        self.0.same(other.0.as_ref())
    }
}

impl Eq for GameIssue {}

impl fmt::Debug for GameIssue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.debug(f)
    }
}

/// A player, by the colour of their pieces. Families name their own colours and say
/// which side each is: white and black are here, a family with another colour declares
/// it (Shatar's blue). The name is what JSON and the human output print; the colours are
/// those a board draws the side's pieces in.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Side {
    name: &'static str,
    name_zh: &'static str,
    /// Fill, outline, and the colour of text on a piece (CSS colours).
    colours: [&'static str; 3],
}

#[allow(non_upper_case_globals)]
impl Side {
    /// White.
    pub const White: Side = Side::named("white", "白方", ["#fbfbf8", "#222222", "#111111"]);
    /// Black.
    pub const Black: Side = Side::named("black", "黑方", ["#1b1b1b", "#000000", "#f4f4f4"]);

    /// The side of a lower-case English name, its rulebook name in Chinese, and the fill,
    /// outline and text colours of its pieces on a board.
    pub(crate) const fn named(
        name: &'static str,
        name_zh: &'static str,
        colours: [&'static str; 3],
    ) -> Side {
        Side {
            name,
            name_zh,
            colours,
        }
    }

    /// Lower-case English name, as JSON gives it (`"white"`, `"black"`, `"blue"`).
    pub fn name(self) -> &'static str {
        self.name
    }

    /// The rulebooks' name of the side, in simplified characters (`白方`, `黑方`, `蓝方`).
    pub fn name_zh(self) -> &'static str {
        self.name_zh
    }

    /// Fill, outline and the colour of text on a piece of the side.
    pub(crate) fn colours(self) -> [&'static str; 3] {
        self.colours
    }
}

impl fmt::Debug for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One finding about one record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// How bad it is; only errors make the record invalid.
    pub severity: Severity,
    /// What the issue is, with its arguments.
    pub kind: Kind,
    /// Byte range in the decoded file text.
    pub span: Option<Span>,
    /// 1-based ply over the whole game.
    pub ply: Option<u32>,
    /// The move number the ply belongs to, as the record numbers it.
    pub move_number: Option<u32>,
    /// The player whose ply it is.
    pub side: Option<Side>,
}

impl Diagnostic {
    /// A diagnostic with no position in the game (see [`Diagnostic::at_ply`]).
    pub fn new(severity: Severity, kind: Kind, span: Option<Span>) -> Diagnostic {
        Diagnostic {
            severity,
            kind,
            span,
            ply: None,
            move_number: None,
            side: None,
        }
    }

    /// Sets where in the game the diagnostic belongs.
    pub fn at_ply(mut self, ply: u32, move_number: u32, side: Side) -> Diagnostic {
        self.ply = Some(ply);
        self.move_number = Some(move_number);
        self.side = Some(side);
        self
    }

    /// Stable kebab-case identifier of the issue (see [`Kind::code`]).
    pub fn code(&self) -> &'static str {
        self.kind.code()
    }

    /// Binds the diagnostic to its file text, to print it with line and column.
    pub fn located<'a>(&'a self, text: &'a str, lines: &'a LineIndex) -> Located<'a> {
        Located {
            diagnostic: self,
            text,
            lines,
        }
    }
}

/// A diagnostic with the text it points into, as [`crate::json`] writes it.
pub struct Located<'a> {
    /// The diagnostic.
    pub diagnostic: &'a Diagnostic,
    /// The decoded file text its span points into.
    pub text: &'a str,
    /// Line starts of that text.
    pub lines: &'a LineIndex,
}

impl Located<'_> {
    /// 1-based line and character column of the start of the span.
    pub fn line_col(&self) -> Option<(usize, usize)> {
        let span = self.diagnostic.span.as_ref()?;
        Some(self.lines.line_col(self.text, span.start))
    }

    /// The source text the span covers.
    pub fn snippet(&self) -> Option<&str> {
        let span = self.diagnostic.span.as_ref()?;
        self.text.get(span.clone())
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}[{}]: {}",
            self.severity.name(),
            self.code(),
            self.kind.message()
        )
    }
}
