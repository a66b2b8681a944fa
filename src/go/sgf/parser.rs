//! The iterative tree parser: `(`, `;` and `)` drive an explicit stack, so nesting depth is
//! bounded by memory only; every byte is looked at a bounded number of times (linear time).

use std::collections::VecDeque;
use std::ops::Range;

use memchr::{memchr, memchr2};

use super::grammar::{prop_value, ws};
use super::{Collection, GameTree, NodeData, PropData, SgfSyntaxError, NONE};
use crate::go::properties::Code;

/// Reads every game tree of `text` (already decoded). Text before the first game tree is
/// skipped silently (mail headers, file banners, even with parentheses in them); problems
/// are recorded, never fatal.
pub fn parse(text: &str) -> Collection {
    let mut collection = Collection::default();
    for item in trees(text) {
        match item {
            Ok(mut tree) => {
                // A collection holds many trees at once: give back what was reserved.
                tree.shrink_to_fit();
                collection.games.push(tree);
            }
            Err(error) => collection.errors.push(error),
        }
    }
    collection
}

/// The game trees of `text` one by one, in text order, with the problems found outside
/// them (stray text, no tree at all) as errors where they occur. One tree at a time stays
/// in memory, so a long collection is read in cache-sized steps.
pub fn trees(text: &str) -> Trees<'_> {
    Trees {
        text,
        pos: 0,
        seen_tree: false,
        pending: VecDeque::new(),
        done: false,
    }
}

/// Iterator returned by [`trees`].
#[derive(Debug)]
pub struct Trees<'s> {
    text: &'s str,
    pos: usize,
    seen_tree: bool,
    /// Problems found while looking for the next tree, handed out before it.
    pending: VecDeque<SgfSyntaxError>,
    done: bool,
}

impl Iterator for Trees<'_> {
    type Item = Result<GameTree, SgfSyntaxError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(error) = self.pending.pop_front() {
                return Some(Err(error));
            }
            if self.done {
                return None;
            }
            if let Some(tree) = self.step() {
                return Some(Ok(tree));
            }
        }
    }
}

impl Trees<'_> {
    /// Reads up to the next game tree, queueing the problems met on the way.
    fn step(&mut self) -> Option<GameTree> {
        let text = self.text;
        if u32::try_from(text.len()).is_err() {
            self.done = true;
            self.pending.push_back(SgfSyntaxError::TooLarge {
                span: 0..text.len(),
            });
            return None;
        }
        let open = memchr(b'(', &text.as_bytes()[self.pos..]).map(|k| self.pos + k);
        let gap_end = open.unwrap_or(text.len());
        if let Some(span) = non_space(text, self.pos..gap_end) {
            if self.seen_tree {
                self.pending
                    .push_back(SgfSyntaxError::TextBetweenTrees { span });
            } else if let Some(at) = properties_at(&text[span.clone()]) {
                // The line that holds them, as SGFC points at it.
                let at = span.start + at;
                let start = text[..at]
                    .rfind(['\n', '\r'])
                    .map_or(0, |k| k + 1)
                    .max(span.start);
                let end = text[at..]
                    .find(['\n', '\r'])
                    .map_or(span.end, |k| at + k)
                    .min(span.end);
                self.pending
                    .push_back(SgfSyntaxError::SgfBeforeTree { span: start..end });
            }
        }
        let Some(open) = open else {
            self.done = true;
            if !self.seen_tree {
                self.pending.push_back(SgfSyntaxError::NoGameTree {
                    span: 0..text.len(),
                });
            }
            return None;
        };
        let (tree, errors, end) = TreeParser::new(text, open).run();
        self.pos = end;
        match tree {
            Some(tree) if !tree.props.is_empty() || tree.errors.is_empty() => {
                self.seen_tree = true;
                return Some(tree);
            }
            // Not a record but text with parentheses, like a banner's "(c) 2020": silent
            // before the first record, stray text after it.
            Some(_) if self.seen_tree => {
                self.pending
                    .push_back(SgfSyntaxError::TextBetweenTrees { span: open..end });
            }
            None if self.seen_tree => self.pending.extend(errors),
            _ => {}
        }
        None
    }
}

/// Where `text` first holds what reads as SGF properties: one or two capitals standing
/// alone (not the end of a word) right before a `[`, as in `GM[1]` or `;B[pd]`, or a
/// value right after another (`[aa][bb]`).
fn properties_at(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    memchr::memchr_iter(b'[', bytes).find(|&at| {
        // Two values in a row (`[aa][bb]`), values of a property list without its name.
        if at > 0 && bytes[at - 1] == b']' {
            return true;
        }
        // At most three letters back: linear however long a run of capitals.
        let ident = bytes[at.saturating_sub(3)..at]
            .iter()
            .rev()
            .take_while(|b| b.is_ascii_uppercase())
            .count();
        let before = at.checked_sub(ident + 1).map(|k| bytes[k]);
        (1..=2).contains(&ident) && before.is_none_or(|c| !c.is_ascii_alphanumeric())
    })
}

/// The part of `span` between its first and last non-space characters, if any.
fn non_space(text: &str, span: Range<usize>) -> Option<Range<usize>> {
    let s = &text[span.clone()];
    let start = span.start + s.find(|c| !super::grammar::is_space(c))?;
    let end = span.start + s.trim_end_matches(super::grammar::is_space).len();
    Some(start..end)
}

/// One open `(` on the explicit stack.
struct Open {
    /// The node new nodes of this variation hang from (`NONE` before the root exists).
    attach: u32,
    /// Offset of the `(`.
    at: usize,
    /// A node was read directly inside this variation.
    has_node: bool,
    /// A sub-variation of this one has been closed.
    closed_child: bool,
}

struct TreeParser<'s> {
    /// The text from the tree's `(` on: offsets here are the arena's; errors add `base`.
    text: &'s str,
    /// Offset of the tree's `(` in the whole text.
    base: usize,
    pos: usize,
    nodes: Vec<NodeData>,
    props: Vec<PropData>,
    values: Vec<Range<u32>>,
    /// Normalised identifiers that differ from the identifiers as written (legacy long
    /// names), stored after the tree's text once that is complete.
    names: String,
    /// The properties whose names are in `names`.
    renamed: Vec<usize>,
    errors: Vec<SgfSyntaxError>,
}

/// One byte in every byte of a word.
const EVERY_BYTE: u64 = u64::from_le_bytes([1; 8]);

/// The offset after the white space at `pos` (the `ws` rule). Separators are nearly always
/// ASCII (line breaks, spaces): those are decided byte by byte, other characters by the rule.
/// In ASCII, `is_space` holds exactly for the bytes that are not graphic (0x00–0x20, 0x7F).
#[inline]
fn skip_ws(text: &str, mut pos: usize) -> usize {
    let bytes = text.as_bytes();
    while let Some(&b) = bytes.get(pos) {
        if b.is_ascii_graphic() {
            return pos;
        }
        if !b.is_ascii() {
            return ws(&text[pos..]).map_or(pos, |(rest, _)| text.len() - rest.len());
        }
        pos += 1;
    }
    pos
}

/// The end of the identifier at `pos` (the `prop_ident` rule: ASCII letters; empty when
/// there is none) and whether it has lower-case letters.
#[inline]
fn ident_end(bytes: &[u8], mut pos: usize) -> (usize, bool) {
    let mut lower = false;
    while let Some(&b) = bytes.get(pos) {
        match b {
            b'A'..=b'Z' => {}
            b'a'..=b'z' => lower = true,
            _ => break,
        }
        pos += 1;
    }
    (pos, lower)
}

/// Where the raw text ends of the value whose `[` is at `open` (the `prop_value` rule);
/// `None` when no `]` closes it. A short value without escapes, as every move's point and
/// time left, ends in the eight bytes after the `[`: they are looked at as one word. A longer
/// one (a comment) is read on by memchr.
#[inline]
fn value_end(text: &str, open: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let Some(word) = bytes[open + 1..].first_chunk::<8>() else {
        return value_end_from(text, open + 1);
    };
    // `]` and `\` differ in their lowest bit only: with it set, both read `]`, and the
    // bytes that do are zero after the `^`. The lowest high bit of `found` is exactly the
    // first zero byte (a borrow only runs upwards from one).
    let x = (u64::from_le_bytes(*word) | EVERY_BYTE) ^ (u64::from(b']') * EVERY_BYTE);
    let found = x.wrapping_sub(EVERY_BYTE) & !x & (EVERY_BYTE << 7);
    if found == 0 {
        return value_end_from(text, open + 9);
    }
    let at = open + 1 + (found.trailing_zeros() / 8) as usize;
    if bytes[at] == b']' {
        Some(at)
    } else {
        value_end_from(text, at)
    }
}

/// [`value_end`] from `k` inside the value, by memchr, which jumps from one `]` or `\` to
/// the next: neither is ever a byte of a multi-byte character.
fn value_end_from(text: &str, mut k: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    loop {
        let at = k + memchr2(b']', b'\\', &bytes[k..])?;
        if bytes[at] == b']' {
            return Some(at);
        }
        // The escape and the whole character it escapes.
        k = at + 1 + text[at + 1..].chars().next().map_or(0, char::len_utf8);
    }
}

/// Whether a move like `B[pd]` starts at `pos`: a one-letter identifier and a two-byte value
/// without `]` or `\`, which the `prop_ident` and `prop_value` rules would read just so.
#[inline]
fn is_move(bytes: &[u8], pos: usize) -> bool {
    matches!(
        bytes.get(pos..pos + 5),
        Some(&[b'A'..=b'Z', b'[', x, y, b']'])
            if !matches!(x, b']' | b'\\') && !matches!(y, b']' | b'\\')
    )
}

/// Where the identifier at `pos` ends, and its code, when it is one or two capitals right
/// before a `[` (`BL[`, `C[`, nearly every property): the end the `prop_ident` rule and
/// the white space after it would give, without either.
#[inline]
fn capitals_then_value(bytes: &[u8], pos: usize) -> Option<(usize, Code)> {
    let capital = |k: usize| bytes.get(k).copied().filter(u8::is_ascii_uppercase);
    let first = capital(pos)?;
    let (end, code) = match capital(pos + 1) {
        Some(second) => (pos + 2, Code::pair(first, second)),
        None => (pos + 1, Code::letter(first)),
    };
    (bytes.get(end) == Some(&b'[')).then_some((end, code))
}

/// Whether the word of letters at `pos` is no identifier but text: it has no upper-case
/// letter and no value follows it (`illegal_chars FF[4]`). SGFC skips such words too; a
/// lower-case identifier with a value (`b[aa]`) is read.
fn junk_word(text: &str, pos: usize) -> bool {
    let bytes = text.as_bytes();
    let (end, _) = ident_end(bytes, pos);
    bytes[pos..end].iter().all(u8::is_ascii_lowercase)
        && bytes.get(skip_ws(text, end)) != Some(&b'[')
}

/// Offsets fit in `u32`: `parse` rejects longer texts.
fn off(n: usize) -> u32 {
    n as u32
}

impl<'s> TreeParser<'s> {
    fn new(text: &'s str, open: usize) -> Self {
        // A move node takes six or seven bytes (`;B[pd]`, a line break now and then):
        // reserving for a node per five bytes, up to a long game's length, saves the
        // vectors' regrowth. Server files write the time left beside every move, so
        // properties get room for two a node; values of their own only lists have.
        let nodes = ((text.len() - open) / 5).min(512);
        Self {
            text: &text[open..],
            base: open,
            pos: 0,
            nodes: Vec::with_capacity(nodes),
            props: Vec::with_capacity(2 * nodes),
            values: Vec::new(),
            names: String::new(),
            renamed: Vec::new(),
            errors: Vec::new(),
        }
    }

    /// `span` in the tree's text as a span in the whole text.
    fn span(&self, span: Range<usize>) -> Range<usize> {
        self.base + span.start..self.base + span.end
    }

    /// Parses the tree whose `(` starts the text; returns it (`None` if it holds no node),
    /// its errors when there is no tree to carry them, and the offset after it in the whole
    /// text.
    fn run(mut self) -> (Option<GameTree>, Vec<SgfSyntaxError>, usize) {
        self.pos += 1;
        let mut stack = vec![Open {
            attach: NONE,
            at: 0,
            has_node: false,
            closed_child: false,
        }];
        let mut cur = NONE;
        let mut garbage: Option<Range<usize>> = None;
        // `(` minus `)` as written, every one counted, as the cut between trees counts them
        // (src/go/cut.rs): the tree ends where this reaches 0, whatever the stack holds.
        let mut written_depth = 1usize;
        loop {
            self.pos = skip_ws(self.text, self.pos);
            let Some(&b) = self.text.as_bytes().get(self.pos) else {
                self.flush(&mut garbage);
                self.errors.push(SgfSyntaxError::UnclosedGameTree {
                    span: self.span(0..1),
                });
                break;
            };
            let depth = stack.len();
            let Some(top) = stack.last_mut() else { break };
            let implicit_node = b.is_ascii_alphabetic()
                && !top.has_node
                && !top.closed_child
                && !junk_word(self.text, self.pos);
            if !matches!(b, b'(' | b')' | b';') && !implicit_node {
                self.skip_garbage(&mut garbage);
                continue;
            }
            self.flush(&mut garbage);
            match b {
                // `((`: as SGFC, the `(` that opens no node is ignored; its `)` then closes
                // the variation around it.
                b'(' if depth > 1 && !top.has_node && !top.closed_child => {
                    self.errors.push(SgfSyntaxError::IllegalVariationStart {
                        span: self.span(self.pos..self.pos + 1),
                    });
                    self.pos += 1;
                    written_depth += 1;
                }
                b'(' => {
                    written_depth += 1;
                    if cur == NONE {
                        self.errors.push(SgfSyntaxError::MissingRootNode {
                            span: self.span(self.pos..self.pos + 1),
                        });
                        cur = self.add_node(NONE, self.pos);
                        top.has_node = true;
                    }
                    stack.push(Open {
                        attach: cur,
                        at: self.pos,
                        has_node: false,
                        closed_child: false,
                    });
                    self.pos += 1;
                }
                b')' => {
                    self.pos += 1;
                    written_depth -= 1;
                    if !top.has_node && !top.closed_child {
                        self.errors.push(SgfSyntaxError::EmptyGameTree {
                            span: self.span(top.at..self.pos),
                        });
                    }
                    cur = top.attach;
                    stack.pop();
                    match stack.last_mut() {
                        Some(_) if written_depth == 0 => {
                            // Only after a node after a variation: the variation opened for
                            // it is still open, so this `)` ends the tree as written.
                            self.close_opened(stack.len());
                            break;
                        }
                        Some(outer) => outer.closed_child = true,
                        None => break,
                    }
                }
                _ => {
                    let at = self.pos;
                    if b == b';' {
                        if top.closed_child {
                            // As SGFC reads it: the `(` before the node is missing, and the
                            // variation it opens is closed by the next `)`.
                            let span = self.span(at..at + 1);
                            self.errors
                                .push(SgfSyntaxError::NodeAfterVariation { span });
                            stack.push(Open {
                                attach: cur,
                                at,
                                has_node: true,
                                closed_child: false,
                            });
                        }
                        self.pos += 1;
                    } else {
                        self.errors.push(SgfSyntaxError::MissingSemicolon {
                            span: self.span(at..at),
                        });
                    }
                    if let Some(top) = stack.last_mut() {
                        top.has_node = true;
                    }
                    cur = self.sequence(cur, at);
                }
            }
        }
        let end = self.base + self.pos;
        if self.nodes.is_empty() {
            return (None, self.errors, end);
        }
        let text_len = self.pos;
        let mut text = String::with_capacity(text_len + self.names.len());
        text.push_str(&self.text[..text_len]);
        text.push_str(&self.names);
        for &index in &self.renamed {
            let name = &mut self.props[index].name;
            *name = name.start + off(text_len)..name.end + off(text_len);
        }
        let tree = GameTree {
            text: text.into(),
            text_len,
            base: self.base,
            nodes: self.nodes,
            props: self.props,
            values: self.values,
            errors: self.errors,
        };
        (Some(tree), Vec::new(), end)
    }

    /// Takes the `)` that close the `open` variations still open where the tree ended as
    /// written (`(;a(;b);c))`: the last `)` closes what the node after the variation
    /// opened), so that no stray `)` is left between trees. Only `)` and white space are
    /// taken: the cut between trees (src/go/cut.rs) falls at the next `(`, after them.
    #[cold]
    fn close_opened(&mut self, mut open: usize) {
        while open > 0 {
            let at = skip_ws(self.text, self.pos);
            if self.text.as_bytes().get(at) != Some(&b')') {
                break;
            }
            self.pos = at + 1;
            open -= 1;
        }
    }

    /// Skips one character, one word, or one whole `[...]` so that brackets in skipped
    /// text cannot derail the structure.
    fn skip_garbage(&mut self, garbage: &mut Option<Range<usize>>) {
        let start = self.pos;
        let rest = &self.text[start..];
        self.pos = match prop_value(rest) {
            Ok((after, _)) => self.text.len() - after.len(),
            Err(nom::Err::Failure(_)) => self.text.len(),
            Err(_) => match ident_end(self.text.as_bytes(), start) {
                (end, _) if end > start => end,
                _ => start + rest.chars().next().map_or(1, char::len_utf8),
            },
        };
        match garbage {
            Some(g) => g.end = self.pos,
            None => *garbage = Some(start..self.pos),
        }
    }

    fn flush(&mut self, garbage: &mut Option<Range<usize>>) {
        if let Some(span) = garbage.take() {
            let span = self.span(span);
            self.errors.push(SgfSyntaxError::UnexpectedText { span });
        }
    }

    #[inline]
    fn add_node(&mut self, parent: u32, at: usize) -> u32 {
        let id = off(self.nodes.len());
        if parent != NONE && parent + 1 != id {
            // Not the first child (that is the next node in pre-order): link it behind its
            // previous sibling, the child of `parent` that holds the node before it. The walk
            // up only crosses nodes whose subtrees are complete, each once: linear in total.
            let mut previous = id - 1;
            while self.nodes[previous as usize].parent != parent {
                previous = self.nodes[previous as usize].parent;
            }
            self.nodes[previous as usize].next_sibling = id;
        }
        let props = off(self.props.len());
        self.nodes.push(NodeData {
            parent,
            next_sibling: NONE,
            props: props..props,
            start: off(at),
        });
        id
    }

    /// Adds the node at `at` as the first child of the newest node: the step along a
    /// sequence, with no sibling to link.
    #[inline]
    fn add_continuation(&mut self, at: usize) -> u32 {
        let id = off(self.nodes.len());
        let props = off(self.props.len());
        self.nodes.push(NodeData {
            parent: id - 1,
            next_sibling: NONE,
            props: props..props,
            start: off(at),
        });
        id
    }

    /// Reads the node at `at` (its `;`, if any, already consumed) as a child of `parent`, and
    /// the nodes that follow it directly (`;B[pd];W[dp]…`, the bulk of every record) with a
    /// local cursor; returns the last node read.
    fn sequence(&mut self, parent: u32, at: usize) -> u32 {
        let text = self.text;
        let bytes = text.as_bytes();
        let mut node = self.add_node(parent, at);
        let mut pos = skip_ws(text, self.pos);
        loop {
            if bytes.get(pos) == Some(&b';') {
                self.nodes[node as usize].props.end = off(self.props.len());
                node = self.add_continuation(pos);
                pos = skip_ws(text, pos + 1);
                continue;
            }
            let ident_start = pos;
            // The code too where the identifier's reading tells it, and the first value
            // where that reading took it.
            let (ident_end, lower, known, mut first) = if is_move(bytes, pos) {
                // Identifier and value at one look.
                let raw = off(pos + 2)..off(pos + 4);
                let code = Code::letter(bytes[ident_start]);
                pos = skip_ws(text, pos + 5);
                if bytes.get(pos) != Some(&b'[') {
                    // The whole property, as nearly always.
                    let ident = off(ident_start)..off(ident_start + 1);
                    self.props.push(PropData::one(ident, raw, code));
                    continue;
                }
                (ident_start + 1, false, Some(code), Some(raw))
            } else if let Some((end, code)) = capitals_then_value(bytes, pos) {
                match value_end(text, end) {
                    Some(raw_end) => {
                        let raw = off(end + 1)..off(raw_end);
                        pos = skip_ws(text, raw_end + 1);
                        if bytes.get(pos) != Some(&b'[') {
                            // One value, as a time left or a comment: the whole property.
                            let ident = off(ident_start)..off(end);
                            self.props.push(PropData::one(ident, raw, code));
                            continue;
                        }
                        (end, false, Some(code), Some(raw))
                    }
                    // Unterminated: the general reading reports it.
                    None => {
                        pos = end;
                        (end, false, Some(code), None)
                    }
                }
            } else {
                let (end, lower) = ident_end(bytes, ident_start);
                if end == ident_start {
                    if matches!(bytes.get(pos), None | Some(b'(' | b')')) {
                        self.nodes[node as usize].props.end = off(self.props.len());
                        break;
                    }
                    pos = self.skip_junk(pos);
                    continue;
                }
                pos = skip_ws(text, end);
                if lower && bytes.get(pos) != Some(&b'[') && junk_word(text, ident_start) {
                    pos = self.skip_junk(ident_start);
                    continue;
                }
                (end, lower, None, None)
            };
            let ident = off(ident_start)..off(ident_end);
            let (name, code) = if lower {
                let name = self.name(ident_start..ident_end);
                let code = Code::of(&self.names.as_bytes()[name.start as usize..name.end as usize]);
                (name, code)
            } else {
                let code = known.unwrap_or_else(|| Code::of(&bytes[ident_start..ident_end]));
                (ident.clone(), code)
            };
            // A second value moves the first one into `values`, beside the others.
            let values_start = off(self.values.len());
            while bytes.get(pos) == Some(&b'[') {
                let raw_end = value_end(text, pos);
                let raw = off(pos + 1)..off(raw_end.unwrap_or(text.len()));
                match &first {
                    None => first = Some(raw),
                    Some(one) => {
                        if off(self.values.len()) == values_start {
                            self.values.push(one.clone());
                        }
                        self.values.push(raw);
                    }
                }
                let Some(raw_end) = raw_end else {
                    let span = self.span(pos..text.len());
                    self.errors.push(SgfSyntaxError::UnterminatedValue { span });
                    pos = text.len();
                    break;
                };
                pos = skip_ws(text, raw_end + 1);
            }
            let Some(first) = first else {
                let span = self.span(ident_start..ident_end);
                self.errors.push(SgfSyntaxError::MissingValue { span });
                if lower {
                    self.names.truncate(name.start as usize);
                }
                continue;
            };
            if lower {
                self.renamed.push(self.props.len());
            }
            let values_end = off(self.values.len());
            self.props.push(match values_end > values_start {
                true => PropData {
                    ident,
                    name,
                    raw: values_start..values_end,
                    code,
                    many: true,
                    renamed: lower,
                },
                false => PropData {
                    ident,
                    name,
                    raw: first,
                    code,
                    many: false,
                    renamed: lower,
                },
            });
        }
        self.pos = pos;
        node
    }

    /// Skips the text at `start` that holds no property (stray `]`, digits, words without
    /// an upper-case letter or a value, values without an identifier) up to where one can
    /// be read again: an identifier, a `;`, `(` or `)`, or the end. Reports it, without
    /// the white space after it, as unexpected text; returns where reading resumes.
    #[cold]
    fn skip_junk(&mut self, start: usize) -> usize {
        let text = self.text;
        let bytes = text.as_bytes();
        let (mut pos, mut end) = (start, start);
        while let Some(&b) = bytes.get(pos) {
            pos = match b {
                b';' | b'(' | b')' => break,
                // A value without an identifier, skipped whole: its text may hold anything.
                b'[' => value_end(text, pos).map_or(text.len(), |raw_end| raw_end + 1),
                b'A'..=b'Z' | b'a'..=b'z' if !junk_word(text, pos) => break,
                b'A'..=b'Z' | b'a'..=b'z' => ident_end(bytes, pos).0,
                _ => {
                    let after_space = skip_ws(text, pos);
                    if after_space > pos {
                        pos = after_space;
                        continue;
                    }
                    pos + text[pos..].chars().next().map_or(1, char::len_utf8)
                }
            };
            end = pos;
        }
        let span = self.span(start..end);
        self.errors.push(SgfSyntaxError::UnexpectedText { span });
        pos
    }

    /// Stores the normalised name of an identifier with lower-case letters: its upper-case
    /// letters, or all of it in upper case when it has none. The range is in `names`.
    #[cold]
    fn name(&mut self, span: Range<usize>) -> Range<u32> {
        let ident = &self.text[span.clone()];
        let span = self.span(span);
        let name_start = self.names.len();
        self.names
            .extend(ident.chars().filter(char::is_ascii_uppercase));
        if self.names.len() == name_start {
            self.errors
                .push(SgfSyntaxError::LowercaseIdentifier { span });
            self.names.push_str(&ident.to_ascii_uppercase());
        }
        off(name_start)..off(self.names.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::sgf::NodeId;

    fn idents(tree: &GameTree) -> Vec<Vec<String>> {
        tree.nodes()
            .map(|n| n.properties().map(|p| p.ident().to_owned()).collect())
            .collect()
    }

    #[test]
    fn collection_of_trees_with_variations() {
        let c = parse("junk (;FF[4]GM[1];B[aa](;W[bb];B[cc])(;W[cd]))\n(;GM[1])");
        assert!(c.errors.is_empty(), "{:?}", c.errors);
        assert_eq!(c.games.len(), 2);
        let g = &c.games[0];
        assert!(g.errors.is_empty());
        assert_eq!(g.len(), 5);
        let b = g.root().first_child().expect("B node");
        let kids: Vec<_> = b.children().map(|n| n.id()).collect();
        assert_eq!(kids.len(), 2);
        assert_eq!(g.node(kids[1]).parent().map(|p| p.id()), Some(b.id()));
        assert_eq!(g.main_line().count(), 4);
        assert_eq!(g.span(), 5..46);
    }

    #[test]
    fn spans_and_values() {
        let text = "(;C[a\\]b] AB[aa] [bb])";
        let c = parse(text);
        let root = c.games[0].root();
        let cmt = root.get("C").and_then(|p| p.value()).expect("C");
        assert_eq!(cmt.raw, "a\\]b");
        assert_eq!(&text[cmt.span.clone()], "[a\\]b]");
        let ab = root.get("AB").expect("AB");
        assert_eq!(ab.values().count(), 2);
        assert_eq!(&text[ab.span()], "AB[aa] [bb]");
        assert_eq!(&text[root.span()], ";C[a\\]b] AB[aa] [bb]");
    }

    #[test]
    fn legacy_long_identifiers() {
        let c = parse("(;CoPyright[x]AddBlack[aa];Black[qd]White[dd])");
        assert_eq!(idents(&c.games[0]), [vec!["CP", "AB"], vec!["B", "W"]]);
        assert_eq!(
            c.games[0].root().get("AB").map(|p| p.raw_ident()),
            Some("AddBlack")
        );
    }

    #[test]
    fn missing_semicolon_after_paren() {
        let c = parse("(\r\nTE[x]\r\nRE[B+R]\r\n;B[aa])");
        let g = &c.games[0];
        assert_eq!(idents(g), [vec!["TE", "RE"], vec!["B"]]);
        assert!(matches!(
            g.errors[..],
            [SgfSyntaxError::MissingSemicolon { .. }]
        ));
    }

    #[test]
    fn unterminated_value_at_eof() {
        let c = parse("(;B[aa];C[oops");
        let g = &c.games[0];
        assert_eq!(g.len(), 2);
        assert_eq!(
            g.node(NodeId(1))
                .get("C")
                .and_then(|p| p.value())
                .map(|v| v.raw),
            Some("oops")
        );
        let codes: Vec<_> = g.errors.iter().map(|e| e.code()).collect();
        assert_eq!(codes, ["unterminated-value", "unclosed-game-tree"]);
    }

    #[test]
    fn garbage_between_nodes_is_skipped() {
        let c = parse("(;B[aa] 12 ]x ;W[bb])");
        let g = &c.games[0];
        assert_eq!(g.len(), 2);
        assert_eq!(g.errors, [SgfSyntaxError::UnexpectedText { span: 8..13 }]);
    }

    #[test]
    fn odd_structures_recover() {
        let c = parse("((;B[aa])(;B[bb]))");
        assert_eq!(c.games[0].len(), 3);
        assert_eq!(c.games[0].errors[0].code(), "missing-root-node");
        let c = parse("(;a[1]B[aa]x)");
        let codes: Vec<_> = c.games[0].errors.iter().map(|e| e.code()).collect();
        assert_eq!(codes, ["lowercase-identifier", "unexpected-text"]);
        assert_eq!(idents(&c.games[0]), [vec!["A", "B"]]);
        let c = parse("(;B[aa](;W[bb]);W[cc]())");
        let codes: Vec<_> = c.games[0].errors.iter().map(|e| e.code()).collect();
        assert_eq!(codes, ["node-after-variation", "empty-game-tree"]);
        assert_eq!(c.games[0].root().children().count(), 2);
        let c = parse("no tree here");
        assert_eq!(c.errors[0].code(), "no-game-tree");
        let c = parse("Record (c) 2020 () (;B[aa]) x ()");
        assert_eq!(c.games.len(), 1);
        let codes: Vec<_> = c.errors.iter().map(|e| e.code()).collect();
        assert_eq!(codes, ["text-between-trees", "empty-game-tree"]);
    }

    #[test]
    fn junk_is_skipped_up_to_the_next_property() {
        let text = "(; illegal_chars FF[4]\n C[abc] 12 ]x Foo ]\n;[aa][bb] N[keep]\n;C[x])";
        let c = parse(text);
        let g = &c.games[0];
        assert_eq!(idents(g), [vec!["FF", "C"], vec!["N"], vec!["C"]]);
        let found: Vec<_> = g
            .errors
            .iter()
            .map(|e| (e.code(), &text[e.span()]))
            .collect();
        assert_eq!(
            found,
            [
                ("unexpected-text", "illegal_chars"),
                ("unexpected-text", "12 ]x"),
                ("missing-value", "Foo"),
                ("unexpected-text", "]"),
                ("unexpected-text", "[aa][bb]"),
            ]
        );
        // A lower-case identifier with a value is a property, after junk too.
        let c = parse("(;GM[1] 12 b[aa] x　[bb])");
        assert_eq!(idents(&c.games[0]), [vec!["GM", "B", "X"]]);
        // Junk before the root's properties opens no node of its own.
        let c = parse("( junk ;GM[1])");
        assert_eq!(idents(&c.games[0]), [vec!["GM"]]);
        let codes: Vec<_> = c.games[0].errors.iter().map(|e| e.code()).collect();
        assert_eq!(codes, ["unexpected-text"]);
    }

    #[test]
    fn node_after_variation_opens_one() {
        let text = "(;FF[4](;C[var 1]) ;C[var 2]))\n(;GM[1])";
        let c = parse(text);
        assert!(c.errors.is_empty(), "{:?}", c.errors);
        assert_eq!(c.games.len(), 2);
        let g = &c.games[0];
        assert_eq!(g.span(), 0..30);
        assert_eq!(g.root().children().count(), 2);
        assert_eq!(
            g.errors,
            [SgfSyntaxError::NodeAfterVariation { span: 19..20 }]
        );
        // Its `)` closes what it opened, and the tree's `)` closes the tree.
        let c = parse("(;a[1](;B[aa]);B[bb];W[cc](;B[dd]);B[ee])) ) (;GM[1])");
        assert!(c.errors.is_empty(), "{:?}", c.errors);
        let g = &c.games[0];
        let codes: Vec<_> = g.errors.iter().map(|e| e.code()).collect();
        assert_eq!(
            codes,
            [
                "lowercase-identifier",
                "node-after-variation",
                "node-after-variation"
            ]
        );
        assert_eq!(g.root().children().count(), 2);
        let w = g.node(NodeId(3));
        assert!(w.get("W").is_some());
        assert_eq!(w.children().count(), 2);
        assert_eq!(g.span().end, 44);
        // The tree ends where its `)` as written do: a stray `)` too many stays outside.
        let c = parse("(;a[1](;B[aa]);B[bb])) )");
        assert_eq!(c.games[0].span().end, 22);
        assert_eq!(c.errors[0].code(), "text-between-trees");
    }

    /// The parser's byte-level readings of white space, identifiers and values agree with
    /// the grammar's rules on every text, including non-ASCII spaces and escapes.
    #[test]
    fn fast_paths_agree_with_the_grammar() {
        use super::super::grammar::prop_ident;
        let pieces = [
            " ", "\n", "\r", "\t", "\u{0}", "\u{7f}", "\u{a0}", "\u{3000}", "\u{85}", "[", "]",
            "\\", "B", "w", "pd", "黑", "é", ";", "(", ")", ":", "0", "W[", "[pd]", "[é]", "[\\]",
        ];
        let mut moves = 0;
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        for _ in 0..20_000 {
            let mut text = String::new();
            for _ in 0..12 {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                text.push_str(pieces[(state % pieces.len() as u64) as usize]);
            }
            // Every suffix: the readings start wherever the parser's cursor may be.
            for (at, _) in text.char_indices() {
                let tail = &text[at..];
                let (rest, _) = ws(tail).expect("ws never fails");
                assert_eq!(
                    skip_ws(&text, at),
                    text.len() - rest.len(),
                    "ws on {tail:?}"
                );
                let (end, lower) = ident_end(text.as_bytes(), at);
                let by_rule = prop_ident(tail).ok().map(|(_, ident)| ident);
                let ident = &text[at..end];
                assert_eq!((end > at).then_some(ident), by_rule, "ident on {tail:?}");
                assert_eq!(lower, ident.bytes().any(|b| b.is_ascii_lowercase()));
                if tail.starts_with('[') {
                    let by_rule = prop_value(tail).ok().map(|(_, raw)| at + 1 + raw.len());
                    assert_eq!(value_end(&text, at), by_rule, "value on {tail:?}");
                }
                let move_by_rules = prop_ident(tail).is_ok_and(|(rest, ident)| {
                    let value = prop_value(rest).map(|(_, raw)| raw);
                    ident.len() == 1
                        && ident.bytes().all(|b| b.is_ascii_uppercase())
                        && value.is_ok_and(|raw| raw.len() == 2 && !raw.contains('\\'))
                });
                let short_by_rules = prop_ident(tail).ok().and_then(|(rest, ident)| {
                    (ident.len() <= 2
                        && ident.bytes().all(|b| b.is_ascii_uppercase())
                        && rest.starts_with('['))
                    .then_some((at + ident.len(), Code::of(ident.as_bytes())))
                });
                assert_eq!(
                    capitals_then_value(text.as_bytes(), at),
                    short_by_rules,
                    "short identifier on {tail:?}"
                );
                let found = is_move(text.as_bytes(), at);
                assert_eq!(found, move_by_rules, "move on {tail:?}");
                moves += usize::from(found);
            }
        }
        assert!(moves > 100, "only {moves} moves among the texts");
    }

    #[test]
    fn deep_nesting_is_iterative() {
        let n = 100_000;
        let text = format!("(;GM[1]{}{})", "(;B[aa]".repeat(n), ")".repeat(n));
        let c = parse(&text);
        assert!(c.games[0].errors.is_empty());
        assert_eq!(c.games[0].len(), n + 1);
        assert_eq!(c.games[0].main_line().count(), n + 1);
    }
}
