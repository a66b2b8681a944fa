//! The iterative tree parser: `(`, `;` and `)` drive an explicit stack, so nesting depth is
//! bounded by memory only; every byte is looked at a bounded number of times (linear time).

use std::collections::VecDeque;
use std::ops::Range;

use memchr::memchr;

use super::grammar::{prop_value, ws};
use super::{Collection, GameTree, NodeData, PropData, SgfSyntaxError, ValueData, NONE};

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
        if self.seen_tree {
            if let Some(span) = non_space(text, self.pos..gap_end) {
                self.pending
                    .push_back(SgfSyntaxError::TextBetweenTrees { span });
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
    text: &'s str,
    pos: usize,
    names: String,
    nodes: Vec<NodeData>,
    props: Vec<PropData>,
    values: Vec<ValueData>,
    /// Last child of every node, so appending a sibling is O(1).
    last_child: Vec<u32>,
    errors: Vec<SgfSyntaxError>,
}

/// Values up to this many bytes are looked for without the grammar's memchr.
const SHORT_VALUE: usize = 8;

/// White space or a control character in ASCII (`is_space` restricted to 0x00–0x7F).
fn is_ascii_space(b: u8) -> bool {
    b <= b' ' || b == 0x7f
}

/// Offsets fit in `u32`: `parse` rejects longer texts.
fn off(n: usize) -> u32 {
    n as u32
}

impl<'s> TreeParser<'s> {
    fn new(text: &'s str, open: usize) -> Self {
        // A move node takes about seven bytes (`;B[pd]` and a line break): reserving for
        // that many, up to a typical game's length, saves the vectors' regrowth.
        let nodes = ((text.len() - open) / 7).min(256);
        Self {
            text,
            pos: open,
            names: String::with_capacity(nodes),
            nodes: Vec::with_capacity(nodes),
            props: Vec::with_capacity(nodes),
            values: Vec::with_capacity(nodes),
            last_child: Vec::with_capacity(nodes),
            errors: Vec::new(),
        }
    }

    /// Skips white space (the `ws` rule). Separators are nearly always ASCII (line breaks,
    /// spaces): those are decided here byte by byte, other characters by the rule.
    fn skip_ws(&mut self) {
        let bytes = self.text.as_bytes();
        while let Some(&b) = bytes.get(self.pos) {
            if !b.is_ascii() {
                if let Ok((rest, _)) = ws(&self.text[self.pos..]) {
                    self.pos = self.text.len() - rest.len();
                }
                return;
            }
            if !is_ascii_space(b) {
                return;
            }
            self.pos += 1;
        }
    }

    /// The identifier at the cursor (the `prop_ident` rule: ASCII letters), if any.
    fn ident(&self) -> Option<&'s str> {
        let rest = &self.text[self.pos..];
        let len = rest
            .bytes()
            .position(|b| !b.is_ascii_alphabetic())
            .unwrap_or(rest.len());
        (len > 0).then(|| &rest[..len])
    }

    /// Where the raw text ends of the value whose `[` is at the cursor (the `prop_value`
    /// rule); `None` when no `]` closes it. A short value without escapes, as every move's
    /// point, is found by a direct look at the next bytes; the rule reads the rest.
    fn value_end(&self) -> Option<usize> {
        let rest = &self.text[self.pos..];
        for (k, &b) in rest.as_bytes().iter().enumerate().skip(1).take(SHORT_VALUE) {
            match b {
                b']' => return Some(self.pos + k),
                b'\\' => break,
                _ => {}
            }
        }
        let (_, raw) = prop_value(rest).ok()?;
        Some(self.pos + 1 + raw.len())
    }

    /// Parses the tree whose `(` is at `self.pos`; returns it (`None` if it holds no node),
    /// its errors when there is no tree to carry them, and the offset after it.
    fn run(mut self) -> (Option<GameTree>, Vec<SgfSyntaxError>, usize) {
        let start = self.pos;
        self.pos += 1;
        let mut stack = vec![Open {
            attach: NONE,
            at: start,
            has_node: false,
            closed_child: false,
        }];
        let mut cur = NONE;
        let mut garbage: Option<Range<usize>> = None;
        loop {
            self.skip_ws();
            let Some(&b) = self.text.as_bytes().get(self.pos) else {
                self.flush(&mut garbage);
                self.errors.push(SgfSyntaxError::UnclosedGameTree {
                    span: start..start + 1,
                });
                break;
            };
            let Some(top) = stack.last_mut() else { break };
            let implicit_node = b.is_ascii_alphabetic() && !top.has_node && !top.closed_child;
            if !matches!(b, b'(' | b')' | b';') && !implicit_node {
                self.skip_garbage(&mut garbage);
                continue;
            }
            self.flush(&mut garbage);
            match b {
                b'(' => {
                    if cur == NONE {
                        self.errors.push(SgfSyntaxError::MissingRootNode {
                            span: self.pos..self.pos + 1,
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
                    if !top.has_node && !top.closed_child {
                        self.errors.push(SgfSyntaxError::EmptyGameTree {
                            span: top.at..self.pos,
                        });
                    }
                    cur = top.attach;
                    stack.pop();
                    match stack.last_mut() {
                        Some(outer) => outer.closed_child = true,
                        None => break,
                    }
                }
                _ => {
                    let at = self.pos;
                    if b == b';' {
                        if top.closed_child {
                            self.errors
                                .push(SgfSyntaxError::NodeAfterVariation { span: at..at + 1 });
                            top.closed_child = false;
                        }
                        self.pos += 1;
                    } else {
                        self.errors
                            .push(SgfSyntaxError::MissingSemicolon { span: at..at });
                    }
                    top.has_node = true;
                    cur = self.add_node(cur, at);
                    self.properties(cur);
                }
            }
        }
        let end = self.pos;
        if self.nodes.is_empty() {
            return (None, self.errors, end);
        }
        let tree = GameTree {
            text: self.text[start..end].into(),
            base: start,
            names: self.names,
            nodes: self.nodes,
            props: self.props,
            values: self.values,
            errors: self.errors,
        };
        (Some(tree), Vec::new(), end)
    }

    /// Skips one character, or one whole `[...]` so that brackets in skipped text cannot
    /// derail the structure.
    fn skip_garbage(&mut self, garbage: &mut Option<Range<usize>>) {
        let start = self.pos;
        let rest = &self.text[start..];
        self.pos = match prop_value(rest) {
            Ok((after, _)) => self.text.len() - after.len(),
            Err(nom::Err::Failure(_)) => self.text.len(),
            Err(_) => start + rest.chars().next().map_or(1, char::len_utf8),
        };
        match garbage {
            Some(g) => g.end = self.pos,
            None => *garbage = Some(start..self.pos),
        }
    }

    fn flush(&mut self, garbage: &mut Option<Range<usize>>) {
        if let Some(span) = garbage.take() {
            self.errors.push(SgfSyntaxError::UnexpectedText { span });
        }
    }

    fn add_node(&mut self, parent: u32, at: usize) -> u32 {
        let id = off(self.nodes.len());
        let props = off(self.props.len());
        self.nodes.push(NodeData {
            parent,
            first_child: NONE,
            next_sibling: NONE,
            props: props..props,
            span: off(at)..off(self.pos.max(at)),
        });
        self.last_child.push(NONE);
        if parent != NONE {
            let p = parent as usize;
            match self.last_child[p] {
                NONE => self.nodes[p].first_child = id,
                last => self.nodes[last as usize].next_sibling = id,
            }
            self.last_child[p] = id;
        }
        id
    }

    /// Reads the properties of node `node` (its `;` already consumed).
    fn properties(&mut self, node: u32) {
        loop {
            self.skip_ws();
            let Some(ident) = self.ident() else {
                break;
            };
            let ident_span = self.pos..self.pos + ident.len();
            self.pos = ident_span.end;
            let name_start = self.names.len();
            if ident.bytes().all(|b| b.is_ascii_uppercase()) {
                self.names.push_str(ident);
            } else {
                self.names
                    .extend(ident.chars().filter(char::is_ascii_uppercase));
            }
            if self.names.len() == name_start {
                self.errors.push(SgfSyntaxError::LowercaseIdentifier {
                    span: ident_span.clone(),
                });
                self.names.push_str(&ident.to_ascii_uppercase());
            }
            let values_start = off(self.values.len());
            self.prop_values();
            if off(self.values.len()) == values_start {
                self.errors
                    .push(SgfSyntaxError::MissingValue { span: ident_span });
                self.names.truncate(name_start);
                continue;
            }
            self.props.push(PropData {
                name: off(name_start)..off(self.names.len()),
                ident: off(ident_span.start)..off(ident_span.end),
                values: values_start..off(self.values.len()),
            });
        }
        let data = &mut self.nodes[node as usize];
        data.props.end = off(self.props.len());
        let end = self
            .values
            .last()
            .map_or(0, |v| v.span.end)
            .max(data.span.end);
        data.span.end = if data.props.is_empty() {
            data.span.end
        } else {
            end
        };
    }

    /// Reads the `[...]` values following an identifier.
    fn prop_values(&mut self) {
        loop {
            let before = self.pos;
            self.skip_ws();
            let start = self.pos;
            if self.text.as_bytes().get(start) != Some(&b'[') {
                self.pos = before;
                return;
            }
            let Some(raw_end) = self.value_end() else {
                let end = self.text.len();
                self.errors
                    .push(SgfSyntaxError::UnterminatedValue { span: start..end });
                self.values.push(ValueData {
                    span: off(start)..off(end),
                    raw: off(start + 1)..off(end),
                });
                self.pos = end;
                return;
            };
            self.pos = raw_end + 1;
            self.values.push(ValueData {
                span: off(start)..off(self.pos),
                raw: off(start + 1)..off(raw_end),
            });
        }
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
        assert_eq!(
            codes,
            [
                "lowercase-identifier",
                "lowercase-identifier",
                "missing-value"
            ]
        );
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

    /// The parser's byte-level readings of white space, identifiers and values agree with
    /// the grammar's rules on every text, including non-ASCII spaces and escapes.
    #[test]
    fn fast_paths_agree_with_the_grammar() {
        use super::super::grammar::prop_ident;
        let pieces = [
            " ", "\n", "\r", "\t", "\u{0}", "\u{7f}", "\u{a0}", "\u{3000}", "\u{85}", "[", "]",
            "\\", "B", "w", "pd", "黑", "é", ";", "(", ")", ":", "0",
        ];
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        for _ in 0..20_000 {
            let mut text = String::new();
            for _ in 0..12 {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                text.push_str(pieces[(state % pieces.len() as u64) as usize]);
            }
            let mut parser = TreeParser::new(&text, 0);
            parser.skip_ws();
            let (rest, _) = ws(&text).expect("ws never fails");
            assert_eq!(parser.pos, text.len() - rest.len(), "ws on {text:?}");
            parser.pos = 0;
            assert_eq!(
                parser.ident(),
                prop_ident(&text).ok().map(|(_, ident)| ident),
                "ident on {text:?}"
            );
            if text.starts_with('[') {
                let by_rule = prop_value(&text).ok().map(|(_, raw)| 1 + raw.len());
                assert_eq!(parser.value_end(), by_rule, "value on {text:?}");
            }
        }
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
