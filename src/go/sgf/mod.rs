//! SGF reader: the whole `FF[4]` grammar plus the ``FF[1]``–``FF[3]`` forms archives still hold.
//!
//! Works on already-decoded text (decode first: in GBK, Big5 and Shift_JIS a trail byte can
//! be `\` or `]`). Every game tree of a collection becomes a [`GameTree`]: a node arena in
//! document order with parent and next-sibling links (a first child is the next node),
//! properties and values in flat vectors, every item with its byte span. Parsing never fails
//! and never recurses: problems are collected as [`SgfSyntaxError`]s and the reader carries on.
//!
//! ```
//! use qipu::go::sgf::parse;
//! let c = parse("(;GM[1]SZ[9];B[ee](;W[cc])(;W[gg]))");
//! let game = &c.games[0];
//! let first = game.root().first_child().and_then(|n| n.get("B")).and_then(|p| p.value());
//! assert_eq!(first.map(|v| v.simple_text()).as_deref(), Some("ee"));
//! assert_eq!(game.len(), 4);
//! ```

mod error;
pub(crate) mod grammar;
mod node_id;
mod parser;
mod value;

use std::ops::Range;

use crate::go::properties::Code;
use crate::text::{control_picture, is_unwritable_control};

pub use error::SgfSyntaxError;
pub(crate) use node_id::NodeId;
// The parser alone, reached by the tests and fuzz targets; a library user reads records
// (`read_str`) and walks the tree a `GoRecord` keeps.
#[doc(hidden)]
pub use parser::parse;
pub(crate) use parser::trees;
#[doc(hidden)]
pub use value::unescape;
pub(crate) use value::{real_parts, BoardSize, Move, Point};
pub use value::{Value, ValueError};

/// Marks a missing link in the arena.
const NONE: u32 = u32::MAX;

/// Whether the values of `ident` are numbers, reals, doubles, colours, points or sizes:
/// their readers (the typed accessors of [`Value`]) take the raw text, escapes
/// unresolved, without the white space around it, control characters among it.
pub(crate) fn is_typed(ident: &str) -> bool {
    matches!(
        ident,
        "B" | "W"
            | "AB"
            | "AW"
            | "AE"
            | "CR"
            | "MA"
            | "SL"
            | "SQ"
            | "TR"
            | "DD"
            | "VW"
            | "TB"
            | "TW"
            | "FF"
            | "GM"
            | "ST"
            | "HA"
            | "MN"
            | "OB"
            | "OW"
            | "PM"
            | "TM"
            | "V"
            | "BL"
            | "WL"
            | "DM"
            | "GB"
            | "GW"
            | "HO"
            | "UC"
            | "BM"
            | "TE"
            | "PL"
            | "KO"
            | "DO"
            | "IT"
            | "SZ"
            | "KM"
    )
}

/// The result of reading a text: its game trees and the problems found outside them.
#[derive(Debug, Clone, Default)]
#[doc(hidden)]
pub struct Collection {
    /// Game trees in text order; each one is a record.
    pub games: Vec<GameTree>,
    /// Problems outside any game tree (stray text, no tree at all).
    pub errors: Vec<SgfSyntaxError>,
}

/// The arena holds offsets into the tree's own text as `u32`, to keep it small; the parser
/// refuses texts of 4 GiB or more.
#[derive(Debug, Clone)]
struct NodeData {
    parent: u32,
    /// The next child of `parent`. A first child needs no link: in pre-order it is the next node.
    next_sibling: u32,
    props: Range<u32>,
    /// Offset of the `;` (or of where it is missing).
    start: u32,
}

#[derive(Debug, Clone)]
struct PropData {
    /// Identifier as written.
    ident: Range<u32>,
    /// Normalised identifier: `ident` itself when that is all upper case (nearly always),
    /// else a name stored after the tree's own text.
    name: Range<u32>,
    /// The raw text of the only value (nearly always), or with `many` the places of the
    /// values in the tree's `values`: one value needs no entry of its own there.
    raw: Range<u32>,
    /// `name` in the catalogue.
    code: Code,
    /// Two values or more.
    many: bool,
    /// `ident` differs from `name`.
    renamed: bool,
}

impl PropData {
    /// A property with one value, written as its name.
    #[inline]
    fn one(ident: Range<u32>, raw: Range<u32>, code: Code) -> Self {
        PropData {
            ident: ident.clone(),
            name: ident,
            raw,
            code,
            many: false,
            renamed: false,
        }
    }
}

/// One game tree (record): nodes in document order, so the arena order is a pre-order walk.
/// Dropping it frees flat vectors, so even a very deep tree drops without recursion.
#[derive(Debug, Clone)]
pub struct GameTree {
    /// The tree's own text, `(` to `)`, followed by the normalised identifiers that differ
    /// from the ones written; spans are offsets into the whole text, hence `base`.
    text: Box<str>,
    /// Length of the tree's own text at the start of `text`.
    text_len: usize,
    base: usize,
    nodes: Vec<NodeData>,
    props: Vec<PropData>,
    /// Raw text of every value of the properties with several, between its brackets; a
    /// value's span adds the brackets (only `[` when it runs to the end of the text).
    values: Vec<Range<u32>>,
    /// Problems found inside this tree.
    pub errors: Vec<SgfSyntaxError>,
}

impl GameTree {
    /// Gives back what the parser reserved beyond the tree's size, for a tree that is kept
    /// beside many others.
    pub fn shrink_to_fit(&mut self) {
        self.nodes.shrink_to_fit();
        self.props.shrink_to_fit();
        self.values.shrink_to_fit();
    }

    /// Writes the unwritable control characters ([`crate::text::is_unwritable_control`])
    /// of every value as their pictures (`text::control_picture`) and moves the
    /// arena's offsets to match; identifiers and structure stay. Where a value is read
    /// without the white space around it (a number, point, colour, size: `is_typed`; a
    /// result, a date), a control there is white space to its reader and is dropped
    /// instead: pictured, it would make `KM[\0.5]` unreadable. Spans no longer match the
    /// text the tree was read from.
    pub fn picture_controls(&mut self) {
        // Offsets of the controls (each one byte, its picture three), in text order, and
        // whether each is dropped.
        let mut controls: Vec<(u32, bool)> = Vec::new();
        for prop in &self.props {
            let name = self.slice(&prop.name);
            let trimmed = is_typed(name) || matches!(name, "RE" | "DT");
            for raw in self.raws(prop) {
                let value = self.slice(raw);
                let inner = value.trim_matches(grammar::is_space);
                let lead = value.len() - value.trim_start_matches(grammar::is_space).len();
                let found = value
                    .char_indices()
                    .filter(|&(_, c)| is_unwritable_control(c));
                controls.extend(found.map(|(at, _)| {
                    let edge = at < lead || at >= lead + inner.len();
                    (raw.start + at as u32, trimmed && edge)
                }));
            }
        }
        if controls.is_empty() {
            return;
        }
        controls.sort_unstable();
        // The offset change made by the controls before each: +2 a picture, -1 a drop.
        let mut shift = Vec::with_capacity(controls.len() + 1);
        shift.push(0i64);
        for &(_, dropped) in &controls {
            let last = shift[shift.len() - 1];
            shift.push(last + if dropped { -1 } else { 2 });
        }
        let moved = |offset: u32| {
            let before = controls.partition_point(|&(at, _)| at < offset);
            (i64::from(offset) + shift[before]) as u32
        };
        let moved_range = |r: &mut Range<u32>| *r = moved(r.start)..moved(r.end);
        let mut text = String::with_capacity(self.text.len() + 2 * controls.len());
        let mut from = 0;
        for &(at, dropped) in &controls {
            let at = at as usize;
            text.push_str(&self.text[from..at]);
            if !dropped {
                text.push(control_picture(char::from(self.text.as_bytes()[at])));
            }
            from = at + 1;
        }
        text.push_str(&self.text[from..]);
        self.text = text.into_boxed_str();
        self.text_len = moved(self.text_len as u32) as usize;
        self.values.iter_mut().for_each(moved_range);
        for prop in &mut self.props {
            moved_range(&mut prop.ident);
            moved_range(&mut prop.name);
            if !prop.many {
                moved_range(&mut prop.raw);
            }
        }
        for node in &mut self.nodes {
            node.start = moved(node.start);
        }
    }

    /// Byte span of the tree in the whole text.
    pub fn span(&self) -> Range<usize> {
        self.base..self.base + self.text_len
    }

    /// Number of nodes (at least 1).
    #[inline]
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Always false: a tree holds at least its root.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The root node.
    #[inline]
    pub fn root(&self) -> NodeRef<'_> {
        self.node(NodeId::ROOT)
    }

    /// The node `id`. Ids are only valid for the tree that handed them out.
    ///
    /// # Panics
    /// If `id` does not belong to this tree.
    #[inline]
    pub fn node(&self, id: NodeId) -> NodeRef<'_> {
        let Some(data) = self.nodes.get(id.index()) else {
            panic!("node id from another tree");
        };
        NodeRef {
            tree: self,
            id,
            data,
        }
    }

    /// All nodes in document (pre-)order.
    pub fn nodes(&self) -> impl ExactSizeIterator<Item = NodeRef<'_>> + DoubleEndedIterator + '_ {
        self.nodes.iter().enumerate().map(|(i, data)| NodeRef {
            tree: self,
            id: NodeId(i as u32),
            data,
        })
    }

    /// The nodes from the one at index `from` on, in document order: where a scan that
    /// stopped goes on.
    pub(crate) fn nodes_from(&self, from: usize) -> impl Iterator<Item = NodeRef<'_>> + '_ {
        let rest = self.nodes.get(from..).unwrap_or_default();
        rest.iter().zip(from as u32..).map(|(data, i)| NodeRef {
            tree: self,
            id: NodeId(i),
            data,
        })
    }

    /// The main line: the root, then always the first child.
    pub fn main_line(&self) -> impl Iterator<Item = NodeRef<'_>> + '_ {
        std::iter::successors(Some(self.root()), |n| n.first_child())
    }

    /// The raw ranges of the values of `prop`.
    #[inline]
    fn raws<'a>(&'a self, prop: &'a PropData) -> &'a [Range<u32>] {
        match prop.many {
            true => &self.values[prop.raw.start as usize..prop.raw.end as usize],
            false => std::slice::from_ref(&prop.raw),
        }
    }

    #[inline]
    fn slice(&self, r: &Range<u32>) -> &str {
        &self.text[r.start as usize..r.end as usize]
    }

    /// Offsets in the tree's text as a span in the whole text.
    #[inline]
    fn span_of(&self, start: u32, end: u32) -> Range<usize> {
        self.base + start as usize..self.base + end as usize
    }

    /// The span of the value whose raw text is at `raw`: with its brackets, only `[` when
    /// it runs to the end of the text.
    #[inline]
    fn value_span(&self, raw: &Range<u32>) -> Range<usize> {
        let closed = (raw.end as usize) < self.text_len;
        self.span_of(raw.start - 1, raw.end + u32::from(closed))
    }

    #[inline]
    fn value(&self, raw: &Range<u32>) -> Value<'_> {
        Value {
            raw: self.slice(raw),
            span: self.value_span(raw),
        }
    }
}

/// A node of a [`GameTree`].
#[derive(Debug, Clone, Copy)]
pub struct NodeRef<'t> {
    tree: &'t GameTree,
    id: NodeId,
    data: &'t NodeData,
}

impl<'t> NodeRef<'t> {
    #[inline]
    fn data(&self) -> &'t NodeData {
        self.data
    }

    /// The node `to`, `None` for `NONE`.
    #[inline]
    fn link(&self, to: u32) -> Option<NodeRef<'t>> {
        let data = self.tree.nodes.get(to as usize)?;
        Some(NodeRef {
            tree: self.tree,
            id: NodeId(to),
            data,
        })
    }

    /// This node's id.
    #[inline]
    pub fn id(&self) -> NodeId {
        self.id
    }

    /// True for the root node.
    #[inline]
    pub fn is_root(&self) -> bool {
        self.id == NodeId::ROOT
    }

    /// Byte span from `;` to the end of the last property.
    pub fn span(&self) -> Range<usize> {
        let data = self.data();
        let tree = self.tree;
        let end = match self.props().last() {
            Some(data) => Property { tree, data }.span().end,
            // Just the `;`, or nothing where it is missing.
            None => {
                let semicolon = tree.text.as_bytes()[data.start as usize] == b';';
                tree.base + data.start as usize + usize::from(semicolon)
            }
        };
        tree.base + data.start as usize..end
    }

    /// The node this one follows.
    #[inline]
    pub fn parent(&self) -> Option<NodeRef<'t>> {
        self.link(self.data().parent)
    }

    /// The first continuation (the main line goes on here).
    #[inline]
    pub fn first_child(&self) -> Option<NodeRef<'t>> {
        let next = self.id.0 + 1;
        let data = self.tree.nodes.get(next as usize)?;
        (data.parent == self.id.0).then_some(NodeRef {
            tree: self.tree,
            id: NodeId(next),
            data,
        })
    }

    /// The next alternative to this node.
    #[inline]
    pub fn next_sibling(&self) -> Option<NodeRef<'t>> {
        self.link(self.data().next_sibling)
    }

    /// The continuations, main line first.
    #[inline]
    pub fn children(&self) -> impl Iterator<Item = NodeRef<'t>> + 't {
        std::iter::successors(self.first_child(), |n| n.next_sibling())
    }

    /// Properties in the order written.
    #[inline]
    pub fn properties(&self) -> impl ExactSizeIterator<Item = Property<'t>> + 't {
        self.props().iter().map(|data| Property {
            tree: self.tree,
            data,
        })
    }

    #[inline]
    fn props(&self) -> &'t [PropData] {
        let props = &self.data().props;
        &self.tree.props[props.start as usize..props.end as usize]
    }

    /// Whether two properties of this node have one identifier. Compared by their codes,
    /// one bit each: only identifiers of more than two letters, which share one, by their
    /// text.
    pub(crate) fn repeats_a_property(&self) -> bool {
        let props = self.props();
        let tree = self.tree;
        let mut seen = [0u64; Code::COUNT.div_ceil(64)];
        props.iter().enumerate().any(|(k, p)| {
            if p.code == Code::LONG {
                return props[..k]
                    .iter()
                    .any(|q| q.code == Code::LONG && tree.slice(&q.name) == tree.slice(&p.name));
            }
            let (word, bit) = (p.code.index() / 64, 1u64 << (p.code.index() % 64));
            let repeat = seen[word] & bit != 0;
            seen[word] |= bit;
            repeat
        })
    }

    /// The first property named `ident` (normalised, e.g. `AB` for `AddBlack`).
    pub fn get(&self, ident: &str) -> Option<Property<'t>> {
        self.properties().find(|p| p.ident() == ident)
    }

    /// The first property of the catalogue code `code` (one or two capitals), matched by
    /// the code the parser stored rather than by text.
    pub(crate) fn get_code(&self, code: Code) -> Option<Property<'t>> {
        self.properties().find(|p| p.code() == code)
    }
}

/// A property of a node.
#[derive(Debug, Clone, Copy)]
pub struct Property<'t> {
    tree: &'t GameTree,
    data: &'t PropData,
}

impl<'t> Property<'t> {
    /// The raw ranges of the values.
    #[inline]
    fn raws(&self) -> &'t [Range<u32>] {
        self.tree.raws(self.data)
    }

    /// `FF[4]` identifier: the upper-case letters of the identifier as written
    /// (`AddBlack` → `AB`, `CoPyright` → `CP`).
    #[inline]
    pub fn ident(&self) -> &'t str {
        self.tree.slice(&self.data.name)
    }

    /// [`Property::ident`] in the catalogue.
    #[inline]
    pub(crate) fn code(&self) -> Code {
        self.data.code
    }

    /// The raw text of the value, between its brackets, when the property has one value.
    #[inline]
    pub(crate) fn only_raw(&self) -> Option<&'t [u8]> {
        match self.data.many {
            true => None,
            false => self.raw(),
        }
    }

    /// [`Property::only_raw`] of a property written as its name.
    #[inline]
    pub(crate) fn plain_raw(&self) -> Option<&'t [u8]> {
        // Both flags at one test, where the two came at two.
        match self.data.many | self.data.renamed {
            true => None,
            false => self.raw(),
        }
    }

    /// The bytes of the range the entry holds for a property of one value.
    #[inline]
    fn raw(&self) -> Option<&'t [u8]> {
        let raw = &self.data.raw;
        self.tree
            .text
            .as_bytes()
            .get(raw.start as usize..raw.end as usize)
    }

    /// The identifier as written.
    pub fn raw_ident(&self) -> &'t str {
        self.tree.slice(&self.data.ident)
    }

    /// Whether the identifier is written otherwise than its `FF[4]` name: with lower-case
    /// letters (`AddBlack`, `b`).
    #[inline]
    pub(crate) fn renamed(&self) -> bool {
        self.data.renamed
    }

    /// Byte span of the identifier.
    pub fn ident_span(&self) -> Range<usize> {
        let ident = &self.data.ident;
        self.tree.span_of(ident.start, ident.end)
    }

    /// Byte span from the identifier to the end of the last value.
    pub fn span(&self) -> Range<usize> {
        let ident = &self.data.ident;
        let end = self
            .raws()
            .last()
            .map_or(ident.end as usize + self.tree.base, |raw| {
                self.tree.value_span(raw).end
            });
        self.tree.base + ident.start as usize..end
    }

    /// The values (at least one).
    #[inline]
    pub fn values(&self) -> impl ExactSizeIterator<Item = Value<'t>> + DoubleEndedIterator + 't {
        let tree = self.tree;
        self.raws().iter().map(move |raw| tree.value(raw))
    }

    /// The first value.
    #[inline]
    pub fn value(&self) -> Option<Value<'t>> {
        self.raws().first().map(|raw| self.tree.value(raw))
    }
}
