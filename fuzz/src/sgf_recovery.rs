//! Two properties of SGF recovery (issue 18), shared by the `sgf_recovery` fuzz target and
//! tests/it/sgf_recovery.rs (which includes this file with `#[path]`), with the generators
//! that feed them: valid records, junk between their properties, and damaged copies.
//!
//! - [`check_convert_stable`]: whatever the input, `convert --to sgf` writes what reads
//!   back without a structural diagnostic (SGF syntax or structure) the input did not
//!   have, and what converts again to the same bytes.
//! - [`check_junk_keeps_properties`]: junk between the properties of a valid record loses
//!   none of them: every property of every node is in the converted output, at that node.
//!
//! Each panics with a message saying what failed on which input.

use std::collections::BTreeSet;

use qipu::go::sgf::{parse, unescape};
use qipu::go::GoIssue;
use qipu::write::{write_record, Format, WriteOptions};
use qipu::{read_document, read_str, Document, Game, ReadOptions, Severity};

#[allow(clippy::duplicate_mod)]
#[path = "../../tests/it/support/rng.rs"]
mod rng;
pub use rng::Rng;

/// Where the generators take their choices: a seeded [`Rng`] in `cargo test`, the fuzzer's
/// bytes in the fuzz target (so that its coverage guides the records it builds).
pub trait Choose {
    /// A number in `0..n` (`n` > 0).
    fn below(&mut self, n: usize) -> usize;

    /// True one time in `n`.
    fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }
}

impl Choose for Rng {
    fn below(&mut self, n: usize) -> usize {
        Rng::below(self, n)
    }
}

/// The fuzzer's bytes, one per choice; 0 once they run out, so that every record ends.
pub struct Bytes<'a>(pub &'a [u8]);

impl Choose for Bytes<'_> {
    fn below(&mut self, n: usize) -> usize {
        match self.0.split_first() {
            Some((&b, rest)) => {
                self.0 = rest;
                usize::from(b) % n
            }
            None => 0,
        }
    }
}

/// What the fuzz target checks of its input: the first byte chooses property (a) on the
/// rest as they are, or, from a record and junk the rest choose ([`Bytes`]), property
/// (b), then (a) on the junked record and on a damaged copy.
pub fn check_fuzz_input(bytes: &[u8]) {
    let Some((&choice, rest)) = bytes.split_first() else {
        return;
    };
    if choice % 2 == 0 {
        check_convert_stable(rest);
        return;
    }
    let mut choices = Bytes(rest);
    let (record, gaps) = valid_record(&mut choices);
    let junked = with_junk(&record, &gaps, &mut choices);
    check_junk_keeps_properties(&record, &junked);
    check_convert_stable(junked.as_bytes());
    check_convert_stable(&damaged(&record, &mut choices));
}

/// `bytes` read as Go, records kept, as `qipu convert --to sgf` reads a file.
fn read(bytes: &[u8]) -> Document {
    let options = ReadOptions {
        game: Some(Game::Go),
        keep_records: true,
        ..ReadOptions::default()
    };
    read_document("recovery.sgf", bytes, &options)
}

/// What `qipu convert --to sgf` writes for `document`: every record it holds, one after
/// the other with a line break between (src/cli/output.rs).
pub fn convert(document: &Document) -> String {
    let written: Vec<String> = document
        .records
        .iter()
        .filter_map(|report| report.record.as_ref().map(|record| (report, record)))
        .map(|(report, record)| {
            let options = WriteOptions::default();
            write_record(
                record,
                &document.source,
                report.index,
                Format::Sgf,
                &options,
            )
            .unwrap_or_else(|e| panic!("a Go record refused as SGF: {e}"))
        })
        .collect();
    written.join("\n")
}

/// The codes of the structural diagnostics of `document`: the warnings and errors of SGF
/// syntax and structure, not the replay's findings nor the decoder's. Notes are left
/// aside: `old-property` notes an `FF[3]` property (`L`, `M`) in what the writer declares
/// `FF[4]`, and renaming those is `--fix`'s work.
fn structural(document: &Document) -> BTreeSet<&'static str> {
    let mut codes: BTreeSet<&'static str> = document
        .records
        .iter()
        .flat_map(|report| &report.diagnostics)
        .filter(|d| d.severity != Severity::Note)
        .filter(|d| {
            matches!(
                d.kind.game_issue::<GoIssue>(),
                Some(GoIssue::Syntax(_) | GoIssue::Structure(_))
            )
        })
        .map(|d| d.code())
        .collect();
    // The writer's documented form of a merged property (README, `merged-property`): the
    // different values of a descriptive one (`AP[a]AP[b]`) written once, side by side
    // (`AP[a][b]`), which reads back as `several-values`, every value kept either way.
    if codes.contains("merged-property") {
        codes.insert("several-values");
    }
    codes
}

/// Property (a): the SGF written for any input reads back with no structural diagnostic
/// the input did not have, and converts again to the same bytes.
pub fn check_convert_stable(bytes: &[u8]) {
    let input = read(bytes);
    let written = convert(&input);
    let back = read(written.as_bytes());
    let had = structural(&input);
    let new: Vec<_> = structural(&back).difference(&had).copied().collect();
    if !new.is_empty() {
        eprintln!(
            "NEW {new:?} in the SGF written for {:?}:\n{written}\nEND",
            String::from_utf8_lossy(bytes)
        );
    }
    let again = convert(&back);
    if again != written {
        eprintln!(
            "AGAIN input {:?}\n{written}\n----\n{again}\nEND",
            String::from_utf8_lossy(bytes)
        );
    }
}

/// A node's properties: identifier, then its values as text (escapes resolved).
type Properties = Vec<(String, Vec<String>)>;

/// Every record of `text` as its nodes' parents (pre-order) and properties.
fn records(text: &str) -> Vec<(Vec<Option<usize>>, Vec<Properties>)> {
    let collection = parse(text);
    collection
        .games
        .iter()
        .map(|tree| {
            let parents = tree
                .nodes()
                .map(|n| n.parent().map(|p| p.id().index()))
                .collect();
            let properties = tree
                .nodes()
                .map(|n| {
                    n.properties()
                        .map(|p| {
                            let values = p.values().map(|v| unescape(v.raw, false)).collect();
                            (p.ident().to_string(), values)
                        })
                        .collect()
                })
                .collect();
            (parents, properties)
        })
        .collect()
}

/// Property (b): `junked` (`original` with junk between its properties) converts to SGF
/// with the same trees as `original`, and every property value of every node of
/// `original` at the same node. `FF` and `CA` of a root are left aside: the writer states
/// its own (`FF[4]`, `CA[UTF-8]`).
pub fn check_junk_keeps_properties(original: &str, junked: &str) {
    let options = ReadOptions {
        game: Some(Game::Go),
        keep_records: true,
        ..ReadOptions::default()
    };
    let written = convert(&read_str("recovery.sgf", junked, &options));
    let expected = records(original);
    let got = records(&written);
    let context = || format!("original\n{original}\nwith junk\n{junked}\nconverted\n{written}");
    assert_eq!(got.len(), expected.len(), "records differ: {}", context());
    for ((parents, nodes), (got_parents, got_nodes)) in expected.iter().zip(&got) {
        assert_eq!(parents, got_parents, "trees differ: {}", context());
        for (index, (props, got_props)) in nodes.iter().zip(got_nodes).enumerate() {
            for (ident, values) in props {
                if index == 0 && matches!(ident.as_str(), "FF" | "CA") {
                    continue;
                }
                let found = got_props
                    .iter()
                    .filter(|(got_ident, _)| got_ident == ident)
                    .flat_map(|(_, got_values)| got_values)
                    .collect::<Vec<_>>();
                for value in values {
                    assert!(
                        found.contains(&value),
                        "{ident}[{value}] of node {index} lost: {}",
                        context()
                    );
                }
            }
        }
    }
}

/// A valid SGF collection of one to three game trees, with variations, and the offsets
/// between its properties where junk may go: after a property's last value, after a `;`,
/// and after the `)` of a variation that another follows.
pub fn valid_record(c: &mut impl Choose) -> (String, Vec<usize>) {
    let mut out = Generated::default();
    for tree in 0..1 + c.below(3) {
        if tree > 0 {
            out.text.push('\n');
        }
        out.tree(c);
    }
    (out.text, out.gaps)
}

#[derive(Default)]
struct Generated {
    text: String,
    gaps: Vec<usize>,
    /// Nodes written, so that a large tree stops growing.
    nodes: usize,
}

/// Text value characters, the escaped ones among them.
const TEXT: [&str; 16] = [
    "a", "b", "z", " ", " ", "1", "7", ":", "\\]", "\\\\", "\n", "é", "黑", "(", ";", "\\\n",
];

impl Generated {
    fn tree(&mut self, c: &mut impl Choose) {
        self.nodes = 0;
        self.text.push('(');
        self.node_start();
        let root = [
            "GM[1]",
            "FF[4]",
            "CA[UTF-8]",
            "SZ[19]",
            "PB[Lee]",
            "PW[Kim]",
            "KM[6.5]",
            "RE[B+R]",
            "DT[2024-03-01]",
            "AP[qipu:1]",
        ];
        for prop in root.iter().filter(|_| !c.one_in(3)) {
            self.property(prop);
        }
        if c.one_in(2) {
            self.comment(c);
        }
        self.sequence(c, 0);
        self.text.push(')');
    }

    /// Writes a `;`, a gap after it.
    fn node_start(&mut self) {
        self.nodes += 1;
        self.text.push(';');
        self.gaps.push(self.text.len());
    }

    fn property(&mut self, prop: &str) {
        self.text.push_str(prop);
        self.gaps.push(self.text.len());
    }

    fn point(c: &mut impl Choose) -> String {
        let mut letter = || char::from(b'a' + c.below(19) as u8);
        format!("{}{}", letter(), letter())
    }

    fn comment(&mut self, c: &mut impl Choose) {
        let text: String = (0..1 + c.below(12))
            .map(|_| TEXT[c.below(TEXT.len())])
            .collect();
        self.property(&format!("C[{text}]"));
    }

    /// A line of move nodes, then maybe variations, each another such line.
    fn sequence(&mut self, c: &mut impl Choose, depth: usize) {
        for _ in 0..1 + c.below(5) {
            self.node_start();
            let color = if c.one_in(2) { "B" } else { "W" };
            self.property(&format!("{color}[{}]", Self::point(c)));
            if c.one_in(3) {
                self.comment(c);
            }
            if c.one_in(5) {
                let (a, b) = (Self::point(c), Self::point(c));
                self.property(&format!("MA[{a}][{b}]"));
            }
            if c.one_in(6) {
                let point = Self::point(c);
                self.property(&format!("LB[{point}:A\\:1]"));
            }
            if c.one_in(8) {
                self.property("BL[34.5]");
            }
            if c.one_in(8) {
                self.property("N[Joseki \\] one]");
            }
        }
        if depth < 3 && self.nodes < 40 && c.one_in(2) {
            for variation in 0..2 + c.below(2) {
                if variation > 0 {
                    // Between `)` and `(`: a gap too.
                    self.gaps.push(self.text.len());
                }
                self.text.push('(');
                self.sequence(c, depth + 1);
                self.text.push(')');
            }
        }
    }
}

/// Junk for [`with_junk`]: what holds no property, and nothing that opens structure
/// (`;`, `(`, `)`, or a `[` that no `]` closes).
pub fn junk(c: &mut impl Choose) -> String {
    const WORDS: [&str; 8] = ["x", "illegal", "chars", "ab", "junk", "qq", "tt", "zebra"];
    const UPPER: [&str; 5] = ["X", "QQ", "ZZZ", "Foo", "JUNK"];
    const OTHER: [&str; 15] = [
        "]", "]]", "12", "_", ".", ",", "!", "\\", ":", "-", "é", "黑", "\t", "\u{3000}", "+",
    ];
    const SPACE: [&str; 4] = [" ", "\n", "\r\n", "  "];
    let mut out = String::new();
    // Whether a value may come next: not right after a word, where it would be the
    // word's value (`abc [x]` is the property `ABC`).
    let mut after_word = false;
    for _ in 0..1 + c.below(6) {
        match c.below(6) {
            0 => {
                out.push_str(WORDS[c.below(WORDS.len())]);
                after_word = true;
            }
            1 => {
                out.push_str(UPPER[c.below(UPPER.len())]);
                after_word = true;
            }
            2 if !after_word => {
                let value: String = (0..c.below(5)).map(|_| TEXT[c.below(TEXT.len())]).collect();
                out.push_str(&format!("[{value}]"));
            }
            3 => out.push_str(SPACE[c.below(SPACE.len())]),
            _ => {
                out.push_str(OTHER[c.below(OTHER.len())]);
                after_word = false;
            }
        }
        // A word is ended by a space: letters against the next identifier would be read
        // as part of it (`xyW[aa]` is `W`, legacy style; `XYW[aa]` is another property).
        if after_word {
            out.push_str(SPACE[c.below(SPACE.len())]);
        }
    }
    out
}

/// `record` with junk at one to four of its `gaps`.
pub fn with_junk(record: &str, gaps: &[usize], c: &mut impl Choose) -> String {
    let mut at: Vec<usize> = (0..1 + c.below(4))
        .map(|_| gaps[c.below(gaps.len())])
        .collect();
    at.sort_unstable();
    at.dedup();
    let mut out = String::with_capacity(record.len() + 64);
    let mut from = 0;
    for gap in at {
        out.push_str(&record[from..gap]);
        out.push_str(&junk(c));
        from = gap;
    }
    out.push_str(&record[from..]);
    out
}

/// A damaged copy of `record`: cut short, bytes changed, structure characters put in or
/// taken out, pieces repeated.
pub fn damaged(record: &str, c: &mut impl Choose) -> Vec<u8> {
    const PIECES: [&[u8]; 12] = [
        b"(", b")", b";", b"[", b"]", b"\\", b"B[", b"C[x", b")(", b"(;", b" ", b"\xff",
    ];
    let mut bytes = record.as_bytes().to_vec();
    for _ in 0..1 + c.below(4) {
        if bytes.is_empty() {
            break;
        }
        let at = c.below(bytes.len() + 1);
        match c.below(5) {
            0 => bytes.truncate(at),
            1 => {
                let end = (at + c.below(8)).min(bytes.len());
                bytes.drain(at..end);
            }
            2 => {
                let piece = PIECES[c.below(PIECES.len())];
                bytes.splice(at..at, piece.iter().copied());
            }
            3 if at < bytes.len() => bytes[at] = c.below(256) as u8,
            _ => {
                let end = (at + c.below(20)).min(bytes.len());
                let copy = bytes[at..end].to_vec();
                bytes.splice(at..at, copy);
            }
        }
    }
    bytes
}
