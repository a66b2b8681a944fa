//! What the structural checks of an SGF game tree find ([`SgfIssue`]), and its wording in
//! English and Chinese.

use std::ops::Range;

use crate::diag::{Issue, Severity, Words};
use crate::go::board::BoardPoint;
use crate::go::properties::{is_decisive, is_point_list, Repeat};
use crate::go::sgf::ValueError;
use crate::lang::{zh, Lang, ToZh, Zh};

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
                if *differ && is_decisive(ident) {
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

impl Issue for SgfIssue {
    fn code(&self) -> &'static str {
        SgfIssue::code(self)
    }

    fn words(&self, lang: Lang) -> Words {
        match self {
            Self::MixedSetupMove { .. } => Words::new(
                lang,
                || "move and setup properties in one node".to_string(),
                || Zh::own("一个节点中同时有着法和摆子属性"),
            )
            .help(
                || {
                    "FF[4] keeps setup (AB/AW/AE) and moves in separate nodes; the setup was \
                     applied first"
                        .to_string()
                },
                || Zh::own("FF[4] 把摆子（AB/AW/AE）和着法放在不同的节点；已先执行摆子"),
            ),
            Self::RootPropertyOutsideRoot { ident, .. } => Words::new(
                lang,
                || format!("root property {ident} outside the root node is ignored"),
                || zh!("根属性 {} 不在根节点中，已忽略", ident),
            )
            .help(
                || "move the property to the root node".to_string(),
                || Zh::own("把该属性移到根节点"),
            ),
            Self::DuplicateProperty { ident, written, .. } if is_move(ident) => Words::new(
                lang,
                || {
                    format!(
                        "property {ident} appears twice in this node with different moves; \
                         both were replayed"
                    )
                },
                || zh!("属性 {} 在本节点出现两次，着法不同；两手都已复盘", ident),
            )
            .help(
                || {
                    format!(
                        "keep the move that was played; an alternative goes in a variation: \
                         ({})",
                        variations(written)
                    )
                },
                || {
                    zh!(
                        "保留实际下的那一手；另一手放入变化：({})",
                        variations(written)
                    )
                },
            ),
            Self::DuplicateProperty { ident, written, .. } => Words::new(
                lang,
                || {
                    format!(
                        "property {ident} appears twice in this node with different values; \
                         the first is used"
                    )
                },
                || zh!("属性 {} 在本节点出现两次，值不同；采用第一个", ident),
            )
            .help(
                || format!("keep one value: {}", written.join(" or ")),
                || {
                    let values: Vec<Zh> = written.iter().map(|w| zh!("{}", w)).collect();
                    zh!("保留一个值：{}", Zh::join(values, " 或 "))
                },
            ),
            Self::MergedProperty {
                ident,
                repeat,
                merged,
                ..
            } => {
                let (how, how_zh) = match repeat {
                    Repeat::Identical => ("the same value again, kept once", "同一个值重复，只保留一个"),
                    Repeat::Joined => ("the texts were joined", "两段文字已合并"),
                    Repeat::Collected => {
                        ("both values are kept in one property", "两个值都保留在一个属性中")
                    }
                    Repeat::Merged | Repeat::Conflict => ("the values were merged", "各值已合并"),
                };
                let words = Words::new(
                    lang,
                    || format!("property {ident} appears twice in this node; {how}"),
                    || zh!("属性 {} 在本节点出现两次；{}", ident, Zh::own(how_zh)),
                );
                match repeat {
                    Repeat::Identical => words.help(
                        || format!("keep one value: {merged}"),
                        || zh!("保留一个值：{}", merged),
                    ),
                    Repeat::Collected => words.help(
                        || format!("keep one value: {merged} (qipu writes both in one {ident})"),
                        || zh!("保留一个值：{}（qipu 把两者写在一个 {} 中）", merged, ident),
                    ),
                    Repeat::Joined => words.help(
                        || format!("write one {ident} with both texts"),
                        || zh!("把两段文字写进一个 {}", ident),
                    ),
                    Repeat::Merged | Repeat::Conflict => {
                        let (what, what_zh) = if is_point_list(ident) {
                            ("points", "点")
                        } else {
                            ("values", "值")
                        };
                        words.help(
                            || format!("write one {ident} with all {what}: {merged}"),
                            || zh!("把所有{}写进一个 {}：{}", Zh::own(what_zh), ident, merged),
                        )
                    }
                }
            }
            Self::TwoMovesInNode { .. } => Words::new(
                lang,
                || "black and white move in the same node".to_string(),
                || Zh::own("黑白双方的着法在同一个节点中"),
            )
            .help(
                || "give each move its own node: ;B[..];W[..]".to_string(),
                || Zh::own("每手棋各占一个节点：;B[..];W[..]"),
            ),
            Self::DuplicateSetupPoint {
                point, conflicting, ..
            } => Words::new(
                lang,
                || {
                    let how = if *conflicting {
                        "with different stones"
                    } else {
                        "twice"
                    };
                    format!("point {point} is set up {how} in this node")
                },
                || {
                    if *conflicting {
                        zh!("点 {} 在本节点中被摆上不同颜色的棋子", point)
                    } else {
                        zh!("点 {} 在本节点中被摆了两次", point)
                    }
                },
            ),
            Self::BadValue { ident, reason, .. } => Words::new(
                lang,
                || format!("bad value for {ident}: {reason}"),
                || zh!("{} 的值有误：{}", ident, reason.to_zh()),
            ),
            Self::BadKomi { .. } => Words::new(
                lang,
                || "komi is not a number (such as 7.5)".to_string(),
                || Zh::own("贴目不是数字（如 7.5）"),
            )
            .help(
                || "write komi in points, such as KM[7.5]".to_string(),
                || Zh::own("以目写贴目，如 KM[7.5]"),
            ),
            Self::BadResult { .. } => Words::new(
                lang,
                || "result is not in SGF form (B+R, W+3.5, B+T, B+F, 0, Draw, Void, ?)".to_string(),
                || Zh::own("结果不是 SGF 格式（B+R、W+3.5、B+T、B+F、0、Draw、Void、?）"),
            )
            .help(
                || "write the result as B+R, W+3.5, 0 (draw) or ?".to_string(),
                || Zh::own("结果写作 B+R、W+3.5、0（和棋）或 ?"),
            ),
            Self::BadDate { .. } => Words::new(
                lang,
                || "date is not in YYYY-MM-DD form".to_string(),
                || Zh::own("日期不是 YYYY-MM-DD 格式"),
            )
            .help(
                || "write dates as YYYY-MM-DD".to_string(),
                || Zh::own("日期写作 YYYY-MM-DD"),
            ),
            Self::NotGo { .. } => Words::new(
                lang,
                || "not a Go record (GM is not 1)".to_string(),
                || Zh::own("不是围棋棋谱（GM 不是 1）"),
            )
            .help(
                || "qipu reads Go records (GM[1]) from SGF".to_string(),
                || Zh::own("qipu 从 SGF 读取围棋棋谱（GM[1]）"),
            ),
            Self::SeveralValues { ident, differ, .. } => {
                let (which, which_zh) = if *differ {
                    ("different", "不同")
                } else {
                    ("repeated", "重复")
                };
                Words::new(
                    lang,
                    || format!("{ident} holds one value but has {which} values; the first is read"),
                    || {
                        zh!(
                            "{} 只能有一个值，却有多个{}的值；读取第一个",
                            ident,
                            Zh::own(which_zh)
                        )
                    },
                )
                .help(
                    || format!("give {ident} one value"),
                    || zh!("{} 只给一个值", ident),
                )
            }
            Self::MixedCaseIdentifier { written, ident, .. } => Words::new(
                lang,
                || format!("identifier {written} has lower-case letters; read as {ident}"),
                || zh!("属性名 {} 含有小写字母；按 {} 读取", written, ident),
            )
            .help(
                || format!("write {ident}: FF[4] identifiers are upper-case letters only"),
                || zh!("写作 {}：FF[4] 的属性名只用大写字母", ident),
            ),
            Self::ConflictingAnnotations { first, second, .. } => Words::new(
                lang,
                || format!("annotations {first} and {second} contradict each other in one node"),
                || zh!("评注 {} 和 {} 在同一节点中互相矛盾", first, second),
            )
            .help(
                || format!("keep one of them; {first} was written first"),
                || zh!("只保留其中一个；先写的是 {}", first),
            ),
            Self::AnnotationWithoutMove { ident, .. } => Words::new(
                lang,
                || format!("move annotation {ident} in a node without a move"),
                || zh!("着法评注 {} 所在的节点没有着法", ident),
            )
            .help(
                || "put the annotation in the node of the move it judges".to_string(),
                || Zh::own("把评注放在它所评价的着法的节点中"),
            ),
            Self::DuplicateMarkup { point, .. } => Words::new(
                lang,
                || format!("point {point} has more than one markup in this node"),
                || zh!("点 {} 在本节点中有不止一个标记", point),
            )
            .help(
                || "mark each point once (CR, MA, SL, SQ or TR)".to_string(),
                || Zh::own("每个点只标记一次（CR、MA、SL、SQ 或 TR）"),
            ),
            Self::GameInfoInTwoNodes { ident, .. } => Words::new(
                lang,
                || {
                    format!(
                        "game information ({ident}) in a second node of this game; a game keeps \
                         it in one"
                    )
                },
                || {
                    zh!(
                        "本局的第二个节点中又有对局信息（{}）；一局的信息应在同一个节点中",
                        ident
                    )
                },
            )
            .help(
                || "put all of a game's information in one node".to_string(),
                || Zh::own("把一局的所有对局信息放在同一个节点中"),
            ),
            Self::UnknownFileFormat { .. } => Words::new(
                lang,
                || "unknown file format (FF is 1 to 4); read as FF[4]".to_string(),
                || Zh::own("未知的文件格式（FF 应为 1 到 4）；按 FF[4] 读取"),
            )
            .help(|| "write FF[4]".to_string(), || Zh::own("写作 FF[4]")),
            Self::SquareAsRectangle { .. } => Words::new(
                lang,
                || "square board written as a rectangle (SZ[n:n])".to_string(),
                || Zh::own("正方形棋盘写成了长方形（SZ[n:n]）"),
            )
            .help(
                || "write a square board's size once, such as SZ[19]".to_string(),
                || Zh::own("正方形棋盘的大小只写一次，如 SZ[19]"),
            ),
            Self::RectangleInFf1 { .. } => Words::new(
                lang,
                || "FF[1] knows only square boards".to_string(),
                || Zh::own("FF[1] 只有正方形棋盘"),
            )
            .help(
                || "write FF[4] for a board that is not square".to_string(),
                || Zh::own("非正方形的棋盘请写 FF[4]"),
            ),
            Self::EmptyPassInFf3 { .. } => Words::new(
                lang,
                || "empty move as a pass in FF[3], where a pass is `tt`".to_string(),
                || Zh::own("FF[3] 中用空着法表示虚着，而 FF[3] 的虚着是 `tt`"),
            )
            .help(
                || "write a pass as [tt] in FF[3], or the file as FF[4]".to_string(),
                || Zh::own("在 FF[3] 中虚着写作 [tt]，或把文件写成 FF[4]"),
            ),
            Self::LooseReal { ident, .. } => Words::new(
                lang,
                || format!("real number in {ident} has a point and no digit after it"),
                || zh!("{} 中的实数有小数点，其后却没有数字", ident),
            )
            .help(
                || "write a digit after the point, or no point: BL[34]".to_string(),
                || Zh::own("在小数点后写上数字，或不写小数点：BL[34]"),
            ),
            Self::ControlCharacters { ident, .. } => Words::new(
                lang,
                || format!("value of {ident} holds control characters"),
                || zh!("{} 的值中含有控制字符", ident),
            )
            .help(
                || "remove them: no SGF reader shows them".to_string(),
                || Zh::own("删去它们：SGF 读取程序都不显示它们"),
            ),
            Self::LongIdentifier { len, .. } => Words::new(
                lang,
                || format!("identifier of {len} letters (SGF readers may stop at 100)"),
                || zh!("属性名长 {} 个字母（SGF 读取程序可能只读 100 个）", len),
            )
            .help(
                || "FF[4] identifiers are short upper-case names".to_string(),
                || Zh::own("FF[4] 的属性名是简短的大写名称"),
            ),
            Self::ApplicationWithoutVersion { .. } => Words::new(
                lang,
                || "AP is not in its name:version form".to_string(),
                || Zh::own("AP 不是 名称:版本 的格式"),
            )
            .help(
                || "write AP[name:version]".to_string(),
                || Zh::own("写作 AP[名称:版本]"),
            ),
            Self::OtherCharset {
                written, declared, ..
            } => Words::new(
                lang,
                || {
                    format!(
                        "this tree declares CA[{written}], the file's first tree {declared}: \
                         charsets are mixed in one collection"
                    )
                },
                || {
                    zh!(
                        "此棋谱树声明 CA[{}]，文件的第一棵树声明 {}：一个合集中混用了字符集",
                        written,
                        declared
                    )
                },
            )
            .help(
                || {
                    "qipu decodes each tree by its own CA; readers that decode a file by its \
                     first tree's do not: split the collection by charset for them"
                        .to_string()
                },
                || {
                    Zh::own(
                        "qipu 按每棵树自己的 CA 解码；按第一棵树解码整个文件的程序则不然，可按字符集把合集分成几个文件",
                    )
                },
            ),
            Self::OldProperty {
                ident,
                in_ff4,
                replacement,
                ..
            } => {
                let words = if *in_ff4 {
                    Words::new(
                        lang,
                        || format!("{ident} is a property of FF[1]–FF[3], not of FF[4]"),
                        || zh!("{} 是 FF[1]–FF[3] 的属性，不属于 FF[4]", ident),
                    )
                } else {
                    Words::new(
                        lang,
                        || format!("{ident} is obsolete: since FF[3] komi is KM"),
                        || zh!("{} 已过时：自 FF[3] 起贴目写作 KM", ident),
                    )
                };
                match replacement {
                    Some(replacement) => words.help(
                        || format!("write {replacement}, its FF[4] equivalent"),
                        || zh!("写作 {}，即它在 FF[4] 中的对应属性", replacement),
                    ),
                    None => words.help(
                        || "FF[4] has no equivalent; readers may ignore it".to_string(),
                        || Zh::own("FF[4] 没有对应的属性；读取程序可能忽略它"),
                    ),
                }
            }
        }
    }
}

/// Whether `ident` is a move (`B`, `W`).
fn is_move(ident: &str) -> bool {
    matches!(ident, "B" | "W")
}

/// The moves written in one node as the variations they should be: `;B[aa])(;B[bb]`.
fn variations(written: &[String]) -> String {
    written
        .iter()
        .map(|w| format!(";{w}"))
        .collect::<Vec<_>>()
        .join(")(")
}
