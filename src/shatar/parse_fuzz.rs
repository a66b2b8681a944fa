//! Hostile input for the Shatar readers: random bytes, truncated samples, deep nesting.
//! Nothing may panic (that work grows linearly is counted in
//! tests/linear_work.rs). Test-only: it calls the parsers, which are private.

use super::grammar::parse_move;
use super::pgn::parse_pgn;
use super::scoresheet::parse_scoresheets;
use super::syntax::{looks_like_pgn, looks_like_shatar, ParsedGame};

#[path = "../../tests/it/support/rng.rs"]
mod rng;
use rng::Rng;

/// Fragments that drive the parsers into their interesting states.
const FRAGMENTS: &[&str] = &[
    "(",
    ")",
    "{",
    "}",
    "[",
    "]",
    "\"",
    "\\",
    ";",
    "；",
    ",",
    "，",
    "%",
    "$",
    "$300",
    "1.",
    "1...",
    "(7)",
    "（3）",
    "e2—e4",
    "Nf3:e5",
    "Bg4:d1?",
    "马g1—f3",
    "a8变虎",
    "a8变",
    "=Q",
    "(Q",
    "a8—Q",
    "O-O-O",
    "cd",
    "h：g5",
    "+#",
    "！？",
    "白方：",
    "蓝方：",
    "2007年x月x日",
    "白：王e1 夫a2b2",
    "蓝：",
    "1-0",
    "½-½",
    "白胜",
    "和",
    "*",
    "\n",
    "\n\n",
    " ",
    "[Variant \"Shatar\"]",
    "。",
    "x",
    "×",
    "—",
    "－",
    "虎",
    "獅",
    "变王",
    "\r\n",
];

fn check_sane(src: &str, games: &[ParsedGame]) {
    for game in games {
        assert!(game.span.start <= game.span.end && game.span.end <= src.len());
        for mv in &game.moves {
            assert!(src.get(mv.span.clone()).is_some(), "bad span {:?}", mv.span);
        }
        for err in &game.syntax_errors {
            assert!(
                src.get(err.span.clone()).is_some(),
                "bad error span {:?}",
                err.span
            );
        }
    }
}

fn parse_all(src: &str) {
    check_sane(src, &parse_scoresheets(src));
    check_sane(src, &parse_pgn(src));
    let _ = (looks_like_pgn(src), looks_like_shatar(src));
    for token in src.split_whitespace().take(50) {
        let _ = parse_move(token);
    }
}

#[test]
fn random_bytes_never_panic() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for _ in 0..2000 {
        let len = rng.below(200);
        let bytes: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
        parse_all(&String::from_utf8_lossy(&bytes));
    }
}

#[test]
fn random_fragments_never_panic() {
    let mut rng = Rng(42);
    for _ in 0..3000 {
        let src: String = (0..rng.below(40))
            .map(|_| FRAGMENTS[rng.below(FRAGMENTS.len())])
            .collect();
        parse_all(&src);
    }
}

#[test]
fn truncated_samples_never_panic() {
    let mut seen = 0;
    for entry in std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/samples/shatar"))
        .expect("samples/shatar exists")
    {
        let bytes = std::fs::read(entry.expect("readable entry").path()).expect("readable sample");
        let text = String::from_utf8_lossy(&bytes);
        for cut in (0..=text.len()).filter(|&n| text.is_char_boundary(n)) {
            parse_all(&text[..cut]);
        }
        seen += 1;
    }
    assert!(seen >= 3);
}

#[test]
fn deep_nesting_is_bounded() {
    for opener in ["(", "（", "{", "[", "1. e4 (", "(1)e4 (e5 "] {
        parse_all(&opener.repeat(100_000));
    }
}
