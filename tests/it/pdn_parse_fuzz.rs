//! The PDN reader on hostile input: no panic, bounded depth (linear work: tests/linear_work.rs).

use qipu::draughts::{from_syntax, write_pdn_game};
use qipu::draughts::{parse_pdn, MAX_VARIATION_DEPTH};
use qipu::draughts::{PdnGame, PdnMove, SyntaxErrorKind};

use crate::support::rng::Rng;

const SEED_TEXT: &str = "[Event \"Чемпионат\"]\n[GameType \"25,W,8,8,A0,0\"]\n[FEN \"W:W21-32,K5:B1-12\"]\n\
% escape line\n1. c3-d4 {к {x} } f6-g5 (1... f6-e5 2. d4xf6 g7xe5!) 2. b2-c3 $1 g5-h4?! 3. 22x15x8 a.l. \
19×10 e5:c3:a5 09-13 a3b4 1-0\n[White \"高\\\"文\"] 1. - - 2-0 + = * 1/2-1/2 /FEN \"W:W1:B2\"/ ((( )))";

/// Depth of the deepest variation in a game, walked with a stack.
fn max_depth(game: &PdnGame) -> usize {
    let mut stack: Vec<(&[PdnMove], usize)> = vec![(&game.moves, 0)];
    let mut deepest = 0;
    while let Some((moves, depth)) = stack.pop() {
        deepest = deepest.max(depth);
        for m in moves {
            for v in &m.variations {
                stack.push((&v.moves, depth + 1));
            }
        }
    }
    deepest
}

/// Parses `src` and writes every game back, checking span sanity.
fn exercise(src: &str) {
    for game in parse_pdn(src) {
        assert!(game.span.start <= game.span.end && game.span.end <= src.len());
        for e in &game.syntax_errors {
            assert!(
                e.span.start <= e.span.end && e.span.end <= src.len(),
                "{e:?}"
            );
            assert!(src.is_char_boundary(e.span.start) && src.is_char_boundary(e.span.end));
            assert!(!e.to_string().is_empty());
        }
        assert!(max_depth(&game) <= MAX_VARIATION_DEPTH);
        write_pdn_game(&from_syntax(&game));
    }
}

#[test]
fn random_bytes_do_not_panic() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    const ALPHABET: &[u8] = b"[]{}()\"\\$!?%*+=-x:./0123456789abcdefghKWB \n\r\t";
    for round in 0..3000 {
        let len = (rng.next() % 300) as usize;
        let bytes: Vec<u8> = (0..len)
            .map(|_| {
                let r = rng.next();
                if round % 3 == 0 {
                    r as u8
                } else {
                    ALPHABET[(r % ALPHABET.len() as u64) as usize]
                }
            })
            .collect();
        exercise(&String::from_utf8_lossy(&bytes));
    }
}

#[test]
fn every_truncation_and_mutation_reads() {
    for end in (0..=SEED_TEXT.len()).filter(|&e| SEED_TEXT.is_char_boundary(e)) {
        exercise(&SEED_TEXT[..end]);
        exercise(&SEED_TEXT[end..]);
    }
    let mut rng = Rng(42);
    let chars: Vec<char> = SEED_TEXT.chars().collect();
    for _ in 0..2000 {
        let mut c = chars.clone();
        for _ in 0..3 {
            let at = (rng.next() % c.len() as u64) as usize;
            c[at] = char::from(b"[]{}()\"\\$%-x \n"[(rng.next() % 14) as usize]);
        }
        exercise(&c.iter().collect::<String>());
    }
}

#[test]
fn hundred_thousand_open_parens() {
    let src = format!("1. 9-13 {}", "(".repeat(100_000));
    let games = parse_pdn(&src);
    assert_eq!(games.len(), 1);
    assert!(max_depth(&games[0]) <= MAX_VARIATION_DEPTH);
    assert!(games[0]
        .syntax_errors
        .iter()
        .any(|e| e.kind == SyntaxErrorKind::VariationTooDeep));

    let src = format!(
        "1. 9-13 {}22-18{} 22-18 *",
        "(22-18 ".repeat(100_000),
        ")".repeat(100_000)
    );
    let games = parse_pdn(&src);
    assert_eq!(games.len(), 1);
    assert_eq!(
        games[0].moves.len(),
        2,
        "the line after the deep nest is read again"
    );
    write_pdn_game(&from_syntax(&games[0]));
}
