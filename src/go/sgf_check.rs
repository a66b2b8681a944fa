//! Structural checks of a parsed SGF game tree, in the spirit of SGFC: property placement,
//! duplicates and value types. Replaying the moves is the rules engine's job.

use std::collections::{HashMap, HashSet};
use std::fmt;
use std::ops::Range;

use crate::diag::Severity;
use crate::go::board::BoardPoint;
use crate::go::sgf::grammar::{is_space, whole};
use crate::go::sgf::{BoardSize, GameTree, NodeRef, Point, Property, Value, ValueError};
use crate::text::is_unwritable_control;

/// A structural problem, with the span of the offending property, value or node.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SgfIssue {
    /// A node holds both a move (`B`/`W`) and setup (`AB`/`AW`/`AE`/`PL`); `FF[3]` allowed it.
    MixedSetupMove {
        /// The node.
        span: Range<usize>,
    },
    /// A root property (`FF`, `GM`, `SZ`, `CA`, `AP`, `ST`) outside the root node; ignored.
    RootPropertyOutsideRoot {
        /// `FF[4]` identifier.
        ident: String,
        /// The property.
        span: Range<usize>,
    },
    /// The same property twice in one node, with values that cannot be merged without
    /// changing the record (two moves, two board sizes, two komis, …).
    DuplicateProperty {
        /// `FF[4]` identifier.
        ident: String,
        /// The later occurrence.
        span: Range<usize>,
        /// The first occurrence.
        first: Range<usize>,
        /// Every occurrence in the node as written once each (`KM[6.5]`, `KM[7.5]`).
        written: Vec<String>,
    },
    /// The same property twice in one node, read as one (as SGFC and sgfmill do).
    MergedProperty {
        /// `FF[4]` identifier.
        ident: String,
        /// How the occurrences were read together: never [`Repeat::Conflict`].
        repeat: Repeat,
        /// The merged property as it should be written, shortened when long (for
        /// [`Repeat::Collected`], the values to choose from: `AP[a] or AP[b]`).
        merged: String,
        /// The later occurrence.
        span: Range<usize>,
        /// The first occurrence.
        first: Range<usize>,
    },
    /// `B` and `W` in the same node.
    TwoMovesInNode {
        /// The node.
        span: Range<usize>,
    },
    /// A point set up twice in one node (by `AB`, `AW` or `AE`).
    DuplicateSetupPoint {
        /// The point.
        point: BoardPoint,
        /// Whether the two settings disagree (e.g. `AB` and `AW`), which makes it an error.
        conflicting: bool,
        /// The value that repeats the point.
        span: Range<usize>,
    },
    /// A value of the wrong type for its property.
    BadValue {
        /// `FF[4]` identifier.
        ident: String,
        /// What is wrong.
        reason: ValueError,
        /// Moves, setup, `SZ` and `HA` change the game: errors; markup and annotations: warnings.
        severity: Severity,
        /// The value.
        span: Range<usize>,
    },
    /// `KM` is not a number (`7.5`, `3.75` stones and `375` are accepted).
    BadKomi {
        /// The value.
        span: Range<usize>,
    },
    /// `RE` is in none of the SGF forms (`B+R`, `W+3.5`, `0`, `Draw`, `Void`, `?`, …) nor a
    /// Chinese/Japanese result.
    BadResult {
        /// The value.
        span: Range<usize>,
    },
    /// `DT` is not `YYYY-MM-DD[,…]` (ISO dates, shortened as `FF[4]` allows).
    BadDate {
        /// The value.
        span: Range<usize>,
    },
    /// `GM` is not 1: the record is not a Go game.
    NotGo {
        /// The `GM` value.
        span: Range<usize>,
    },
    /// A property that holds one value given several (`GN[a][b]`, `KM[6.5][7.5]`); the
    /// first is read (SGFC E13).
    SeveralValues {
        /// `FF[4]` identifier.
        ident: String,
        /// Whether the values differ, which for a property the replay or the count
        /// depends on makes it an error.
        differ: bool,
        /// The property.
        span: Range<usize>,
    },
    /// An identifier with lower-case letters (`Black`, an `FF[1]`–`FF[3]` long name),
    /// read as its capitals (SGFC E16).
    MixedCaseIdentifier {
        /// The identifier as written.
        written: String,
        /// What it was read as.
        ident: String,
        /// The identifier.
        span: Range<usize>,
    },
    /// Two annotations one node cannot hold together: two position judgements (`GB`,
    /// `GW`, `DM`, `UC`) or two move judgements (`BM`, `TE`, `DO`, `IT`) (SGFC E41, E42).
    ConflictingAnnotations {
        /// The first of the two, `FF[4]` identifier.
        first: String,
        /// The second.
        second: String,
        /// The second annotation.
        span: Range<usize>,
    },
    /// A move annotation (`BM`, `TE`, `DO`, `IT`) in a node without a move (SGFC E43).
    AnnotationWithoutMove {
        /// `FF[4]` identifier.
        ident: String,
        /// The annotation.
        span: Range<usize>,
    },
    /// A point marked twice in one node by `CR`, `MA`, `SL`, `SQ` or `TR` (SGFC E38).
    DuplicateMarkup {
        /// The point.
        point: BoardPoint,
        /// The value that marks it again.
        span: Range<usize>,
    },
    /// Game information in a second node of one path (`PB` in the root, `PW` three moves
    /// later): one game has its information in one node (SGFC E44).
    GameInfoInTwoNodes {
        /// `FF[4]` identifier of the later property.
        ident: String,
        /// The later property.
        span: Range<usize>,
        /// The node above that holds game information.
        first: Range<usize>,
    },
    /// `FF` names no file format (1 to 4) (SGFC E46, critical); read as `FF[4]`.
    UnknownFileFormat {
        /// The `FF` value.
        span: Range<usize>,
    },
    /// A square board written as a rectangle (`SZ[19:19]`), which the specification calls
    /// illegal (SGFC E47).
    SquareAsRectangle {
        /// The `SZ` value.
        span: Range<usize>,
    },
    /// A board that is not square in an `FF[1]` file, which knows only square boards (SGFC
    /// E51).
    RectangleInFf1 {
        /// The `SZ` value.
        span: Range<usize>,
    },
    /// `B[]`/`W[]` as a pass in an `FF[3]` file, where a pass is `tt` (SGFC E65).
    EmptyPassInFf3 {
        /// The move value.
        span: Range<usize>,
    },
    /// A real number with a point and no digit after it (`BL[34.]`); read as the whole
    /// number (SGFC E15).
    LooseReal {
        /// `FF[4]` identifier.
        ident: String,
        /// The value.
        span: Range<usize>,
    },
    /// Control characters (NUL and the like) inside a value (SGFC W22).
    ControlCharacters {
        /// `FF[4]` identifier.
        ident: String,
        /// The value.
        span: Range<usize>,
    },
    /// An identifier longer than 100 letters (SGFC E11).
    LongIdentifier {
        /// Its length in letters.
        len: usize,
        /// The identifier.
        span: Range<usize>,
    },
    /// `AP` without its `name:version` form (SGFC E23).
    ApplicationWithoutVersion {
        /// The `AP` value.
        span: Range<usize>,
    },
    /// A tree whose `CA` names another charset than the file's first tree does (SGFC W74):
    /// qipu decodes each tree by its own, but readers that decode a file by its first
    /// tree's `CA` do not.
    OtherCharset {
        /// `CA` of this tree, as written.
        written: String,
        /// `CA` of the file's first tree.
        declared: String,
        /// The `CA` value.
        span: Range<usize>,
    },
    /// A property of `FF[1]`–`FF[3]` in an `FF[4]` file (`KI`, `L`, `TC`, `LT`, `M`)
    /// (SGFC W40, W59), or `KI` in any file (an old integer komi that `FF[3]` replaced by
    /// `KM`); `replacement` is its `FF[4]` equivalent, where there is one.
    OldProperty {
        /// The identifier.
        ident: String,
        /// Whether the file is `FF[4]`; else the property is `KI` in an older one.
        in_ff4: bool,
        /// The `FF[4]` property that says the same (`KI` → `KM`, `L` → `LB`).
        replacement: Option<&'static str>,
        /// The property.
        span: Range<usize>,
    },
}

impl SgfIssue {
    /// Stable kebab-case identifier.
    pub fn code(&self) -> &'static str {
        match self {
            Self::MixedSetupMove { .. } => "mixed-setup-move",
            Self::RootPropertyOutsideRoot { .. } => "root-property-outside-root",
            Self::DuplicateProperty { .. } => "duplicate-property",
            Self::MergedProperty { .. } => "merged-property",
            Self::TwoMovesInNode { .. } => "two-moves-in-node",
            Self::DuplicateSetupPoint { .. } => "duplicate-setup-point",
            Self::BadValue { .. } => "bad-value",
            Self::BadKomi { .. } => "bad-komi",
            Self::BadResult { .. } => "bad-result",
            Self::BadDate { .. } => "bad-date",
            Self::NotGo { .. } => "not-go",
            Self::SeveralValues { .. } => "several-values",
            Self::MixedCaseIdentifier { .. } => "mixed-case-identifier",
            Self::ConflictingAnnotations { .. } => "conflicting-annotations",
            Self::AnnotationWithoutMove { .. } => "annotation-without-move",
            Self::DuplicateMarkup { .. } => "duplicate-markup",
            Self::GameInfoInTwoNodes { .. } => "game-info-in-two-nodes",
            Self::UnknownFileFormat { .. } => "unknown-file-format",
            Self::SquareAsRectangle { .. } => "square-as-rectangle",
            Self::RectangleInFf1 { .. } => "rectangle-in-ff1",
            Self::EmptyPassInFf3 { .. } => "empty-pass-in-ff3",
            Self::LooseReal { .. } => "loose-real",
            Self::ControlCharacters { .. } => "control-characters",
            Self::LongIdentifier { .. } => "long-identifier",
            Self::ApplicationWithoutVersion { .. } => "application-without-version",
            Self::OtherCharset { .. } => "other-charset",
            Self::OldProperty { .. } => "old-property",
        }
    }

    /// Error or warning.
    pub fn severity(&self) -> Severity {
        match self {
            Self::DuplicateProperty { .. }
            | Self::TwoMovesInNode { .. }
            | Self::NotGo { .. }
            | Self::UnknownFileFormat { .. } => Severity::Error,
            Self::SeveralValues { ident, differ, .. } => {
                if *differ && DECISIVE.contains(&ident.as_str()) {
                    Severity::Error
                } else {
                    Severity::Warning
                }
            }
            Self::OldProperty { .. } => Severity::Note,
            Self::DuplicateSetupPoint {
                conflicting: true, ..
            } => Severity::Error,
            Self::BadValue { severity, .. } => *severity,
            Self::MixedSetupMove { .. }
            | Self::RootPropertyOutsideRoot { .. }
            | Self::MergedProperty { .. }
            | Self::DuplicateSetupPoint {
                conflicting: false, ..
            }
            | Self::BadKomi { .. }
            | Self::BadResult { .. }
            | Self::BadDate { .. }
            | Self::MixedCaseIdentifier { .. }
            | Self::ConflictingAnnotations { .. }
            | Self::AnnotationWithoutMove { .. }
            | Self::DuplicateMarkup { .. }
            | Self::GameInfoInTwoNodes { .. }
            | Self::SquareAsRectangle { .. }
            | Self::RectangleInFf1 { .. }
            | Self::EmptyPassInFf3 { .. }
            | Self::LooseReal { .. }
            | Self::ControlCharacters { .. }
            | Self::LongIdentifier { .. }
            | Self::ApplicationWithoutVersion { .. }
            | Self::OtherCharset { .. } => Severity::Warning,
        }
    }

    /// Byte span of the offending item.
    pub fn span(&self) -> Range<usize> {
        match self {
            Self::MixedSetupMove { span }
            | Self::RootPropertyOutsideRoot { span, .. }
            | Self::DuplicateProperty { span, .. }
            | Self::MergedProperty { span, .. }
            | Self::TwoMovesInNode { span }
            | Self::DuplicateSetupPoint { span, .. }
            | Self::BadValue { span, .. }
            | Self::BadKomi { span }
            | Self::BadResult { span }
            | Self::BadDate { span }
            | Self::NotGo { span }
            | Self::SeveralValues { span, .. }
            | Self::MixedCaseIdentifier { span, .. }
            | Self::ConflictingAnnotations { span, .. }
            | Self::AnnotationWithoutMove { span, .. }
            | Self::DuplicateMarkup { span, .. }
            | Self::GameInfoInTwoNodes { span, .. }
            | Self::UnknownFileFormat { span }
            | Self::SquareAsRectangle { span }
            | Self::RectangleInFf1 { span }
            | Self::EmptyPassInFf3 { span }
            | Self::LooseReal { span, .. }
            | Self::ControlCharacters { span, .. }
            | Self::LongIdentifier { span, .. }
            | Self::ApplicationWithoutVersion { span }
            | Self::OtherCharset { span, .. }
            | Self::OldProperty { span, .. } => span.clone(),
        }
    }
}

impl fmt::Display for SgfIssue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::MixedSetupMove { .. } => f.write_str("move and setup properties in one node"),
            Self::RootPropertyOutsideRoot { ident, .. } => {
                write!(f, "root property {ident} outside the root node is ignored")
            }
            Self::DuplicateProperty { ident, .. } if matches!(ident.as_str(), "B" | "W") => {
                write!(
                    f,
                    "property {ident} appears twice in this node with different moves; both \
                     were replayed"
                )
            }
            Self::DuplicateProperty { ident, .. } => write!(
                f,
                "property {ident} appears twice in this node with different values; the first \
                 is used"
            ),
            Self::MergedProperty { ident, repeat, .. } => {
                write!(f, "property {ident} appears twice in this node; ")?;
                f.write_str(match repeat {
                    Repeat::Identical => "the same value again, kept once",
                    Repeat::Joined => "the texts were joined",
                    Repeat::Collected => "both values are kept in one property",
                    Repeat::Merged | Repeat::Conflict => "the values were merged",
                })
            }
            Self::TwoMovesInNode { .. } => f.write_str("black and white move in the same node"),
            Self::DuplicateSetupPoint {
                point, conflicting, ..
            } => {
                let how = if *conflicting {
                    "with different stones"
                } else {
                    "twice"
                };
                write!(f, "point {point} is set up {how} in this node")
            }
            Self::BadValue { ident, reason, .. } => write!(f, "bad value for {ident}: {reason}"),
            Self::BadKomi { .. } => f.write_str("komi is not a number (such as 7.5)"),
            Self::BadResult { .. } => {
                f.write_str("result is not in SGF form (B+R, W+3.5, B+T, B+F, 0, Draw, Void, ?)")
            }
            Self::BadDate { .. } => f.write_str("date is not in YYYY-MM-DD form"),
            Self::NotGo { .. } => f.write_str("not a Go record (GM is not 1)"),
            Self::SeveralValues { ident, differ, .. } => {
                let which = if *differ { "different" } else { "repeated" };
                write!(
                    f,
                    "{ident} holds one value but has {which} values; the first is read"
                )
            }
            Self::MixedCaseIdentifier { written, ident, .. } => {
                write!(
                    f,
                    "identifier {written} has lower-case letters; read as {ident}"
                )
            }
            Self::ConflictingAnnotations { first, second, .. } => {
                write!(
                    f,
                    "annotations {first} and {second} contradict each other in one node"
                )
            }
            Self::AnnotationWithoutMove { ident, .. } => {
                write!(f, "move annotation {ident} in a node without a move")
            }
            Self::DuplicateMarkup { point, .. } => {
                write!(f, "point {point} has more than one markup in this node")
            }
            Self::GameInfoInTwoNodes { ident, .. } => write!(
                f,
                "game information ({ident}) in a second node of this game; a game keeps it in one"
            ),
            Self::UnknownFileFormat { .. } => {
                f.write_str("unknown file format (FF is 1 to 4); read as FF[4]")
            }
            Self::SquareAsRectangle { .. } => {
                f.write_str("square board written as a rectangle (SZ[n:n])")
            }
            Self::RectangleInFf1 { .. } => f.write_str("FF[1] knows only square boards"),
            Self::EmptyPassInFf3 { .. } => {
                f.write_str("empty move as a pass in FF[3], where a pass is `tt`")
            }
            Self::LooseReal { ident, .. } => {
                write!(
                    f,
                    "real number in {ident} has a point and no digit after it"
                )
            }
            Self::ControlCharacters { ident, .. } => {
                write!(f, "value of {ident} holds control characters")
            }
            Self::LongIdentifier { len, .. } => {
                write!(
                    f,
                    "identifier of {len} letters (SGF readers may stop at 100)"
                )
            }
            Self::ApplicationWithoutVersion { .. } => {
                f.write_str("AP is not in its name:version form")
            }
            Self::OtherCharset { written, declared, .. } => write!(
                f,
                "this tree declares CA[{written}], the file's first tree {declared}: charsets are mixed in one collection"
            ),
            Self::OldProperty {
                ident,
                in_ff4: true,
                ..
            } => {
                write!(f, "{ident} is a property of FF[1]–FF[3], not of FF[4]")
            }
            Self::OldProperty { ident, .. } => {
                write!(f, "{ident} is obsolete: since FF[3] komi is KM")
            }
        }
    }
}

impl crate::lang::ToZh for SgfIssue {
    fn to_zh(&self) -> crate::lang::Zh {
        use crate::lang::{zh, Zh};
        match self {
            Self::MixedSetupMove { .. } => Zh::own("一个节点中同时有着法和摆子属性"),
            Self::RootPropertyOutsideRoot { ident, .. } => {
                zh!("根属性 {} 不在根节点中，已忽略", ident)
            }
            Self::DuplicateProperty { ident, .. } if matches!(ident.as_str(), "B" | "W") => {
                zh!("属性 {} 在本节点出现两次，着法不同；两手都已复盘", ident)
            }
            Self::DuplicateProperty { ident, .. } => {
                zh!("属性 {} 在本节点出现两次，值不同；采用第一个", ident)
            }
            Self::MergedProperty { ident, repeat, .. } => zh!(
                "属性 {} 在本节点出现两次；{}",
                ident,
                Zh::own(match repeat {
                    Repeat::Identical => "同一个值重复，只保留一个",
                    Repeat::Joined => "两段文字已合并",
                    Repeat::Collected => "两个值都保留在一个属性中",
                    Repeat::Merged | Repeat::Conflict => "各值已合并",
                })
            ),
            Self::TwoMovesInNode { .. } => Zh::own("黑白双方的着法在同一个节点中"),
            Self::DuplicateSetupPoint {
                point, conflicting, ..
            } => {
                if *conflicting {
                    zh!("点 {} 在本节点中被摆上不同颜色的棋子", point)
                } else {
                    zh!("点 {} 在本节点中被摆了两次", point)
                }
            }
            Self::BadValue { ident, reason, .. } => zh!("{} 的值有误：{}", ident, reason.to_zh()),
            Self::BadKomi { .. } => Zh::own("贴目不是数字（如 7.5）"),
            Self::BadResult { .. } => {
                Zh::own("结果不是 SGF 格式（B+R、W+3.5、B+T、B+F、0、Draw、Void、?）")
            }
            Self::BadDate { .. } => Zh::own("日期不是 YYYY-MM-DD 格式"),
            Self::NotGo { .. } => Zh::own("不是围棋棋谱（GM 不是 1）"),
            Self::SeveralValues { ident, differ, .. } => zh!(
                "{} 只能有一个值，却有多个{}的值；读取第一个",
                ident,
                Zh::own(if *differ { "不同" } else { "重复" })
            ),
            Self::MixedCaseIdentifier { written, ident, .. } => {
                zh!("属性名 {} 含有小写字母；按 {} 读取", written, ident)
            }
            Self::ConflictingAnnotations { first, second, .. } => {
                zh!("评注 {} 和 {} 在同一节点中互相矛盾", first, second)
            }
            Self::AnnotationWithoutMove { ident, .. } => {
                zh!("着法评注 {} 所在的节点没有着法", ident)
            }
            Self::DuplicateMarkup { point, .. } => {
                zh!("点 {} 在本节点中有不止一个标记", point)
            }
            Self::GameInfoInTwoNodes { ident, .. } => zh!(
                "本局的第二个节点中又有对局信息（{}）；一局的信息应在同一个节点中",
                ident
            ),
            Self::UnknownFileFormat { .. } => {
                Zh::own("未知的文件格式（FF 应为 1 到 4）；按 FF[4] 读取")
            }
            Self::SquareAsRectangle { .. } => Zh::own("正方形棋盘写成了长方形（SZ[n:n]）"),
            Self::RectangleInFf1 { .. } => Zh::own("FF[1] 只有正方形棋盘"),
            Self::EmptyPassInFf3 { .. } => {
                Zh::own("FF[3] 中用空着法表示虚着，而 FF[3] 的虚着是 `tt`")
            }
            Self::LooseReal { ident, .. } => {
                zh!("{} 中的实数有小数点，其后却没有数字", ident)
            }
            Self::ControlCharacters { ident, .. } => zh!("{} 的值中含有控制字符", ident),
            Self::LongIdentifier { len, .. } => {
                zh!("属性名长 {} 个字母（SGF 读取程序可能只读 100 个）", len)
            }
            Self::ApplicationWithoutVersion { .. } => Zh::own("AP 不是 名称:版本 的格式"),
            Self::OtherCharset {
                written, declared, ..
            } => zh!(
                "此棋谱树声明 CA[{}]，文件的第一棵树声明 {}：一个合集中混用了字符集",
                written,
                declared
            ),
            Self::OldProperty {
                ident,
                in_ff4: true,
                ..
            } => {
                zh!("{} 是 FF[1]–FF[3] 的属性，不属于 FF[4]", ident)
            }
            Self::OldProperty { ident, .. } => {
                zh!("{} 已过时：自 FF[3] 起贴目写作 KM", ident)
            }
        }
    }
}

/// `CA` of `tree` when it names another charset than `declared`, the file's first tree's
/// (labels compared as the encodings they name; unknown ones as written).
pub fn other_charset(tree: &GameTree, declared: &str) -> Option<SgfIssue> {
    let value = tree.root().get("CA")?.value()?;
    // Nearly always the label of the first tree itself, or one written alike.
    if value.raw.trim().eq_ignore_ascii_case(declared.trim()) {
        return None;
    }
    let written = value.simple_text();
    let written = written.trim();
    let same = match (
        crate::text::encoding_for_label(written),
        crate::text::encoding_for_label(declared),
    ) {
        (Some(a), Some(b)) => a == b,
        _ => written.eq_ignore_ascii_case(declared.trim()),
    };
    (!same).then(|| SgfIssue::OtherCharset {
        written: written.to_string(),
        declared: declared.to_string(),
        span: value.span,
    })
}

/// The value types of the `FF[4]` properties checked here.
#[derive(Clone, Copy)]
enum Kind {
    Move,
    PointList,
    EPointList,
    Number,
    Real,
    Double,
    Color,
    Empty,
    Size,
    PointPair,
    Label,
}

fn kind(ident: &str) -> Option<Kind> {
    Some(match ident {
        "B" | "W" => Kind::Move,
        "AB" | "AW" | "AE" | "CR" | "MA" | "SL" | "SQ" | "TR" => Kind::PointList,
        "DD" | "VW" | "TB" | "TW" => Kind::EPointList,
        "FF" | "GM" | "ST" | "HA" | "MN" | "OB" | "OW" | "PM" => Kind::Number,
        "TM" | "V" | "BL" | "WL" => Kind::Real,
        "DM" | "GB" | "GW" | "HO" | "UC" | "BM" | "TE" => Kind::Double,
        "PL" => Kind::Color,
        "KO" | "DO" | "IT" => Kind::Empty,
        "SZ" => Kind::Size,
        "AR" | "LN" => Kind::PointPair,
        "LB" => Kind::Label,
        _ => return None,
    })
}

const ROOT_ONLY: [&str; 6] = ["FF", "GM", "SZ", "CA", "AP", "ST"];

/// Whether `ident` is a root property (`FF`, `GM`, `SZ`, `CA`, `AP`, `ST`).
pub(crate) fn is_root_only(ident: &str) -> bool {
    ROOT_ONLY.contains(&ident)
}

/// Whether `ident` holds a list (its repeats are one longer list).
pub(crate) fn is_list(ident: &str) -> bool {
    LISTS.contains(&ident)
}

/// Whether `value` of `ident` has the type the checks require (what `bad-value` reports,
/// `KM`, `RE` and `DT` aside); `only` says it is the property's one value, where a list
/// that may be empty can be `[]`. Properties without a checked type always pass.
pub(crate) fn value_is_valid(ident: &str, raw: &str, size: BoardSize, only: bool) -> bool {
    let Some(kind) = kind(ident) else { return true };
    let value = Value { raw, span: 0..0 };
    let only_empty = only && value.is_empty();
    check_value(&value, kind, size, only_empty).is_ok()
}

/// Properties whose values are lists (`FF[4]` list types): repeats are one longer list.
const LISTS: [&str; 15] = [
    "AB", "AW", "AE", "CR", "MA", "SL", "SQ", "TR", "DD", "VW", "TB", "TW", "AR", "LN", "LB",
];

/// Single-valued properties the replay, the count or the players depend on: two different
/// values cannot both be true.
const DECISIVE: [&str; 15] = [
    "B", "W", "KO", "MN", "PL", "SZ", "KM", "HA", "RE", "RU", "GM", "FF", "CA", "PB", "PW",
];

/// Text properties whose repeats are joined with a line break.
const JOINED: [&str; 2] = ["C", "GC"];

/// The other single-valued `FF[4]` properties: nothing is replayed or counted from them, so
/// different values are kept side by side.
const DESCRIPTIVE: [&str; 35] = [
    "AP", "ST", "N", "GN", "EV", "RO", "DT", "PC", "BR", "WR", "BT", "WT", "TM", "OT", "ON", "SO",
    "US", "AN", "CP", "V", "DM", "GB", "GW", "HO", "UC", "BM", "TE", "DO", "IT", "BL", "WL", "OB",
    "OW", "FG", "PM",
];

/// Longest merged property quoted in a help line.
const QUOTE: usize = 60;

/// How the occurrences of one property in one node are read together.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Repeat {
    /// A list or an unknown property: the values in order, in one property.
    Merged,
    /// A single-valued property nothing depends on (`AP`, `EV`, …) with different values:
    /// they are kept side by side in one property.
    Collected,
    /// The same values again: kept once.
    Identical,
    /// Texts (`C`, `GC`) joined with a line break.
    Joined,
    /// Different values of a property that holds one: the first is used, both are kept.
    Conflict,
}

/// How `occurrences` (every property of one identifier in one node, in order) are read.
pub fn repeat(occurrences: &[Property<'_>]) -> Repeat {
    let Some(first) = occurrences.first() else {
        return Repeat::Identical;
    };
    let same = |p: &Property<'_>| p.values().map(|v| v.raw).eq(first.values().map(|v| v.raw));
    if occurrences.iter().all(same) {
        return Repeat::Identical;
    }
    let ident = first.ident();
    if LISTS.contains(&ident) {
        Repeat::Merged
    } else if is_joined_text(ident) {
        Repeat::Joined
    } else if DECISIVE.contains(&ident) {
        Repeat::Conflict
    } else if DESCRIPTIVE.contains(&ident) {
        Repeat::Collected
    } else {
        // An unknown property may hold a list: keeping every value loses nothing.
        Repeat::Merged
    }
}

/// Whether `ident` holds a list of points (for the wording of a help line).
pub fn is_point_list(ident: &str) -> bool {
    matches!(kind(ident), Some(Kind::PointList | Kind::EPointList))
}

/// `ident` with `values` as written (`AB[pd][dp]`).
fn written<'v>(ident: &str, values: impl Iterator<Item = &'v str>) -> String {
    let mut text = ident.to_owned();
    for value in values {
        text.push('[');
        text.push_str(value);
        text.push(']');
    }
    text
}

/// The repeats of every property of `node`: one issue per later occurrence.
fn check_repeats(node: NodeRef<'_>, issues: &mut Vec<SgfIssue>) {
    // Nodes hold a handful of properties and nearly never a repeat: one scan finds out.
    let repeats = node.properties().enumerate().any(|(position, prop)| {
        node.properties()
            .take(position)
            .any(|earlier| earlier.ident() == prop.ident())
    });
    if !repeats {
        return;
    }
    let props: Vec<Property<'_>> = node.properties().collect();
    for (position, prop) in props.iter().enumerate() {
        let ident = prop.ident();
        // Each identifier once, at its first occurrence.
        if props[..position].iter().any(|p| p.ident() == ident) {
            continue;
        }
        let occurrences: Vec<Property<'_>> = props[position..]
            .iter()
            .filter(|p| p.ident() == ident)
            .copied()
            .collect();
        if occurrences.len() < 2 {
            continue;
        }
        let repeat = repeat(&occurrences);
        let everything: Vec<String> = occurrences
            .iter()
            .map(|p| written(ident, p.values().map(|v| v.raw)))
            .collect();
        let merged = match repeat {
            Repeat::Identical => written(ident, prop.values().map(|v| v.raw)),
            Repeat::Merged => written(
                ident,
                occurrences.iter().flat_map(|p| p.values()).map(|v| v.raw),
            ),
            Repeat::Collected => everything.join(" or "),
            Repeat::Joined | Repeat::Conflict => String::new(),
        };
        let merged = if merged.chars().count() > QUOTE {
            let cut: String = merged.chars().take(QUOTE).collect();
            format!("{cut}…")
        } else {
            merged
        };
        for later in &occurrences[1..] {
            issues.push(match repeat {
                Repeat::Conflict => SgfIssue::DuplicateProperty {
                    ident: ident.to_owned(),
                    span: later.span(),
                    first: prop.span(),
                    written: everything.clone(),
                },
                _ => SgfIssue::MergedProperty {
                    ident: ident.to_owned(),
                    repeat,
                    merged: merged.clone(),
                    span: later.span(),
                    first: prop.span(),
                },
            });
        }
    }
}
const SETUP: [&str; 4] = ["AB", "AW", "AE", "PL"];

/// Whether `ident` is setup (`AB`, `AW`, `AE`, `PL`).
pub(crate) fn is_setup(ident: &str) -> bool {
    SETUP.contains(&ident)
}

// The property classes below are matches, not lists to search: they run for every
// property of every node that is more than a move.

/// The game-information properties of `FF[4]`: a game keeps them in one node.
pub(crate) fn is_game_info(ident: &str) -> bool {
    matches!(
        ident,
        "AN" | "BR"
            | "BT"
            | "CP"
            | "DT"
            | "EV"
            | "GN"
            | "GC"
            | "ON"
            | "OT"
            | "PB"
            | "PC"
            | "PW"
            | "RE"
            | "RO"
            | "RU"
            | "SO"
            | "TM"
            | "US"
            | "WR"
            | "WT"
            | "HA"
            | "KM"
    )
}

/// Position judgements: a node holds at most one.
pub(crate) fn is_position_annotation(ident: &str) -> bool {
    matches!(ident, "GB" | "GW" | "DM" | "UC")
}

/// Move judgements: a node holds at most one, and only with a move.
pub(crate) fn is_move_annotation(ident: &str) -> bool {
    matches!(ident, "BM" | "TE" | "DO" | "IT")
}

/// Markup: a point has at most one in a node.
pub(crate) fn is_markup(ident: &str) -> bool {
    matches!(ident, "CR" | "MA" | "SL" | "SQ" | "TR")
}

/// A property of `FF[1]`–`FF[3]` that `FF[4]` dropped, with the one that replaced it.
fn old_property(ident: &str) -> Option<Option<&'static str>> {
    match ident {
        "KI" => Some(Some("KM")),
        "L" => Some(Some("LB")),
        "TC" | "LT" | "M" => Some(None),
        _ => None,
    }
}

/// What every node's checks need to know of the tree.
#[derive(Clone, Copy)]
struct Context {
    size: BoardSize,
    /// The file format the root states (`FF`), if it states one.
    format: Option<i64>,
}

/// Runs every check over every node of `tree`; findings come in document order (the
/// root's file format and board first, game information in two nodes last).
pub fn check(tree: &GameTree) -> Vec<SgfIssue> {
    let root = tree.root();
    let size = root
        .get("SZ")
        .and_then(|p| p.value())
        .and_then(|v| v.board_size().ok())
        .unwrap_or_default();
    let mut issues = Vec::new();
    if let Some(gm) = root.get("GM").and_then(|p| p.value()) {
        if gm.number() != Ok(1) {
            issues.push(SgfIssue::NotGo { span: gm.span });
        }
    }
    let ff = root.get("FF").and_then(|p| p.value());
    let format = ff.as_ref().and_then(|v| v.number().ok());
    if let Some(ff) = ff.filter(|_| !matches!(format, Some(1..=4))) {
        issues.push(SgfIssue::UnknownFileFormat { span: ff.span });
    }
    if let Some(sz) = root.get("SZ").and_then(|p| p.value()) {
        check_board_form(&sz, format, &mut issues);
    }
    let context = Context { size, format };
    let mut info_nodes = 0;
    let mut mixed_case = HashSet::new();
    for node in tree.nodes() {
        if check_node(node, context, &mut mixed_case, &mut issues) {
            info_nodes += 1;
        }
    }
    if info_nodes > 1 {
        check_game_info_paths(tree, &mut issues);
    }
    issues
}

/// `SZ[19:19]` (a square as a rectangle) and, in `FF[1]`, a board that is not square.
fn check_board_form(sz: &Value<'_>, format: Option<i64>, issues: &mut Vec<SgfIssue>) {
    let Ok(size) = sz.board_size() else { return };
    if sz.compose().is_some() && size.width == size.height {
        issues.push(SgfIssue::SquareAsRectangle {
            span: sz.span.clone(),
        });
    }
    if format == Some(1) && size.width != size.height {
        issues.push(SgfIssue::RectangleInFf1 {
            span: sz.span.clone(),
        });
    }
}

/// Game information in a node below another that holds some: one issue per property of
/// the lower node. Each node learns the nearest such node above it from its parent (the
/// arena is in pre-order), so the walk is linear however deep the tree.
fn check_game_info_paths(tree: &GameTree, issues: &mut Vec<SgfIssue>) {
    let mut nearest: Vec<Option<Range<usize>>> = Vec::with_capacity(tree.len());
    for node in tree.nodes() {
        let above = node
            .parent()
            .and_then(|parent| nearest[parent.id().index()].clone());
        let info: Vec<Property<'_>> = node
            .properties()
            .filter(|p| is_game_info(p.ident()))
            .collect();
        if let Some(first) = &above {
            for prop in &info {
                issues.push(SgfIssue::GameInfoInTwoNodes {
                    ident: prop.ident().to_owned(),
                    span: prop.span(),
                    first: first.clone(),
                });
            }
        }
        nearest.push(match info.is_empty() {
            true => above,
            false => Some(node.span()),
        });
    }
}

/// The checks of one node; whether it holds game information.
// Kept inside the loop over every node: as a call (which the optimiser chose after an
// unrelated change in the SGF module) it cost 2.5 % of a Go validation in callgrind.
#[inline(always)]
fn check_node<'t>(
    node: NodeRef<'t>,
    context: Context,
    mixed_case: &mut HashSet<&'t str>,
    issues: &mut Vec<SgfIssue>,
) -> bool {
    let size = context.size;
    if is_plain_move(node, context) {
        return false;
    }
    let mut setup_points: HashMap<Point, &str> = HashMap::new();
    let mut marked: HashMap<Point, ()> = HashMap::new();
    let (mut has_move, mut has_setup) = (false, false);
    let (mut has_black, mut has_white) = (false, false);
    let (mut game_info, mut annotated) = (false, false);
    check_repeats(node, issues);
    for prop in node.properties() {
        let ident = prop.ident();
        has_black |= ident == "B";
        has_white |= ident == "W";
        game_info |= is_game_info(ident);
        annotated |= is_position_annotation(ident) || is_move_annotation(ident);
        if !node.is_root() && ROOT_ONLY.contains(&ident) {
            issues.push(SgfIssue::RootPropertyOutsideRoot {
                ident: ident.to_owned(),
                span: prop.span(),
            });
        }
        has_move |= ident == "B" || ident == "W";
        has_setup |= SETUP.contains(&ident);
        check_identifier(prop, context, mixed_case, issues);
        check_values(prop, size, issues);
        check_form(prop, node, context, issues);
        if matches!(ident, "AB" | "AW" | "AE") {
            for value in prop.values() {
                for point in value.points(size).unwrap_or_default() {
                    if let Some(before) = setup_points.insert(point, ident) {
                        let conflicting = before != ident;
                        issues.push(SgfIssue::DuplicateSetupPoint {
                            point: point.on_board(size.width, size.height),
                            conflicting,
                            span: value.span.clone(),
                        });
                    }
                }
            }
        }
        if is_markup(ident) {
            for value in prop.values() {
                for point in value.points(size).unwrap_or_default() {
                    if marked.insert(point, ()).is_some() {
                        issues.push(SgfIssue::DuplicateMarkup {
                            point: point.on_board(size.width, size.height),
                            span: value.span.clone(),
                        });
                    }
                }
            }
        }
    }
    if has_black && has_white {
        issues.push(SgfIssue::TwoMovesInNode { span: node.span() });
    }
    if has_move && has_setup {
        issues.push(SgfIssue::MixedSetupMove { span: node.span() });
    }
    if annotated {
        check_annotations(node, has_move, issues);
    }
    game_info
}

/// An identifier with lower-case letters beside its capitals (one with none is the
/// parser's `lowercase-identifier`), at its first use in the tree (`mixed_case` holds
/// those met: an `FF[3]` file writes `Black` on every move), one over 100 letters, and,
/// in an `FF[4]` file, a property of the older formats.
fn check_identifier<'t>(
    prop: Property<'t>,
    context: Context,
    mixed_case: &mut HashSet<&'t str>,
    issues: &mut Vec<SgfIssue>,
) {
    let written = prop.raw_ident();
    let ident = prop.ident();
    if written.len() > 100 {
        issues.push(SgfIssue::LongIdentifier {
            len: written.len(),
            span: prop.ident_span(),
        });
    } else if written != ident
        && written.bytes().any(|b| b.is_ascii_uppercase())
        && mixed_case.insert(written)
    {
        issues.push(SgfIssue::MixedCaseIdentifier {
            written: written.to_owned(),
            ident: ident.to_owned(),
            span: prop.ident_span(),
        });
    }
    let in_ff4 = context.format == Some(4);
    if in_ff4 || ident == "KI" {
        if let Some(replacement) = old_property(ident) {
            issues.push(SgfIssue::OldProperty {
                ident: ident.to_owned(),
                in_ff4,
                replacement,
                span: prop.span(),
            });
        }
    }
}

/// The form of a property's values beyond their type: several values where one is
/// held, control characters, a real number with a bare point, `AP` without a version,
/// an `FF[3]` pass written `[]`.
/// Whether `ident` is an `FF[4]` property that holds one value, whose further values are
/// `several-values` (and what `--fix` drops).
pub fn holds_one_value(ident: &str) -> bool {
    DECISIVE.contains(&ident) || JOINED.contains(&ident) || DESCRIPTIVE.contains(&ident)
}

/// Whether `ident` is a text whose repeats are read as one text joined by line breaks.
pub fn is_joined_text(ident: &str) -> bool {
    JOINED.contains(&ident)
}

fn check_form(prop: Property<'_>, node: NodeRef<'_>, context: Context, issues: &mut Vec<SgfIssue>) {
    let ident = prop.ident();
    if prop.values().len() > 1 && holds_one_value(ident) {
        let mut values = prop.values().map(|v| v.raw);
        let first = values.next();
        issues.push(SgfIssue::SeveralValues {
            ident: ident.to_owned(),
            differ: values.any(|v| Some(v) != first),
            span: prop.span(),
        });
    }
    for value in prop.values() {
        // Bytes, not characters: no byte of a multi-byte character is below 0x80.
        if value
            .raw
            .bytes()
            .any(|b| is_unwritable_control(char::from(b)))
        {
            issues.push(SgfIssue::ControlCharacters {
                ident: ident.to_owned(),
                span: value.span.clone(),
            });
        }
        // A real the grammar reads that ends at its point (`34.`).
        let real = || matches!(kind(ident), Some(Kind::Real)) || ident == "KM";
        let bare_point = value.raw.trim_matches(is_space).ends_with('.');
        if bare_point && real() && value.real().is_ok() {
            issues.push(SgfIssue::LooseReal {
                ident: ident.to_owned(),
                span: value.span.clone(),
            });
        }
    }
    let value = prop.value();
    if ident == "AP" && node.is_root() && value.as_ref().is_some_and(|v| v.compose().is_none()) {
        if let Some(value) = value {
            issues.push(SgfIssue::ApplicationWithoutVersion { span: value.span });
        }
    } else if matches!(ident, "B" | "W") && context.format == Some(3) {
        if let Some(value) = value.filter(|v| v.is_empty()) {
            issues.push(SgfIssue::EmptyPassInFf3 { span: value.span });
        }
    }
}

/// Two position judgements or two move judgements in one node, and move judgements
/// without a move.
fn check_annotations(node: NodeRef<'_>, has_move: bool, issues: &mut Vec<SgfIssue>) {
    for group in [is_position_annotation, is_move_annotation] {
        let mut first: Option<&str> = None;
        for prop in node.properties().filter(|p| group(p.ident())) {
            match first {
                Some(first) if first != prop.ident() => {
                    issues.push(SgfIssue::ConflictingAnnotations {
                        first: first.to_owned(),
                        second: prop.ident().to_owned(),
                        span: prop.span(),
                    });
                }
                Some(_) => {}
                None => first = Some(prop.ident()),
            }
        }
    }
    if !has_move {
        for prop in node.properties().filter(|p| is_move_annotation(p.ident())) {
            issues.push(SgfIssue::AnnotationWithoutMove {
                ident: prop.ident().to_owned(),
                span: prop.span(),
            });
        }
    }
}

/// A node that is one `B` or `W` on a point of the board (or a pass): most nodes of every
/// record, and nothing in them to report, so they skip the general checks.
fn is_plain_move(node: NodeRef<'_>, context: Context) -> bool {
    let mut properties = node.properties();
    let (Some(only), None) = (properties.next(), properties.next()) else {
        return false;
    };
    let written = only.raw_ident();
    if node.is_root() || !matches!(written, "B" | "W") || only.values().len() != 1 {
        return false;
    }
    // An `FF[3]` pass is `tt`: `[]` there is worth a word.
    only.value().is_some_and(|value| {
        value.go_move(context.size).is_ok() && !(context.format == Some(3) && value.is_empty())
    })
}

fn check_values(prop: Property<'_>, size: BoardSize, issues: &mut Vec<SgfIssue>) {
    let ident = prop.ident();
    match ident {
        "KM" => {
            for v in prop.values().filter(|v| v.real().is_err()) {
                issues.push(SgfIssue::BadKomi { span: v.span });
            }
            return;
        }
        "RE" => {
            for v in prop.values().filter(|v| !is_result(&v.simple_text())) {
                issues.push(SgfIssue::BadResult { span: v.span });
            }
            return;
        }
        "DT" => {
            for v in prop.values().filter(|v| !is_date_list(&v.simple_text())) {
                issues.push(SgfIssue::BadDate { span: v.span });
            }
            return;
        }
        _ => {}
    }
    let Some(kind) = kind(ident) else { return };
    let severity = match kind {
        Kind::Move | Kind::Size => Severity::Error,
        // Setup changes the game; markup (`TR[]`, `MA[zz]`) only the picture.
        Kind::PointList if SETUP.contains(&ident) => Severity::Error,
        _ if ident == "HA" => Severity::Error,
        _ => Severity::Warning,
    };
    let only_empty = prop.values().len() == 1 && prop.values().all(|v| v.is_empty());
    for value in prop.values() {
        if let Err(reason) = check_value(&value, kind, size, only_empty) {
            issues.push(SgfIssue::BadValue {
                ident: ident.to_owned(),
                reason,
                severity,
                span: value.span,
            });
        }
    }
}

fn check_value(
    v: &Value<'_>,
    kind: Kind,
    size: BoardSize,
    only_empty: bool,
) -> Result<(), ValueError> {
    match kind {
        Kind::Move => v.go_move(size).map(drop),
        Kind::PointList => v.points(size).map(drop),
        Kind::EPointList if only_empty => Ok(()),
        Kind::EPointList => v.points(size).map(drop),
        Kind::Number => v.number().map(drop),
        Kind::Real => v.real().map(drop),
        Kind::Double => v.double().map(drop),
        Kind::Color => v.color().map(drop),
        Kind::Empty if v.is_empty() => Ok(()),
        Kind::Empty => Err(ValueError::NotEmpty),
        Kind::Size => v.board_size().map(drop),
        Kind::PointPair => {
            let (a, b) = v.compose().ok_or(ValueError::NotCompose)?;
            let pair = |raw| {
                Value {
                    raw,
                    span: v.span.clone(),
                }
                .point(size)
            };
            pair(a).and(pair(b)).map(drop)
        }
        Kind::Label => {
            let (a, _) = v.compose().ok_or(ValueError::NotCompose)?;
            Value {
                raw: a,
                span: v.span.clone(),
            }
            .point(size)
            .map(drop)
        }
    }
}

/// Whether `re` is an SGF result, or a Chinese/Japanese one (`黑中盘胜`, `白胜3/4子`,
/// `黒中押し勝`, `和棋`, `ジゴ`).
pub fn is_result(re: &str) -> bool {
    let re = re.trim_matches(is_space);
    if matches!(re, "0" | "?" | "Draw" | "Void" | "Jigo") {
        return true;
    }
    if let Some(rest) = re.strip_prefix("B+").or_else(|| re.strip_prefix("W+")) {
        let reason = ["R", "Resign", "T", "Time", "F", "Forfeit", ""];
        return reason.iter().any(|r| rest.eq_ignore_ascii_case(r))
            || whole(rest, crate::go::sgf::grammar::real).is_some();
    }
    let has = |words: &[&str]| words.iter().any(|w| re.contains(w));
    let colour = has(&["黑", "黒", "白"]);
    let win = has(&["胜", "勝", "赢", "贏"]);
    colour && win || has(&["和棋", "和局", "持碁", "ジゴ", "無勝負", "无胜负"])
}

/// Whether `dt` is a list of `FF[4]` dates: `YYYY[-MM[-DD]]` first, later items may omit the
/// parts they share with the item before (`1996-05-06,07,08`, `1996-05-06,06-10`).
pub fn is_date_list(dt: &str) -> bool {
    let mut first = true;
    dt.split(',').all(|item| {
        let parts: Vec<&str> = item.trim_matches(is_space).split('-').collect();
        let ok_digits = |s: &str, n: usize| s.len() == n && s.bytes().all(|b| b.is_ascii_digit());
        let in_range = |s: &str, max: u32| s.parse::<u32>().is_ok_and(|n| (1..=max).contains(&n));
        let ok = match parts[..] {
            [y] if ok_digits(y, 4) => true,
            [y, m] if ok_digits(y, 4) => ok_digits(m, 2) && in_range(m, 12),
            [y, m, d] if ok_digits(y, 4) => {
                ok_digits(m, 2) && in_range(m, 12) && ok_digits(d, 2) && in_range(d, 31)
            }
            [d] if !first => ok_digits(d, 2) && in_range(d, 31),
            [m, d] if !first => {
                ok_digits(m, 2) && in_range(m, 12) && ok_digits(d, 2) && in_range(d, 31)
            }
            _ => false,
        };
        first = false;
        ok
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::sgf::parse;

    fn codes(text: &str) -> Vec<(&'static str, Severity)> {
        let c = parse(text);
        check(&c.games[0])
            .iter()
            .map(|i| (i.code(), i.severity()))
            .collect()
    }

    #[test]
    fn clean_record_has_no_issue() {
        let text =
            "(;FF[4]GM[1]SZ[19]KM[7.5]RE[W+R]DT[2016-03-09]HA[2]AB[dd][pp];W[qd]C[ok]LB[dd:A])";
        assert_eq!(codes(text), []);
    }

    #[test]
    fn mixed_setup_move() {
        assert_eq!(
            codes("(;GM[1];B[aa]AW[bb])"),
            [("mixed-setup-move", Severity::Warning)]
        );
    }

    #[test]
    fn root_property_outside_root() {
        assert_eq!(
            codes("(;GM[1];B[aa]SZ[19])"),
            [("root-property-outside-root", Severity::Warning)]
        );
    }

    #[test]
    fn repeated_properties() {
        let c = parse("(;GM[1];C[a]C[b])");
        let issues = check(&c.games[0]);
        assert_eq!(issues[0].code(), "merged-property");
        assert_eq!(issues[0].span(), 12..16);
        assert_eq!(
            codes("(;GM[1]AB[pd]AB[dp])"),
            [("merged-property", Severity::Warning)]
        );
        assert_eq!(
            codes("(;GM[1]KM[6.5]KM[6.5])"),
            [("merged-property", Severity::Warning)]
        );
        assert_eq!(
            codes("(;GM[1]AP[GNU Go:3.8]RU[Chinese]AP[foxwq])"),
            [
                ("merged-property", Severity::Warning),
                ("application-without-version", Severity::Warning)
            ]
        );
        let c = parse("(;GM[1]AP[GNU Go:3.8]RU[Chinese]AP[foxwq])");
        let issues = check(&c.games[0]);
        let [SgfIssue::MergedProperty { repeat, merged, .. }, _] = &issues[..] else {
            panic!("{issues:?}");
        };
        assert_eq!(
            (*repeat, merged.as_str()),
            (Repeat::Collected, "AP[GNU Go:3.8] or AP[foxwq]")
        );
        assert_eq!(
            codes("(;GM[1]XY[1]XY[2])"),
            [("merged-property", Severity::Warning)]
        );
        assert_eq!(
            codes("(;GM[1]KM[6.5]KM[7.5])"),
            [("duplicate-property", Severity::Error)]
        );
        assert_eq!(
            codes("(;GM[1];B[aa]B[bb])"),
            [("duplicate-property", Severity::Error)]
        );
        assert_eq!(
            codes("(;GM[1]SZ[9]SZ[13]SZ[9])"),
            [("duplicate-property", Severity::Error); 2]
        );
    }

    #[test]
    fn merged_property_names_what_to_write() {
        let c = parse("(;GM[1]AB[pd]HA[2]AB[dp])");
        let issues = check(&c.games[0]);
        let [SgfIssue::MergedProperty {
            repeat,
            merged,
            span,
            first,
            ..
        }] = &issues[..]
        else {
            panic!("{issues:?}");
        };
        assert_eq!((*repeat, merged.as_str()), (Repeat::Merged, "AB[pd][dp]"));
        assert_eq!((first.clone(), span.clone()), (7..13, 18..24));
        let c = parse("(;GM[1]KM[6.5]KM[7.5])");
        let issues = check(&c.games[0]);
        let [SgfIssue::DuplicateProperty { written, .. }] = &issues[..] else {
            panic!("{issues:?}");
        };
        assert_eq!(written, &["KM[6.5]", "KM[7.5]"]);
    }

    #[test]
    fn two_moves_in_node() {
        assert_eq!(
            codes("(;GM[1];B[aa]W[bb])"),
            [("two-moves-in-node", Severity::Error)]
        );
    }

    #[test]
    fn duplicate_setup_point() {
        assert_eq!(
            codes("(;AB[aa][aa])"),
            [("duplicate-setup-point", Severity::Warning)]
        );
        assert_eq!(
            codes("(;AB[aa:bb]AW[bb])"),
            [("duplicate-setup-point", Severity::Error)]
        );
    }

    #[test]
    fn bad_values() {
        assert_eq!(codes("(;SZ[9];B[jj])"), [("bad-value", Severity::Error)]);
        assert_eq!(codes("(;SZ[x])"), [("bad-value", Severity::Error)]);
        assert_eq!(codes("(;HA[two])"), [("bad-value", Severity::Error)]);
        assert_eq!(
            codes("(;GB[3]TB[]KO[]AR[aa:bb]LB[aa])"),
            [("bad-value", Severity::Warning); 2]
        );
        assert_eq!(
            codes("(;B[tt]W[])"),
            [("two-moves-in-node", Severity::Error)]
        );
    }

    #[test]
    fn komi() {
        for ok in ["7.5", "3.75", "375", "0", "-5.5"] {
            assert_eq!(codes(&format!("(;KM[{ok}])")), [], "{ok}");
        }
        assert_eq!(codes("(;KM[abc])"), [("bad-komi", Severity::Warning)]);
    }

    #[test]
    fn results() {
        for ok in [
            "B+R",
            "W+3.5",
            "B+T",
            "B+F",
            "0",
            "Draw",
            "Void",
            "?",
            "B+",
            "W+Resign",
            "黑中盘胜",
            "白胜3/4子",
            "黒中押し勝",
            "和棋",
        ] {
            assert!(is_result(ok), "{ok}");
        }
        for bad in ["B+X", "black wins", "W+3.5.5", ""] {
            assert!(!is_result(bad), "{bad}");
        }
        assert_eq!(codes("(;RE[white])"), [("bad-result", Severity::Warning)]);
    }

    #[test]
    fn dates() {
        for ok in [
            "2016-03-09",
            "1996-05",
            "1996",
            "1996-05-06,07,08",
            "1996-05-06,06-10,1997-01-01",
        ] {
            assert!(is_date_list(ok), "{ok}");
        }
        for bad in ["9 March 2016", "2016-13-01", "2017-04-03T20:19:36", "07"] {
            assert!(!is_date_list(bad), "{bad}");
        }
        assert_eq!(
            codes("(;DT[March 2016])"),
            [("bad-date", Severity::Warning)]
        );
    }

    #[test]
    fn not_go() {
        assert_eq!(codes("(;GM[2])"), [("not-go", Severity::Error)]);
    }
}
