//! Syntax problems found while reading SGF; every one is recovered from.

use std::fmt;
use std::ops::Range;

use crate::diag::Severity;

/// A syntax problem with the byte span (in the decoded text) where it was found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SgfSyntaxError {
    /// The text holds no `(`, so no game tree at all.
    NoGameTree {
        /// The whole text.
        span: Range<usize>,
    },
    /// Text outside any game tree after the first one (skipped).
    TextBetweenTrees {
        /// The skipped text.
        span: Range<usize>,
    },
    /// Text before the first game tree that looks like SGF (`GM[1]SZ[19] (;B[pd]…`):
    /// properties outside any tree, skipped (SGFC W6).
    SgfBeforeTree {
        /// The text before the tree.
        span: Range<usize>,
    },
    /// Text inside a game tree that is not a node, property or variation (skipped).
    UnexpectedText {
        /// The skipped text.
        span: Range<usize>,
    },
    /// Properties follow `(` without a `;` (old Nihon Ki-in files); a node is assumed.
    MissingSemicolon {
        /// Where the `;` should be.
        span: Range<usize>,
    },
    /// A property identifier with no upper-case letter; it was read in upper case.
    LowercaseIdentifier {
        /// The identifier.
        span: Range<usize>,
    },
    /// A property identifier not followed by `[`; the property was dropped.
    MissingValue {
        /// The identifier.
        span: Range<usize>,
    },
    /// A value whose `]` never comes; it runs to the end of the text.
    UnterminatedValue {
        /// From `[` to the end of the text.
        span: Range<usize>,
    },
    /// A `(` whose `)` never comes; closed at the end of the text.
    UnclosedGameTree {
        /// The unmatched `(`.
        span: Range<usize>,
    },
    /// A variation that opens with another `(` instead of a node (`((;B[aa]…`): the inner
    /// `(` is ignored, as SGFC does, so that a file with an unmatched one keeps its later
    /// trees (SGFC E21, critical).
    IllegalVariationStart {
        /// The ignored `(`.
        span: Range<usize>,
    },
    /// A variation with no node in it (`()`), ignored.
    EmptyGameTree {
        /// The empty variation.
        span: Range<usize>,
    },
    /// A game tree that opens with a variation instead of a root node; an empty root node is
    /// assumed.
    MissingRootNode {
        /// The `(` of the first variation.
        span: Range<usize>,
    },
    /// A node after a variation ended (`(;a(;b);c))`): as SGFC does (its E66), read as one
    /// more variation whose `(` is missing, closed by the next `)` (or with the tree, where
    /// that `)` is the tree's as written). An error: where the author meant the node to go is
    /// a guess.
    NodeAfterVariation {
        /// The `;` of the node.
        span: Range<usize>,
    },
    /// The text exceeds the 4 GiB that spans are stored in.
    TooLarge {
        /// The whole text.
        span: Range<usize>,
    },
}

impl SgfSyntaxError {
    /// Byte span in the decoded text.
    pub fn span(&self) -> Range<usize> {
        match self {
            Self::NoGameTree { span }
            | Self::TextBetweenTrees { span }
            | Self::SgfBeforeTree { span }
            | Self::UnexpectedText { span }
            | Self::MissingSemicolon { span }
            | Self::LowercaseIdentifier { span }
            | Self::MissingValue { span }
            | Self::UnterminatedValue { span }
            | Self::UnclosedGameTree { span }
            | Self::EmptyGameTree { span }
            | Self::IllegalVariationStart { span }
            | Self::MissingRootNode { span }
            | Self::NodeAfterVariation { span }
            | Self::TooLarge { span } => span.clone(),
        }
    }

    /// Stable kebab-case identifier.
    pub fn code(&self) -> &'static str {
        match self {
            Self::NoGameTree { .. } => "no-game-tree",
            Self::TextBetweenTrees { .. } => "text-between-trees",
            Self::SgfBeforeTree { .. } => "sgf-before-tree",
            Self::UnexpectedText { .. } => "unexpected-text",
            Self::MissingSemicolon { .. } => "missing-semicolon",
            Self::LowercaseIdentifier { .. } => "lowercase-identifier",
            Self::MissingValue { .. } => "missing-value",
            Self::UnterminatedValue { .. } => "unterminated-value",
            Self::UnclosedGameTree { .. } => "unclosed-game-tree",
            Self::EmptyGameTree { .. } => "empty-game-tree",
            Self::IllegalVariationStart { .. } => "illegal-variation-start",
            Self::MissingRootNode { .. } => "missing-root-node",
            Self::NodeAfterVariation { .. } => "node-after-variation",
            Self::TooLarge { .. } => "too-large",
        }
    }

    /// Errors lose or may misread data; warnings are recovered without loss.
    pub fn severity(&self) -> Severity {
        match self {
            Self::NoGameTree { .. }
            | Self::UnexpectedText { .. }
            | Self::MissingValue { .. }
            | Self::UnterminatedValue { .. }
            | Self::IllegalVariationStart { .. }
            | Self::NodeAfterVariation { .. }
            | Self::TooLarge { .. } => Severity::Error,
            Self::TextBetweenTrees { .. }
            | Self::SgfBeforeTree { .. }
            | Self::MissingSemicolon { .. }
            | Self::LowercaseIdentifier { .. }
            | Self::UnclosedGameTree { .. }
            | Self::EmptyGameTree { .. }
            | Self::MissingRootNode { .. } => Severity::Warning,
        }
    }
}

impl fmt::Display for SgfSyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::NoGameTree { .. } => "no SGF game tree: the text has no `(`",
            Self::TextBetweenTrees { .. } => "text between game trees was skipped",
            Self::SgfBeforeTree { .. } => {
                "text before the first game tree looks like SGF properties; it was skipped"
            }
            Self::UnexpectedText { .. } => "unexpected text inside the game tree was skipped",
            Self::MissingSemicolon { .. } => {
                "properties without a `;` before them; a node was assumed"
            }
            Self::LowercaseIdentifier { .. } => "property identifier has no upper-case letter",
            Self::MissingValue { .. } => "property has no value `[...]`; it was dropped",
            Self::UnterminatedValue { .. } => "property value is never closed by `]`",
            Self::UnclosedGameTree { .. } => "game tree is never closed by `)`",
            Self::EmptyGameTree { .. } => "empty variation `()` was ignored",
            Self::IllegalVariationStart { .. } => {
                "a variation opens with `(` instead of a node; this `(` was ignored"
            }
            Self::MissingRootNode { .. } => {
                "game tree starts with a variation; an empty root node was assumed"
            }
            Self::NodeAfterVariation { .. } => {
                "node after the end of a variation, without `(`; read as one more variation"
            }
            Self::TooLarge { .. } => "text larger than 4 GiB",
        })
    }
}

impl crate::lang::ToZh for SgfSyntaxError {
    fn to_zh(&self) -> crate::lang::Zh {
        crate::lang::Zh::own(match self {
            Self::NoGameTree { .. } => "没有 SGF 棋谱树：文本中没有 `(`",
            Self::TextBetweenTrees { .. } => "棋谱树之间的文字已跳过",
            Self::SgfBeforeTree { .. } => "第一棵棋谱树之前的文字像是 SGF 属性；已跳过",
            Self::UnexpectedText { .. } => "棋谱树中意外的文字已跳过",
            Self::MissingSemicolon { .. } => "属性之前缺少 `;`；已按一个节点读取",
            Self::LowercaseIdentifier { .. } => "属性名中没有大写字母",
            Self::MissingValue { .. } => "属性没有值 `[...]`；已丢弃",
            Self::UnterminatedValue { .. } => "属性值没有用 `]` 闭合",
            Self::UnclosedGameTree { .. } => "棋谱树没有用 `)` 闭合",
            Self::EmptyGameTree { .. } => "空变化 `()` 已忽略",
            Self::IllegalVariationStart { .. } => "变化以 `(` 而不是节点开头；这个 `(` 已忽略",
            Self::MissingRootNode { .. } => "棋谱树以变化开头；已补上一个空的根节点",
            Self::NodeAfterVariation { .. } => "变化结束之后的节点前没有 `(`；已按又一个变化读取",
            Self::TooLarge { .. } => "文本超过 4 GiB",
        })
    }
}

impl std::error::Error for SgfSyntaxError {}
