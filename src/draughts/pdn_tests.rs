//! Tests of the PDN reader and writer on the syntax records, which are private: against
//! real-shaped archives (this package's own, and the shared corpus when it is beside the
//! package) and the samples, and on hostile input (no panic, bounded depth; linear work:
//! tests/linear_work.rs). The integration tests' helpers for finding those files are
//! included from tests/it/support.

use std::fs;
use std::path::{Path, PathBuf};

use super::pdn::parse_pdn;
use super::pdn_writer::{write_pdn_game, WriteGame, WriteMove};
use super::syntax::{Comment, CommentKind, GameResult, PdnGame, PdnMove, SyntaxErrorKind};
use crate::pgn::MAX_VARIATION_DEPTH;

#[path = "../../tests/it/support/corpus.rs"]
mod corpus;
#[path = "../../tests/it/support/fixtures.rs"]
mod fixtures;
// The integration tests read the rest of what it says of the archives.
#[allow(dead_code)]
#[path = "../../tests/it/support/pdn_archives.rs"]
mod pdn_archives;
#[path = "../../tests/it/support/rng.rs"]
mod rng;

use pdn_archives::{pdn_archives, PdnArchive};
use rng::Rng;

/// Builds a `WriteGame` from a parsed game, keeping squares as written (leading zeros
/// dropped) and normalising separators to `-` and `x`, for the round trips below;
/// comment-only variations and variation results are not kept.
fn from_syntax(game: &PdnGame) -> WriteGame {
    let (first_move_number, black_first) = match game.moves.first().and_then(|m| m.number.as_ref())
    {
        Some(n) => (n.value.max(1), n.black),
        None => (1, false),
    };
    WriteGame {
        tags: game
            .tags
            .iter()
            .map(|t| (t.name.to_owned(), t.value.to_string()))
            .collect(),
        first_move_number,
        black_first,
        moves: convert_line(&game.moves),
        comments: game.comments.iter().map(comment_text).collect(),
        result: game.result.as_ref().map(|(r, _)| r.as_str().to_owned()),
        ..WriteGame::default()
    }
}

/// Comment text for the writer; setup commands keep their `/.../` form inside the braces.
fn comment_text(c: &Comment) -> String {
    match c.kind {
        CommentKind::Brace => c.text.clone(),
        CommentKind::Setup => format!("/{}/", c.text),
    }
}

/// Converts a line of parsed moves, walking nested variations with an explicit stack.
fn convert_line(moves: &[PdnMove]) -> Vec<WriteMove> {
    /// A source line and the output line it fills, plus where to hang the result.
    struct Job<'a> {
        src: &'a [PdnMove],
        out: Vec<WriteMove>,
        /// Index path: (parent job, move index in the parent's output).
        parent: Option<(usize, usize)>,
    }

    let mut jobs = vec![Job {
        src: moves,
        out: Vec::new(),
        parent: None,
    }];
    let mut i = 0;
    while i < jobs.len() {
        let src = jobs[i].src;
        for (k, m) in src.iter().enumerate() {
            jobs[i].out.push(convert_move(m));
            for v in &m.notes().variations {
                jobs.push(Job {
                    src: &v.moves,
                    out: Vec::new(),
                    parent: Some((i, k)),
                });
            }
        }
        i += 1;
    }
    // Children come after their parents, so filling from the back builds the tree bottom-up;
    // a reverse walk of siblings keeps their order once each is inserted at the front.
    while jobs.len() > 1 {
        let Some(job) = jobs.pop() else { break };
        if let Some((p, k)) = job.parent {
            jobs[p].out[k].variations.insert(0, job.out);
        }
    }
    jobs.pop().map(|j| j.out).unwrap_or_default()
}

/// One parsed move as text with its annotations.
fn convert_move(m: &PdnMove) -> WriteMove {
    let sep = if m.is_capture { "x" } else { "-" };
    let mut text = m
        .squares
        .iter()
        .map(|s| s.kind.to_string())
        .collect::<Vec<_>>()
        .join(sep);
    if text.is_empty() {
        // The placeholder for a move that was not recorded.
        text.push('-');
    }
    if let Some(s) = &m.notes().strength {
        if s.parenthesised {
            text.push('(');
            text.push_str(&s.marks);
            text.push(')');
        } else {
            text.push_str(&s.marks);
        }
    }
    if m.notes().alternative_route.is_some() {
        text.push_str(" a.l.");
    }
    WriteMove {
        text,
        nags: m.notes().nags.clone(),
        comments_before: m.notes().comments_before.iter().map(comment_text).collect(),
        comments_after: m.notes().comments_after.iter().map(comment_text).collect(),
        variations: Vec::new(),
    }
}

/// Writes several games separated by blank lines.
fn write_pdn_games(games: &[WriteGame]) -> String {
    games
        .iter()
        .map(write_pdn_game)
        .collect::<Vec<_>>()
        .join("\n")
}

/// All `.pdn` files under `dir`, sorted.
fn pdn_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(d) = dirs.pop() {
        let Ok(entries) = fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == "pdn") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

fn read(p: &Path) -> String {
    fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

#[test]
fn archives_read_without_syntax_errors() {
    for archive in pdn_archives("corpus files read without syntax errors") {
        reads_without_syntax_errors(&archive);
    }
}

fn reads_without_syntax_errors(archive: &PdnArchive) {
    let files = archive.files();
    assert_eq!(files.len(), 9, "{files:?}");
    for f in files {
        let text = read(&f);
        let games = parse_pdn(&text);
        assert!(!games.is_empty(), "{}", f.display());
        let errors: Vec<_> = games.iter().flat_map(|g| &g.syntax_errors).collect();
        if f.file_name()
            .is_some_and(|n| n.to_string_lossy().starts_with("fail-"))
        {
            assert_eq!(errors.len(), 1, "{}: {errors:?}", f.display());
            assert_eq!(errors[0].kind, SyntaxErrorKind::NestedComment);
        } else {
            assert!(errors.is_empty(), "{}: {errors:?}", f.display());
        }
    }
}

#[test]
fn grammar_edge_cases() {
    for archive in pdn_archives("the corpus's grammar edge cases") {
        edge_cases(&archive);
    }
}

fn edge_cases(archive: &PdnArchive) {
    let text = read(&archive.grammar("alphanumeric.pdn"));
    let g = &parse_pdn(&text)[0];
    assert_eq!(g.moves.len(), 1);
    assert_eq!(g.moves[0].squares.len(), 2);

    let text = read(&archive.grammar("movestrength.pdn"));

    let g = &parse_pdn(&text)[0];
    assert_eq!(g.moves.len(), 3);
    let s = g.moves[1].notes().strength.as_ref().expect("strength");
    assert_eq!((s.marks.as_str(), s.parenthesised), ("!?!!!", true));

    let text = read(&archive.grammar("fen.pdn"));

    let games = parse_pdn(&text);
    assert_eq!(games.len(), 3);
    assert!(
        games
            .iter()
            .all(|g| g.fen.is_some()
                && g.result.as_ref().map(|r| r.0) == Some(GameResult::Unfinished))
    );

    let text = read(&archive.grammar("string.pdn"));

    let g = &parse_pdn(&text)[0];
    let (name, value) = archive.escaped_tag;
    assert_eq!(g.tag(name), Some(value));

    let text = read(&archive.grammar("variation.pdn"));

    let g = &parse_pdn(&text)[0];
    assert_eq!(g.moves.len(), 4);
    assert_eq!(
        g.moves[1].notes().variations[0].moves[1].notes().variations[0]
            .moves
            .len(),
        2
    );

    let text = read(&archive.grammar("linecomment.pdn"));

    let g = &parse_pdn(&text)[0];
    assert_eq!(g.tag("Date"), Some(archive.date));
}

#[test]
fn russian_archives_have_their_games_with_tags() {
    for archive in pdn_archives("the corpus's Russian archive has its games") {
        russian_games_with_tags(&archive);
    }
}

fn russian_games_with_tags(archive: &PdnArchive) {
    let text = read(&archive.russian());
    let games = parse_pdn(&text);
    assert_eq!(games.len(), archive.russian_games);
    for g in &games {
        assert!(g.tags.len() >= 7, "{:?}", g.tags);
        assert!(g.tag("White").is_some() && g.tag("Black").is_some());
        assert!(g.result.is_some() && !g.moves.is_empty());
    }
    assert_eq!(games[0].tag("Event"), Some(archive.first_event));
    assert_eq!(games[0].moves.len(), archive.first_plies);
}

#[test]
fn spans_with_cyrillic_and_cjk() {
    for archive in pdn_archives("the corpus's Unicode spans") {
        let src = read(&archive.grammar("unicode.pdn"));
        let g = &parse_pdn(&src)[0];
        let [white, black, first, target] = archive.unicode;
        assert_eq!(&src[g.tags[0].value_span.clone()], white);
        assert_eq!(&src[g.tags[1].value_span.clone()], black);
        assert_eq!(&src[g.moves[0].span.clone()], first);
        assert_eq!(&src[g.moves[1].squares[1].span.clone()], target);
    }

    let src = "[White \"Сергей\"] {高文龙 ход} 1. с3-d4 c3-d4 *";
    let g = &parse_pdn(src)[0];
    assert_eq!(&src[g.moves[0].span.clone()], "c3-d4");
    assert_eq!(&src[g.syntax_errors[0].span.clone()], "с3-d4"); // a Cyrillic `с`
    assert_eq!(
        &src[g.moves[0].notes().comments_before[0].span.clone()],
        "{高文龙 ход}"
    );
}

/// Parse, write, parse, write: the two writes must be identical.
fn round_trip(src: &str, what: &str) {
    let first = write_pdn_games(&parse_pdn(src).iter().map(from_syntax).collect::<Vec<_>>());
    let reparsed = parse_pdn(&first);
    assert!(
        reparsed.iter().all(|g| g.syntax_errors.is_empty()),
        "{what}: {first}"
    );
    let second = write_pdn_games(&reparsed.iter().map(from_syntax).collect::<Vec<_>>());
    assert_eq!(first, second, "{what}");
    assert!(first.lines().all(|l| l.chars().count() < 80), "{what}");
}

#[test]
fn writer_round_trip() {
    let mut files: Vec<PathBuf> = pdn_archives("corpus files written back")
        .iter()
        .flat_map(PdnArchive::files)
        .collect();
    files.extend(pdn_files(&fixtures::sample("draughts")));
    for f in files {
        round_trip(&read(&f), &f.display().to_string());
    }
}

#[test]
fn samples_read_cleanly() {
    let files = pdn_files(&fixtures::sample("draughts"));
    assert!(files.len() >= 4);
    for f in files {
        let text = read(&f);
        let games = parse_pdn(&text);
        assert!(!games.is_empty(), "{}", f.display());
        for g in &games {
            assert!(
                g.syntax_errors.is_empty(),
                "{}: {:?}",
                f.display(),
                g.syntax_errors
            );
            assert!(
                g.game_type.is_some() && g.result.is_some(),
                "{}",
                f.display()
            );
        }
    }
    let src = read(&fixtures::sample(
        "draughts/brazilian_top_numbering_fen.pdn",
    ));
    let fen = parse_pdn(&src)[0].fen.clone().expect("FEN tag");
    assert_eq!(&src[fen.sides[0].entries[0].span.clone()], "21-32");
}

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
            for v in &m.notes().variations {
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
