//! Normalised SGF writer: `FF[4]`, UTF-8, fixed property order, minimal escaping, short lines.
//!
//! Layout and order (deterministic, so write → parse → write gives the same bytes):
//! - root node: `FF[4]`, `CA[UTF-8]` (both replace what the record said), `GM` (`GM[1]` is
//!   inserted when missing: the `FF[4]` default), `AP`, `SZ`, then every other property in
//!   alphabetical order of its identifier; the root node ends its line;
//! - other nodes: `B`, `W`, then the rest alphabetically;
//! - a property repeated in a node is written once: list values merged in order, the same
//!   value once, comments joined with a line break (different moves, sizes or komis, which
//!   cannot be merged, are all written as read);
//! - identifiers are written in their `FF[4]` form (`AddBlack` → `AB`);
//! - values: escapes resolved, then only `]` and `\` escaped, plus `:` in the first part of
//!   compose-typed values; soft line breaks dropped, line breaks written as `\n`;
//! - a line is broken before a property, a further value, `(` or `)` that would pass column
//!   79 (or the `--line-width` asked for); never inside a value (a long comment line stays
//!   long); each variation starts a line.
//!
//! Writing walks the tree with an explicit stack, so deep trees are no problem.

use crate::go::properties::{self, Repeat};
use crate::go::sgf::grammar::compose;
use crate::go::sgf::is_typed;
use crate::go::sgf::{unescape, Collection, GameTree, NodeId, NodeRef, Property};
use crate::wrap::{LineWrapper, MAX_LINE};

/// Properties whose values are compose-typed (`a:b`), where `:` must be escaped.
const COMPOSE: [&str; 18] = [
    "AP", "AR", "LN", "LB", "SZ", "FG", "AB", "AW", "AE", "CR", "MA", "SL", "SQ", "TR", "TB", "TW",
    "DD", "VW",
];

/// Writes every game tree of `collection`, each followed by a line break.
pub fn write_collection(collection: &Collection) -> String {
    let mut out = String::new();
    for game in &collection.games {
        write_game_into(game, &mut out, MAX_LINE);
    }
    out
}

/// Appends one game tree, followed by a line break, to `out`, in lines of at most `width`
/// characters where they can break.
pub fn write_game_into(tree: &GameTree, out: &mut String, width: usize) {
    write_tree(tree, out, width);
}

fn write_tree(tree: &GameTree, out: &mut String, width: usize) {
    enum Step {
        Open,
        Sequence(NodeId),
        Close,
    }
    let mut w = Writer {
        line: LineWrapper::new(out, width),
    };
    let mut stack = vec![Step::Close, Step::Sequence(NodeId::ROOT), Step::Open];
    while let Some(step) = stack.pop() {
        match step {
            Step::Open => {
                w.line.end_line();
                w.line.unit("(");
            }
            Step::Close => w.line.unit(")"),
            Step::Sequence(id) => {
                let mut node = tree.node(id);
                loop {
                    w.node(node);
                    let mut children = node.children();
                    match (children.next(), children.next()) {
                        (Some(only), None) => node = only,
                        (Some(first), Some(second)) => {
                            let all: Vec<_> = [first, second].into_iter().chain(children).collect();
                            for child in all.into_iter().rev() {
                                stack.extend([Step::Close, Step::Sequence(child.id()), Step::Open]);
                            }
                            break;
                        }
                        _ => break,
                    }
                }
            }
        }
    }
    w.line.end_line();
}

struct Writer<'o> {
    line: LineWrapper<'o>,
}

impl Writer<'_> {
    fn node(&mut self, node: NodeRef<'_>) {
        let mut units: Vec<String> = Vec::new();
        let mut entries: Vec<Property<'_>> = node.properties().collect();
        if node.is_root() {
            entries.retain(|e| !matches!(e.ident(), "FF" | "CA"));
            units.push("FF[4]".into());
            units.push("CA[UTF-8]".into());
            if node.get("GM").is_none() {
                units.push("GM[1]".into());
            }
        }
        let rank = |ident: &str| match (node.is_root(), ident) {
            (true, "GM") | (false, "B") => 0,
            (true, "AP") | (false, "W") => 1,
            (true, "SZ") => 2,
            _ => 3,
        };
        entries.sort_by(|a, b| (rank(a.ident()), a.ident()).cmp(&(rank(b.ident()), b.ident())));
        for group in entries.chunk_by(|a, b| a.ident() == b.ident()) {
            property_units(group, &mut units);
        }
        self.write_node(units);
        if node.is_root() {
            self.line.end_line();
        }
    }

    fn write_node(&mut self, units: Vec<String>) {
        let mut units = units.into_iter();
        let first = units.next().unwrap_or_default();
        self.line.unit(&format!(";{first}"));
        for unit in units {
            self.line.unit(&unit);
        }
    }
}

/// The units of one identifier's occurrences in a node, written once where they can be read
/// as one (see [`properties::repeat`]): a merged list, a repeat kept once, joined texts.
/// Conflicting values are all written, as read, for the reader to decide.
fn property_units(group: &[Property<'_>], units: &mut Vec<String>) {
    let Some(first) = group.first() else { return };
    let ident = first.ident();
    let repeat = if group.len() > 1 {
        properties::repeat(group)
    } else {
        Repeat::Identical
    };
    match repeat {
        Repeat::Identical => value_units(ident, first.values().map(|v| v.raw), units),
        Repeat::Merged | Repeat::Collected => value_units(
            ident,
            group.iter().flat_map(|p| p.values()).map(|v| v.raw),
            units,
        ),
        Repeat::Joined => {
            let text = group
                .iter()
                .flat_map(|p| p.values())
                .map(|v| unescape(v.raw, false))
                .collect::<Vec<_>>()
                .join("\n");
            let mut unit = format!("{ident}[");
            escape_into(&mut unit, &text, false);
            unit.push(']');
            units.push(unit);
        }
        Repeat::Conflict => {
            // Values that differ as read may be written alike (`RE[B\+R]RE[B+R]`): those
            // are written once, as a reader of the output finds them.
            let mut written: Vec<Vec<String>> = Vec::new();
            for prop in group {
                let mut these = Vec::new();
                value_units(ident, prop.values().map(|v| v.raw), &mut these);
                if !written.contains(&these) {
                    units.extend(these.iter().cloned());
                    written.push(these);
                }
            }
        }
    }
}

/// One unit per value (the first with the identifier), escaped for writing. A typed value
/// ([`is_typed`]) is written as read: its readers take the raw text, escapes and all, and a
/// `\` resolved here could make a value they cannot read (`MA[ls\` + line break + `]`)
/// one they can.
fn value_units<'v>(ident: &str, values: impl Iterator<Item = &'v str>, units: &mut Vec<String>) {
    let compose_typed = COMPOSE.contains(&ident);
    let typed = is_typed(ident);
    for (i, raw) in values.enumerate() {
        let mut unit = if i == 0 {
            ident.to_owned()
        } else {
            String::new()
        };
        unit.push('[');
        if typed {
            push_raw(&mut unit, raw);
            unit.push(']');
            units.push(unit);
            continue;
        }
        match compose(raw).filter(|_| compose_typed) {
            Some((a, b)) => {
                escape_into(&mut unit, &unescape(a, false), true);
                unit.push(':');
                escape_into(&mut unit, &unescape(b, false), false);
            }
            None => escape_into(&mut unit, &unescape(raw, false), compose_typed),
        }
        unit.push(']');
        units.push(unit);
    }
}

/// Appends raw value text as read. It ends in an odd run of `\` only where the value ran
/// to the end of the text without its `]`: one more `\` keeps the `]` written after it
/// closing the value.
fn push_raw(out: &mut String, raw: &str) {
    out.push_str(raw);
    let backslashes = raw.bytes().rev().take_while(|&b| b == b'\\').count();
    if backslashes % 2 == 1 {
        out.push('\\');
    }
}

/// Escapes `]` and `\`, and `:` when `colon` (first part of a compose-typed value).
fn escape_into(out: &mut String, text: &str, colon: bool) {
    for c in text.chars() {
        if c == ']' || c == '\\' || (colon && c == ':') {
            out.push('\\');
        }
        out.push(c);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::sgf::parse;

    fn normalise(text: &str) -> String {
        write_collection(&parse(text))
    }

    #[test]
    fn root_order_and_charset() {
        let out = normalise("(;SZ[19]PW[b]CA[GB2312]PB[a]AP[x:1]FF[3];B[pd]C[c];W[dd])");
        assert_eq!(
            out,
            "(;FF[4]CA[UTF-8]GM[1]AP[x:1]SZ[19]PB[a]PW[b]\n;B[pd]C[c];W[dd])\n"
        );
    }

    #[test]
    fn move_first_and_legacy_names() {
        let out = normalise("(;GM[1];C[x]White[dd]AddBlack[aa])");
        assert_eq!(out, "(;FF[4]CA[UTF-8]GM[1]\n;W[dd]AB[aa]C[x])\n");
    }

    #[test]
    fn minimal_escaping() {
        let out = normalise("(;GM[1]C[a\\]b\\\\c\\:d\\e\r\nf\\\ng]LB[dd:x\\:y]AP[a\\:b:1:2])");
        assert_eq!(
            out,
            "(;FF[4]CA[UTF-8]GM[1]AP[a\\:b:1:2]C[a\\]b\\\\c:de\nfg]LB[dd:x:y]\n)\n"
        );
    }

    #[test]
    fn variations_and_wrapping() {
        let moves = ";B[aa];W[bb]".repeat(10);
        let text = format!("(;GM[1]{moves}(;B[cc])(;B[dd](;W[ee])(;W[ff])))");
        let out = normalise(&text);
        assert!(out.lines().all(|l| l.chars().count() < 80), "{out}");
        assert!(
            out.contains("\n(;B[cc])\n(;B[dd]\n(;W[ee])\n(;W[ff])))"),
            "{out}"
        );
        assert_eq!(normalise(&out), out);
    }

    #[test]
    fn repeated_properties_are_written_once() {
        assert_eq!(
            normalise("(;GM[1]HA[2]AB[pd]AB[dp]AP[GNU Go:3.8]KM[0.5]AP[foxwq];W[qq]C[a]C[b])"),
            "(;FF[4]CA[UTF-8]GM[1]AP[GNU Go:3.8][foxwq]AB[pd][dp]HA[2]KM[0.5]\n;W[qq]C[a\nb])\n"
        );
        assert_eq!(
            normalise("(;GM[1]KM[6.5]KM[6.5];B[aa]B[aa])"),
            "(;FF[4]CA[UTF-8]GM[1]KM[6.5]\n;B[aa])\n"
        );
        assert_eq!(
            normalise("(;GM[1]KM[6.5]KM[7.5];B[aa]B[bb])"),
            "(;FF[4]CA[UTF-8]GM[1]KM[6.5]KM[7.5]\n;B[aa]B[bb])\n"
        );
    }

    #[test]
    fn typed_values_are_written_as_read() {
        // A point that cannot be read stays one: resolving its escape would make it `ls`.
        assert_eq!(
            normalise("(;GM[1];MA[ls\\\n][aa]KM[ 6.5 ]C[a\\\nb])"),
            "(;FF[4]CA[UTF-8]GM[1]\n;C[ab]KM[ 6.5 ]MA[ls\\\n][aa])\n"
        );
        // A value cut off by the end of the text after a `\\` still ends at its `]`.
        assert_eq!(
            normalise("(;GM[1];B[a\\"),
            "(;FF[4]CA[UTF-8]GM[1]\n;B[a\\\\])\n"
        );
    }

    #[test]
    fn conflicting_repeats_written_alike_are_written_once() {
        assert_eq!(
            normalise("(;GM[1]RE[B\\+R]RE[B+R];B[aa]B[aa ])"),
            "(;FF[4]CA[UTF-8]GM[1]RE[B+R]\n;B[aa]B[aa ])\n"
        );
    }

    #[test]
    fn controls_around_typed_values_are_dropped() {
        let mut c = parse("(;GM[1]KM[\u{0}6.5\u{1}]RE[W+R\u{3}]C[\u{1}a\u{2}b])");
        c.games[0].picture_controls();
        assert_eq!(
            write_collection(&c),
            "(;FF[4]CA[UTF-8]GM[1]C[\u{2401}a\u{2402}b]KM[6.5]RE[W+R]\n)\n"
        );
    }

    #[test]
    fn long_values_are_not_split() {
        let long = "x".repeat(100);
        let out = normalise(&format!("(;GM[1]C[{long}];B[aa]C[{long}])"));
        assert_eq!(
            out,
            format!("(;FF[4]CA[UTF-8]GM[1]\nC[{long}]\n;B[aa]\nC[{long}]\n)\n")
        );
    }
}

/// A tree of numbered nodes as SGF text, from node 0, with an explicit stack (trees nest
/// as deep as the input): `node` writes a node (`;` and its properties), `children`
/// hands over a node's children in order into the buffer it is given. For the trees
/// qipu builds itself (`--fix`'s model, `--strip`'s kept part).
pub(super) fn tree_text(
    mut node: impl FnMut(usize, &mut String),
    mut children: impl FnMut(usize, &mut Vec<usize>),
) -> String {
    enum Step {
        Open(usize),
        Close,
    }
    let mut out = String::new();
    let mut next: Vec<usize> = Vec::new();
    let mut stack = vec![Step::Open(0)];
    while let Some(step) = stack.pop() {
        let Step::Open(mut id) = step else {
            out.push(')');
            continue;
        };
        out.push('(');
        stack.push(Step::Close);
        loop {
            node(id, &mut out);
            next.clear();
            children(id, &mut next);
            match next[..] {
                [only] => id = only,
                _ => {
                    stack.extend(next.iter().rev().map(|&c| Step::Open(c)));
                    break;
                }
            }
        }
    }
    out
}
