//! The Go archive formats: GIB, NGF, UGF and UGI files in three encodings each
//! (tests/fixtures/go/formats, written by tools/go_archive_fixtures.py in the shapes public
//! converters document) convert to SGF with the players, ranks, date, komi, handicap
//! stones, result and moves the fixture's `.expect` file lists; the SGF validates with
//! qipu and, where Python has it, with sgfmill; diagnostics point at the archive's lines;
//! and the text form of each is snapshotted.

use std::path::{Path, PathBuf};
use std::process::Command;

use qipu::go::sgf::{parse, unescape, GameTree};
use qipu::write::{write_record, Format, WriteOptions};
use qipu::{read_document, Document, Game, ReadOptions};

use crate::support::fixtures::fixture;
use crate::support::snapshot::snapshot_name;

/// Every fixture and the encoding it is written in.
const FIXTURES: [(&str, &str); 14] = [
    ("tygem-korean.gib", "EUC-KR"),
    ("tygem-chinese.gib", "GB18030"),
    ("tygem-utf8.gib", "UTF-8"),
    ("cyberoro-korean.ngf", "EUC-KR"),
    ("wbaduk-japanese.ngf", "UTF-8"),
    ("wbaduk-chinese.ngf", "GB18030"),
    ("pandanet-japanese.ugf", "Shift_JIS"),
    ("pandanet-utf8.ugf", "UTF-8"),
    ("pandanet-korean.ugf", "EUC-KR"),
    ("review-japanese.ugi", "Shift_JIS"),
    ("review-utf8.ugi", "UTF-8"),
    ("review-korean.ugi", "EUC-KR"),
    ("gi-chinese.ngf", "GB18030"),
    ("review-tree.ugi", "Shift_JIS"),
];

fn path(name: &str) -> PathBuf {
    fixture(Path::new("go/formats").join(name))
}

fn read_as(source: &str, bytes: &[u8]) -> Document {
    let options = ReadOptions {
        keep_records: true,
        ..ReadOptions::default()
    };
    read_document(source, bytes, &options)
}

fn read(name: &str) -> Document {
    let bytes = std::fs::read(path(name)).expect("fixture");
    read_as(&path(name).to_string_lossy(), &bytes)
}

fn write(document: &Document, format: Format) -> String {
    let record = document.records[0].record.as_ref().expect("kept");
    write_record(record, "t", 0, format, &WriteOptions::default()).expect("written")
}

/// `IDENT value` lines, `AB` points and `moves` (`B:pd W:`) of a fixture's `.expect`.
struct Expected {
    info: Vec<(String, String)>,
    setup: Vec<String>,
    moves: Vec<String>,
}

fn expected(name: &str) -> Expected {
    let text = std::fs::read_to_string(path(&format!("{name}.expect"))).expect("expect file");
    let mut found = Expected {
        info: Vec::new(),
        setup: Vec::new(),
        moves: Vec::new(),
    };
    for line in text.lines() {
        let (ident, value) = line.split_once(' ').expect("IDENT value");
        match ident {
            "AB" => found.setup = value.split(' ').map(str::to_string).collect(),
            "moves" => found.moves = value.split(' ').map(str::to_string).collect(),
            _ => found.info.push((ident.to_string(), value.to_string())),
        }
    }
    found
}

/// The root's first value of `ident`, unescaped.
fn root_value(tree: &GameTree, ident: &str) -> Option<String> {
    let property = tree.root().get(ident)?;
    Some(unescape(property.value()?.raw, false))
}

/// The main line as `B:pd`, `W:` (a pass).
fn main_line(tree: &GameTree) -> Vec<String> {
    tree.main_line()
        .filter_map(|node| {
            let (colour, property) = ["B", "W"]
                .into_iter()
                .find_map(|c| node.get(c).map(|p| (c, p)))?;
            Some(format!("{colour}:{}", property.value()?.raw))
        })
        .collect()
}

#[test]
fn each_file_converts_to_the_sgf_it_describes() {
    for (name, encoding) in FIXTURES {
        let document = read(name);
        assert_eq!(document.game, Some(Game::Go), "{name}");
        assert_eq!(document.encoding, encoding, "{name}: decoded as");
        let [report] = &document.records[..] else {
            panic!("{name}: one record expected");
        };
        assert!(report.valid(), "{name}: {:?}", report.diagnostics);
        let sgf = write(&document, Format::Sgf);
        let collection = parse(&sgf);
        let tree = &collection.games[0];
        let want = expected(name);
        for (ident, value) in &want.info {
            assert_eq!(
                root_value(tree, ident).as_deref(),
                Some(value.as_str()),
                "{name}: {ident} in\n{sgf}"
            );
        }
        let setup: Vec<String> = tree
            .root()
            .get("AB")
            .map(|p| p.values().map(|v| v.raw.to_string()).collect())
            .unwrap_or_default();
        assert_eq!(setup, want.setup, "{name}: handicap stones");
        assert_eq!(
            root_value(tree, "HA").is_some(),
            !want.setup.is_empty(),
            "{name}: HA"
        );
        assert_eq!(main_line(tree), want.moves, "{name}: moves");
        // The SGF is a record qipu reads without an error or a warning.
        let again = read_as("again.sgf", sgf.as_bytes());
        let back = &again.records[0];
        assert!(
            back.diagnostics
                .iter()
                .all(|d| d.severity == qipu::diag::Severity::Note),
            "{name}: the SGF reads back with {:?}",
            back.diagnostics
        );
        insta::assert_snapshot!(snapshot_name("convert_sgf", name), sgf);
        insta::assert_snapshot!(
            snapshot_name("convert_text", name),
            write(&document, Format::Text)
        );
    }
}

#[test]
fn reviews_keep_comments_labels_and_variations() {
    for name in [
        "review-japanese.ugi",
        "review-utf8.ugi",
        "review-korean.ugi",
    ] {
        let sgf = write(&read(name), Format::Sgf);
        let collection = parse(&sgf);
        let tree = &collection.games[0];
        assert!(root_value(tree, "C").is_some(), "{name}: the game comment");
        let third = tree.main_line().nth(3).expect("move 3");
        assert!(third.get("C").is_some(), "{name}: the comment on move 3");
        assert_eq!(
            third.get("LB").and_then(|p| p.value()).map(|v| v.raw),
            Some("jj:A"),
            "{name}: the label on move 3"
        );
        // The figure at move 6 shows the position after move 5 and replaces move 6.
        let fifth = tree.main_line().nth(5).expect("move 5");
        let children: Vec<String> = fifth
            .children()
            .map(|n| {
                n.get("W")
                    .and_then(|p| p.value())
                    .map_or(String::new(), |v| v.raw.to_string())
            })
            .collect();
        assert_eq!(children, ["qf", "cp"], "{name}: the side line");
        let side = fifth.children().nth(1).expect("side line");
        assert!(side.get("C").is_some(), "{name}: the side line's comment");
    }
}

#[test]
fn recognised_without_the_extension() {
    for (name, encoding) in FIXTURES {
        let bytes = std::fs::read(path(name)).expect("fixture");
        for source in ["-", "game.sgf"] {
            let document = read_as(source, &bytes);
            assert_eq!(document.game, Some(Game::Go), "{name} as {source}");
            assert_eq!(document.encoding, encoding, "{name} as {source}");
            assert_eq!(
                write(&document, Format::Sgf),
                write(&read(name), Format::Sgf),
                "{name} as {source}"
            );
        }
    }
}

#[test]
fn encoding_can_be_overridden() {
    let bytes = std::fs::read(path("tygem-korean.gib")).expect("fixture");
    let options = ReadOptions {
        keep_records: true,
        encoding: Some(encoding_rs::WINDOWS_1252),
        ..ReadOptions::default()
    };
    let document = read_document("x.gib", &bytes, &options);
    assert_eq!(document.encoding, "windows-1252");
    let sgf = write(&document, Format::Sgf);
    assert!(!sgf.contains("박정환"), "{sgf}");
}

/// The diagnostic of `code` in the only record, as line, column and the text it covers.
fn located(document: &Document, code: &str) -> (usize, usize, String) {
    let report = &document.records[0];
    let diagnostic = report
        .diagnostics
        .iter()
        .find(|d| d.code() == code)
        .unwrap_or_else(|| panic!("no {code}: {:?}", report.diagnostics));
    let located = diagnostic.located(&document.text, &document.lines);
    let (line, column) = located.line_col().expect("located");
    (
        line,
        column,
        located.snippet().unwrap_or_default().to_string(),
    )
}

#[test]
fn diagnostics_point_at_the_archive_lines() {
    let text = std::fs::read_to_string(path("tygem-utf8.gib")).expect("fixture");
    // Move 4 (White) onto Black's first stone, and a line that is no move.
    let broken = text
        .replace("STO 0 5 2 3 3", "STO 0 5 2 15 3")
        .replace("STO 0 9 2 2 5", "STO 0 9 two 2 5");
    let document = read_as("broken.gib", broken.as_bytes());
    let report = &document.records[0];
    assert!(!report.valid());
    let (line, column, snippet) = located(&document, "occupied-point");
    assert_eq!(snippet, "STO 0 5 2 15 3");
    assert_eq!(column, 1);
    assert_eq!(
        broken.lines().nth(line - 1).map(str::trim_end),
        Some("STO 0 5 2 15 3")
    );
    let (_, _, snippet) = located(&document, "bad-archive-line");
    assert_eq!(snippet, "STO 0 9 two 2 5");
}

/// Komi, result and handicap come from the header fields: their diagnostics point there.
#[test]
fn header_diagnostics_point_at_their_fields() {
    let document = read("tygem-chinese.gib");
    let (_, _, snippet) = located(&document, "archive-assumption");
    assert_eq!(snippet, "INI 0 1 2 &4");
    let document = read("cyberoro-korean.ngf");
    let (line, _, snippet) = located(&document, "archive-assumption");
    assert_eq!((line, snippet.as_str()), (8, "6"));
    let text = std::fs::read_to_string(path("pandanet-utf8.ugf")).expect("fixture");
    let broken = text.replace("Winner=B,2.5", "Winner=B,two");
    let document = read_as("broken.ugf", broken.as_bytes());
    let (_, _, snippet) = located(&document, "bad-archive-field");
    assert_eq!(snippet, "B,two");
}

/// sgfmill, an independent SGF reader and board, replays the converted SGF and reads the
/// same players, komi, handicap, result and moves. Skipped where Python has no sgfmill.
#[test]
fn sgfmill_reads_the_converted_sgf() {
    let available = Command::new("python3")
        .args(["-c", "import sgfmill"])
        .output()
        .is_ok_and(|out| out.status.success());
    if !available {
        println!("skipped: python3 with sgfmill is not available");
        return;
    }
    const SCRIPT: &str = r#"
import sys
from sgfmill import sgf, sgf_moves
game = sgf.Sgf_game.from_bytes(sys.stdin.buffer.read())
root = game.get_root()
board, moves = sgf_moves.get_setup_and_moves(game)
for colour, move in moves:
    if move is not None:
        board.play(move[0], move[1], colour)
def get(ident):
    return root.get(ident) if root.has_property(ident) else ""
print(get("PB")); print(get("PW")); print(game.get_komi()); print(game.get_handicap() or 0)
print(get("RE"))
size = game.get_size()
def point(move):
    return "" if move is None else "abcdefghijklmnopqrs"[move[1]] + "abcdefghijklmnopqrs"[size - 1 - move[0]]
print(" ".join(c.upper() + ":" + point(m) for c, m in moves))
"#;
    for (name, _) in FIXTURES {
        let sgf = write(&read(name), Format::Sgf);
        let mut child = Command::new("python3")
            .args(["-c", SCRIPT])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("python3 runs");
        use std::io::Write;
        child
            .stdin
            .take()
            .expect("stdin")
            .write_all(sgf.as_bytes())
            .expect("written");
        let out = child.wait_with_output().expect("sgfmill ran");
        assert!(
            out.status.success(),
            "{name}: sgfmill refuses the SGF: {}\n{sgf}",
            String::from_utf8_lossy(&out.stderr)
        );
        let stdout = String::from_utf8(out.stdout).expect("UTF-8");
        let lines: Vec<&str> = stdout.lines().collect();
        let want = expected(name);
        let info = |ident: &str| {
            want.info
                .iter()
                .find(|(i, _)| i == ident)
                .map_or("", |(_, v)| v.as_str())
        };
        assert_eq!(lines[0], info("PB"), "{name}: PB");
        assert_eq!(lines[1], info("PW"), "{name}: PW");
        let komi: f64 = lines[2].parse().expect("komi");
        assert_eq!(komi, info("KM").parse::<f64>().unwrap_or(0.0), "{name}: KM");
        assert_eq!(lines[3], want.setup.len().to_string(), "{name}: HA");
        assert_eq!(lines[4], info("RE"), "{name}: RE");
        assert_eq!(lines[5], want.moves.join(" "), "{name}: moves");
    }
}

/// A 9×9 GIB game that ends with two passes, Black walling the left five columns and
/// White the right four: 45 points to 36, so with 6.5 komi Black wins by 2.5. A recorded
/// W+3.5 is contradicted by the count; B+2.5 is not. Fields qipu does not read are named.
fn counted_gib(result_code: u32, tenths: u32) -> String {
    let mut lines = vec![
        String::from("\\HS"),
        String::from("\\[GAMEBLACKNAME=흑돌 (1D)\\]"),
        String::from("\\[GAMEWHITENAME=백돌 (1D)\\]"),
        String::from("\\[GAMEWAVATA=1\\]"),
        format!("\\[GAMEINFOMAIN=LINE:9,GONGJE:65,GRLT:{result_code},ZIPSU:{tenths}\\]"),
        String::from("\\HE"),
        String::from("\\GS"),
        String::from("INI 0 1 0 &4"),
    ];
    let mut n = 2;
    for row in 0..9 {
        lines.push(format!("STO 0 {n} 1 4 {row}"));
        lines.push(format!("STO 0 {} 2 5 {row}", n + 1));
        n += 2;
    }
    lines.push(format!("SKI 0 {n}"));
    lines.push(format!("SKI 0 {}", n + 1));
    lines.push(String::from("\\GE"));
    lines.join("\n") + "\n"
}

#[test]
fn a_result_the_count_contradicts_is_reported() {
    let wrong = read_as("wrong.gib", counted_gib(1, 35).as_bytes());
    let report = &wrong.records[0];
    assert_eq!(report.plies, 20, "{:?}", report.diagnostics);
    let (_, _, snippet) = located(&wrong, "result-mismatch");
    assert!(snippet.contains("GRLT:1"), "{snippet}");
    let (_, _, snippet) = located(&wrong, "unread-fields");
    assert_eq!(snippet, "1", "GAMEWAVATA's value");
    let right = read_as("right.gib", counted_gib(0, 25).as_bytes());
    let codes: Vec<&str> = right.records[0]
        .diagnostics
        .iter()
        .map(|d| d.code())
        .collect();
    assert!(!codes.contains(&"result-mismatch"), "{codes:?}");
    assert!(right.records[0].valid());
    let sgf = write(&right, Format::Sgf);
    assert!(
        sgf.contains("SZ[9]") && sgf.contains("RE[B+2.5]") && sgf.contains("W[]"),
        "{sgf}"
    );
}

/// An SGF tree node by node in preorder, as `.tree` files list it (written by
/// tools/go_archive_fixtures.py): the path of child indices (`root` for the root), the
/// move (`B:pd`, `W:` a pass, `-` none) and the comment, its lines joined by `|`.
fn tree_listing(tree: &GameTree) -> Vec<String> {
    let mut out = Vec::new();
    let mut pending = vec![(tree.root(), String::new())];
    while let Some((node, path)) = pending.pop() {
        let mv = ["B", "W"]
            .into_iter()
            .find_map(|c| Some(format!("{c}:{}", node.get(c)?.value()?.raw)))
            .unwrap_or_else(|| "-".to_string());
        let comment = node
            .get("C")
            .and_then(|p| p.value())
            .map(|v| unescape(v.raw, false).replace('\n', "|"))
            .unwrap_or_default();
        let name = if path.is_empty() { "root" } else { &path };
        out.push(format!("{name} {mv} {comment}").trim_end().to_string());
        let children: Vec<_> = node.children().collect();
        for (i, child) in children.into_iter().enumerate().rev() {
            let child_path = if path.is_empty() {
                i.to_string()
            } else {
                format!("{path}.{i}")
            };
            pending.push((child, child_path));
        }
    }
    out
}

/// A UGI review of the kind Pandanet's review tool writes (`[ReviewNode]` with nested
/// `VARIATION,` blocks and passes, `[ReviewComment]` with `.Comment,n` on the game, on
/// moves of each line and on an empty node): every side line becomes an SGF variation
/// where it branches off, every comment a `C` on its node (the empty node's on the move
/// before it), and a comment on a node the review lacks is kept on the game with a
/// warning. Nothing of the review is named as left out. sgfmill reads the same tree.
#[test]
fn review_trees_become_variations_and_comments() {
    let name = "review-tree.ugi";
    let document = read(name);
    let report = &document.records[0];
    let sgf = write(&document, Format::Sgf);
    let want: Vec<String> = std::fs::read_to_string(path(&format!("{name}.tree")))
        .expect("tree file")
        .lines()
        .map(str::to_string)
        .collect();
    let collection = parse(&sgf);
    assert_eq!(tree_listing(&collection.games[0]), want, "{sgf}");
    let (line, _, snippet) = located(&document, "figure-outside-game");
    assert_eq!(snippet, ".Comment,999");
    assert!(line > 40, "{line}");
    let record = report.record.as_ref().expect("kept");
    let left_out: Vec<String> = record
        .as_game_record()
        .left_out(Format::Sgf)
        .iter()
        .map(|l| l.to_string())
        .collect();
    assert!(
        left_out.iter().all(|l| !l.contains("Review")),
        "{left_out:?}"
    );
    let available = Command::new("python3")
        .args(["-c", "import sgfmill"])
        .output()
        .is_ok_and(|out| out.status.success());
    if !available {
        println!("skipped: python3 with sgfmill is not available");
        return;
    }
    const SCRIPT: &str = r#"
import sys
from sgfmill import sgf
game = sgf.Sgf_game.from_bytes(sys.stdin.buffer.read())
size = game.get_size()
def point(move):
    return "" if move is None else "abcdefghijklmnopqrs"[move[1]] + "abcdefghijklmnopqrs"[size - 1 - move[0]]
pending = [(game.get_root(), "")]
while pending:
    node, path = pending.pop()
    colour, move = node.get_move()
    text = "-" if colour is None else colour.upper() + ":" + point(move)
    comment = node.get("C").replace("\n", "|") if node.has_property("C") else ""
    print(((path or "root") + " " + text + " " + comment).rstrip())
    for i, child in reversed(list(enumerate(node))):
        pending.append((child, f"{path}.{i}" if path else str(i)))
"#;
    let mut child = Command::new("python3")
        .args(["-c", SCRIPT])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("python3 runs");
    use std::io::Write;
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(sgf.as_bytes())
        .expect("written");
    let out = child.wait_with_output().expect("sgfmill ran");
    assert!(out.status.success());
    let listed: Vec<String> = String::from_utf8(out.stdout)
        .expect("UTF-8")
        .lines()
        .map(str::to_string)
        .collect();
    assert_eq!(listed, want, "sgfmill reads another tree from\n{sgf}");
}

/// NGF's dialect of `GI` lines is read as NGF (it was read as SGF and answered
/// `no-game-tree`), with a note that it does not say who has Black.
#[test]
fn ngf_of_gi_lines_is_read_with_its_assumption_named() {
    let document = read("gi-chinese.ngf");
    let report = &document.records[0];
    let assumed: Vec<String> = report
        .diagnostics
        .iter()
        .filter(|d| d.code() == "archive-assumption")
        .map(|d| d.kind.message())
        .collect();
    assert!(
        assumed
            .iter()
            .any(|m| m.contains("does not say who has Black")),
        "{assumed:?}"
    );
    assert_eq!(report.plies, 12);
    let (_, _, snippet) = located(&document, "unread-fields");
    assert_eq!(snippet, "GI1");
}

/// A file named `.gib`, `.ngf`, `.ugf` or `.ugi` that is neither that format nor SGF is
/// answered in its format's terms; named `.sgf`, the same text is answered in SGF's; an
/// SGF game misnamed `.ngf` is read as SGF.
#[test]
fn a_file_named_as_an_archive_format_is_answered_in_its_terms() {
    let text = b"Rated game\nnot a header at all\n";
    for (name, format) in [
        ("x.gib", "GIB"),
        ("x.ngf", "NGF"),
        ("x.ugf", "UGF or UGI"),
        ("x.UGI", "UGF or UGI"),
    ] {
        let document = read_as(name, text);
        let report = &document.records[0];
        let [d] = &report.diagnostics[..] else {
            panic!("{name}: {:?}", report.diagnostics);
        };
        assert_eq!(d.code(), "not-archive-format", "{name}");
        assert!(
            d.kind
                .message()
                .starts_with(&format!("this file cannot be read as {format}: ")),
            "{name}: {}",
            d.kind.message()
        );
        let located = d.located(&document.text, &document.lines);
        assert_eq!(located.line_col(), Some((1, 1)), "{name}");
        let (zh, _) = d.kind.zh();
        assert!(zh.simplified().starts_with("此文件无法读作"), "{name}");
    }
    let document = read_as("x.sgf", text);
    assert_eq!(document.records[0].diagnostics[0].code(), "no-game-tree");
    let document = read_as("x.ngf", b"(;GM[1]FF[4]SZ[9];B[ee];W[cc])\n");
    let report = &document.records[0];
    assert!(
        report.valid() && report.plies == 2,
        "{:?}",
        report.diagnostics
    );
}
