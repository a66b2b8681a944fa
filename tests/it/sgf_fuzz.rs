//! Untrusted input: random bytes, truncated records, pathological nesting and length. The
//! reader, checker and writer must not panic nor overflow the stack (that work grows
//! linearly is counted in tests/linear_work.rs).

use qipu::family::Family;
use qipu::go::check_tree;
use qipu::go::sgf::{parse, Collection};
use qipu::go::write_collection;
use qipu::go::Go;

use crate::support::rng::Rng;
use crate::support::sgf::{archives, decode, samples_dir, sgf_files};

/// Everything a consumer would do with a text; the writer's output must be a fixed point.
fn exercise(text: &str) -> Collection {
    let c = parse(text);
    for game in &c.games {
        check_tree(game);
    }
    let once = write_collection(&c);
    let again = parse(&once);
    assert_eq!(
        write_collection(&again),
        once,
        "writer not idempotent on {text:?}"
    );
    c
}

#[test]
fn random_bytes() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for _ in 0..2000 {
        let len = rng.below(200);
        let bytes: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
        Go.declared_charset(&bytes);
        exercise(&String::from_utf8_lossy(&bytes));
    }
}

#[test]
fn random_sgf_tokens() {
    const TOKENS: [&str; 22] = [
        "(", ")", ";", "[", "]", "\\", ":", "B", "W", "AB", "SZ[", "C[", "aa", "tt", "\n", " ",
        "\r\n", "KM[", "AddBlack", "x", "é", "\\\n",
    ];
    let mut rng = Rng(42);
    for _ in 0..3000 {
        let n = rng.below(60);
        let text: String = (0..n).map(|_| TOKENS[rng.below(TOKENS.len())]).collect();
        Go.declared_charset(text.as_bytes());
        exercise(&text);
    }
}

#[test]
fn truncated_records() {
    let files = archives("truncated corpus files")
        .into_iter()
        .flat_map(|archive| sgf_files(&archive.dir))
        .chain(sgf_files(&samples_dir()));
    for path in files {
        let bytes = std::fs::read(&path).expect("readable file");
        let text = decode(&bytes);
        let cuts: Vec<usize> = (0..=text.len())
            .step_by((text.len() / 150).max(1))
            .collect();
        for cut in cuts.into_iter().filter(|&k| text.is_char_boundary(k)) {
            exercise(&text[..cut]);
            Go.declared_charset(&bytes[..cut.min(bytes.len())]);
        }
    }
}

#[test]
fn hundred_thousand_open_parens() {
    let n = 100_000;
    // No property anywhere: parentheses, not a record.
    assert!(exercise(&"(".repeat(n)).games.is_empty());
    assert!(exercise(&"(;".repeat(n)).games.is_empty());
    // Never closed: closed at the end of the text.
    assert_eq!(exercise(&"(;C[x]".repeat(n)).games[0].len(), n);
    let nested = format!("(;GM[1]{}{})", "(;B[aa]".repeat(n), ")".repeat(n));
    assert_eq!(exercise(&nested).games[0].len(), n + 1);
}

#[test]
fn deep_branching_tree_round_trips() {
    // Every node has a leaf and a deeper branch: the writer must open 100 000 nested variations.
    let n = 100_000;
    let text = format!("(;GM[1]{}{})", "(;W[cc])(;B[aa]".repeat(n), ")".repeat(n));
    let c = exercise(&text);
    assert_eq!(c.games[0].len(), 2 * n + 1);
    let written = write_collection(&c);
    assert_eq!(written.matches('(').count(), 2 * n + 1);
}

fn main_line(n: usize) -> String {
    let mut text = String::with_capacity(n * 6 + 16);
    text.push_str("(;GM[1]SZ[19]");
    for i in 0..n {
        text.push_str(if i % 2 == 0 { ";B[" } else { ";W[" });
        text.push(char::from(b'a' + (i % 19) as u8));
        text.push(char::from(b'a' + (i / 19 % 19) as u8));
        text.push(']');
    }
    text.push(')');
    text
}

#[test]
fn million_node_main_line_reads_whole() {
    let c = exercise(&main_line(1_000_000));
    assert_eq!(c.games[0].main_line().count(), 1_000_001);
}

#[test]
fn huge_unterminated_value_reads() {
    let unterminated = format!("(;C[{}", "x".repeat(2_000_000));
    assert_eq!(parse(&unterminated).games.len(), 1);
}
