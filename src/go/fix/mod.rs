//! `convert --fix`: the corrections SGFC makes, each one reported. Without `--fix` the
//! writer corrects nothing of this.
//!
//! The tree is copied into an owned model ([`Model`]), corrected node by node in document
//! order, written as SGF text and read again: the corrected tree is then written by the
//! ordinary writer, so that `--fix` of fixed output finds nothing to correct and gives the
//! same bytes. What each node goes through, in this order:
//!
//! - identifiers: one over 100 letters is dropped (SGFC E11); `L` becomes `LB` (labels `a`,
//!   `b`, … in order), `M` becomes `MA`, `KI` becomes `KM` (half its value; dropped when the
//!   node has `KM`) (W40, W59);
//! - a property repeated in the node is written once (E28): lists merged, the same value
//!   once, texts (`C`, `GC`) joined by a line break; of different values the first is kept;
//! - values ([`values`]): several values where one is held keep the first (texts are
//!   joined) (E13); a value of the wrong type is repaired where a reading is plain
//!   (`B[c   c]` → `cc`, `BL[34.]` → `34`, `PL[w 123]` → `W`, `DM[]` → `1`, `KO[x]` → `KO[]`,
//!   spaces inside compose values) (E15, E25), else dropped (E14, E23), so is an empty
//!   value where none is allowed (E17) and a `VW` value after `[]` (E52); the root's `GM`,
//!   `SZ` are read as SGFC reads them (E18, E47, E50); a NUL becomes a space (W22); `DT`,
//!   `RE`, `KM`, `TM` in their SGF forms ([`info`]); a pass `[tt]` on a board of 19 or less
//!   is `[]`;
//! - a root property outside the root is dropped (E32);
//! - annotations: a second position judgement is dropped (E41), `BM` with `TE` is `DO`, `TE`
//!   with `BM` is `IT` (E42), a move annotation without a move is dropped (E43);
//! - a point marked twice is marked once (E38);
//! - a move in the root goes to a node of its own after it; a node that mixes setup and a
//!   move is split, setup first (E30; a lone `PL` beside a move is dropped); a node with a
//!   black and a white move is split (E37);
//! - setup that changes nothing (a black stone where one stands, a point set twice in the
//!   node) is dropped (W39), replayed on a board as SGFC does;
//! - game information below the node that holds a game's information moves up to it, or is
//!   dropped where that node holds the property already (E44);
//! - `AP` names qipu when anything was corrected.
//!
//! The inner `(` of a variation opened by `((` is already ignored by the reader.

mod board;
mod info;
mod node;
mod values;

use super::sgf::grammar::compose;
use super::sgf::{self, BoardSize, GameTree};
use crate::diag::Fixable;

/// One correction `--fix` made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Correction {
    /// What was corrected.
    pub kind: Fixable,
    /// The property as written (identifier and values), or the structure corrected.
    pub from: String,
    /// What was written instead.
    pub to: String,
    /// The correction dropped something that meant something (`KM[five]`, a move off the
    /// board): a warning rather than a note.
    pub lost: bool,
}

// What `--fix` corrects, each named in English and in Chinese for its `fixed` note.

/// A move in the root node, moved to a node of its own.
pub(crate) const MOVE_OUT_OF_ROOT: Fixable =
    Fixable::named("move in the root node", "根节点中的着法");

/// A variation opened by `((`: the inner `(` was ignored.
pub(crate) const VARIATION_START: Fixable = Fixable::named("variation start", "变化的开头");

/// Values beyond the first of a property that holds one, dropped.
pub(crate) const EXTRA_VALUES: Fixable = Fixable::named("repeated values", "重复的值");

/// `DT` normalised.
pub(crate) const DATE: Fixable = Fixable::named("date", "日期");

/// `RE` normalised.
pub(crate) const RESULT: Fixable = Fixable::named("result", "结果");

/// `KM` in points, or dropped when it is no number.
pub(crate) const KOMI: Fixable = Fixable::named("komi", "贴目");

/// `TM` in seconds.
pub(crate) const TIME: Fixable = Fixable::named("time", "用时");

/// A pass written `[tt]`, written `[]`.
pub(crate) const PASS: Fixable = Fixable::named("pass", "虚着");

/// An `FF[1]`–`FF[3]` property written as its `FF[4]` equivalent.
pub(crate) const OLD_PROPERTY: Fixable = Fixable::named("old property", "旧版属性");

/// `AP` names qipu, which rewrote the file.
pub(crate) const APPLICATION: Fixable = Fixable::named("application", "软件名");

/// A value of the wrong type, repaired or dropped.
pub(crate) const VALUE: Fixable = Fixable::named("value", "属性值");

/// An empty value where the property needs one, dropped.
pub(crate) const EMPTY_VALUE: Fixable = Fixable::named("empty value", "空值");

/// A root value SGFC reads otherwise (`GM`, `SZ`).
pub(crate) const ROOT_VALUE: Fixable = Fixable::named("root value", "根属性值");

/// A property repeated in one node, written once.
pub(crate) const REPEATED_PROPERTY: Fixable = Fixable::named("repeated property", "重复的属性");

/// An identifier over 100 letters, dropped.
pub(crate) const LONG_IDENTIFIER: Fixable = Fixable::named("long identifier", "过长的属性名");

/// A NUL, written as a space.
pub(crate) const CONTROL: Fixable = Fixable::named("NUL character", "NUL 字符");

/// A root property outside the root, dropped.
pub(crate) const ROOT_PROPERTY: Fixable =
    Fixable::named("root property outside the root", "根节点外的根属性");

/// Game information outside the node that holds the game's, moved there or dropped.
pub(crate) const GAME_INFO: Fixable = Fixable::named(
    "game information outside its node",
    "对局信息节点外的对局信息",
);

/// Two position or move judgements in one node, or one without a move.
pub(crate) const ANNOTATION: Fixable = Fixable::named("annotation", "评注");

/// A point marked twice in one node.
pub(crate) const MARKUP: Fixable = Fixable::named("markup", "标记");

/// Setup that changes nothing.
pub(crate) const SETUP: Fixable = Fixable::named("setup that changes nothing", "不起作用的摆子");

/// A node that mixes setup and a move, split.
pub(crate) const SETUP_AND_MOVE: Fixable =
    Fixable::named("setup and move in one node", "同一节点中的摆子和着法");

/// A node with a black and a white move, split.
pub(crate) const TWO_MOVES: Fixable = Fixable::named("two moves in one node", "同一节点中的两手棋");

/// A tree as `--fix` corrected it, and what was corrected, in tree order.
#[derive(Clone, Debug)]
pub struct Fixed {
    /// The corrected tree, read from the SGF text of the corrections.
    pub tree: GameTree,
    /// What was corrected.
    pub corrections: Vec<Correction>,
}

/// A property of the model: its `FF[4]` identifier and its values as SGF text (escapes
/// kept, without the brackets).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Prop {
    ident: String,
    values: Vec<String>,
}

impl Prop {
    fn new(ident: &str, values: Vec<String>) -> Prop {
        Prop {
            ident: ident.to_string(),
            values,
        }
    }

    /// As written: `AB[aa][bb]`.
    fn written(&self) -> String {
        written(&self.ident, &self.values)
    }
}

/// `ident` with `values`: `AB[aa][bb]`.
fn written(ident: &str, values: &[String]) -> String {
    let mut text = ident.to_string();
    for value in values {
        text.push('[');
        text.push_str(value);
        text.push(']');
    }
    text
}

#[derive(Clone, Debug, Default)]
struct Node {
    props: Vec<Prop>,
    children: Vec<usize>,
}

impl Node {
    fn has(&self, ident: &str) -> bool {
        self.props.iter().any(|p| p.ident == ident)
    }

    fn has_move(&self) -> bool {
        self.has("B") || self.has("W")
    }
}

/// The owned copy of a tree that the corrections change; node 0 is the root.
#[derive(Clone, Debug)]
struct Model {
    nodes: Vec<Node>,
}

impl Model {
    fn new(tree: &GameTree) -> Model {
        let mut nodes: Vec<Node> = Vec::with_capacity(tree.len());
        for node in tree.nodes() {
            let props = node
                .properties()
                .map(|p| Prop {
                    ident: p.ident().to_string(),
                    values: p.values().map(|v| closed(v.raw)).collect(),
                })
                .collect();
            nodes.push(Node {
                props,
                children: Vec::new(),
            });
            if let Some(parent) = node.parent() {
                nodes[parent.id().index()].children.push(node.id().index());
            }
        }
        Model { nodes }
    }

    /// Adds a node after `parent` that takes over its children; returns its index.
    fn split(&mut self, parent: usize, props: Vec<Prop>) -> usize {
        let children = std::mem::take(&mut self.nodes[parent].children);
        let id = self.nodes.len();
        self.nodes.push(Node { props, children });
        self.nodes[parent].children = vec![id];
        id
    }

    /// The model as an SGF game tree.
    fn to_sgf(&self) -> String {
        super::sgf_writer::tree_text(
            |id, out| {
                out.push(';');
                for prop in &self.nodes[id].props {
                    out.push_str(&prop.written());
                }
            },
            |id, children| children.extend_from_slice(&self.nodes[id].children),
        )
    }
}

/// A raw value that ran to the end of the text may end in a lone `\`, which would escape
/// the `]` written after it; the reader drops it.
fn closed(raw: &str) -> String {
    let trailing = raw.len() - raw.trim_end_matches('\\').len();
    let raw = if trailing % 2 == 1 {
        &raw[..raw.len() - 1]
    } else {
        raw
    };
    raw.to_string()
}

/// What the corrections of one tree share: the board, what is reported.
struct Fixer {
    size: BoardSize,
    /// Whether the tree is Go (`GM[1]`): moves and points are read as Go's only then.
    go: bool,
    corrections: Vec<Correction>,
}

impl Fixer {
    fn note(&mut self, kind: Fixable, from: String, to: String) {
        self.push(kind, from, to, false);
    }

    fn lose(&mut self, kind: Fixable, from: String, to: String) {
        self.push(kind, from, to, true);
    }

    fn push(&mut self, kind: Fixable, from: String, to: String, lost: bool) {
        self.corrections.push(Correction {
            kind,
            from,
            to,
            lost,
        });
    }
}

/// The corrections of `tree`, and the tree they make.
pub fn fix(tree: &GameTree) -> Fixed {
    let mut model = Model::new(tree);
    let mut fixer = Fixer {
        size: BoardSize::DEFAULT,
        go: true,
        corrections: Vec::new(),
    };
    for error in &tree.errors {
        if let sgf::SgfSyntaxError::IllegalVariationStart { .. } = error {
            fixer.note(VARIATION_START, "((".to_string(), "(".to_string());
        }
    }
    node::walk(&mut fixer, &mut model);
    let root = &mut model.nodes[0];
    // An `AP` without its version is one more thing to correct.
    let unversioned = root
        .props
        .iter()
        .any(|p| p.ident == "AP" && p.values.first().is_some_and(|v| compose(v).is_none()));
    if !fixer.corrections.is_empty() || unversioned {
        application(&mut fixer, root);
    }
    let text = model.to_sgf();
    let tree = sgf::parse(&text)
        .games
        .into_iter()
        .next()
        .unwrap_or_else(|| tree.clone());
    Fixed {
        tree,
        corrections: fixer.corrections,
    }
}

/// `AP` names qipu, which rewrote the file.
fn application(fixer: &mut Fixer, root: &mut Node) {
    let ap = Prop::new("AP", vec![format!("qipu:{}", env!("CARGO_PKG_VERSION"))]);
    let at = root.props.iter().position(|p| p.ident == "AP");
    let from = at.map_or_else(|| "none".to_string(), |i| root.props[i].written());
    let to = ap.written();
    if from != to {
        fixer.note(APPLICATION, from, to);
    }
    match at {
        Some(i) => root.props[i] = ap,
        None => root.props.push(ap),
    }
}
