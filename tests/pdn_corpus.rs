//! The PDN reader and writer against the shared corpus and the project samples.

use std::fs;
use std::path::{Path, PathBuf};

use qipu::draughts::pdn::parse_pdn;
use qipu::draughts::pdn_writer::{from_syntax, write_pdn_games};
use qipu::draughts::syntax::{GameResult, SyntaxErrorKind};

const CORPUS: &str = "../shared/corpus/draughts";

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
fn corpus_reads_without_syntax_errors() {
    let files = pdn_files(Path::new(CORPUS));
    assert!(files.len() >= 9, "corpus not found at {CORPUS}");
    for f in files {
        let games = parse_pdn(&read(&f));
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
    let dir = Path::new(CORPUS).join("pdn-grammar");
    let g = &parse_pdn(&read(&dir.join("alphanumeric.pdn")))[0];
    assert_eq!(g.moves.len(), 1);
    assert_eq!(g.moves[0].squares.len(), 2);

    let g = &parse_pdn(&read(&dir.join("movestrength.pdn")))[0];
    assert_eq!(g.moves.len(), 3);
    let s = g.moves[1].strength.as_ref().expect("strength");
    assert_eq!((s.marks.as_str(), s.parenthesised), ("!?!!!", true));

    let games = parse_pdn(&read(&dir.join("fen.pdn")));
    assert_eq!(games.len(), 3);
    assert!(
        games
            .iter()
            .all(|g| g.fen.is_some()
                && g.result.as_ref().map(|r| r.0) == Some(GameResult::Unfinished))
    );

    let g = &parse_pdn(&read(&dir.join("string.pdn")))[0];
    assert_eq!(
        g.tag("White"),
        Some("This is a string with an escaped character \"")
    );

    let g = &parse_pdn(&read(&dir.join("variation.pdn")))[0];
    assert_eq!(g.moves.len(), 4);
    assert_eq!(
        g.moves[1].variations[0].moves[1].variations[0].moves.len(),
        2
    );

    let g = &parse_pdn(&read(&dir.join("linecomment.pdn")))[0];
    assert_eq!(g.tag("Date"), Some("2012.02.01"));
}

#[test]
fn abatsiev_has_56_games_with_tags() {
    let games = parse_pdn(&read(&Path::new(CORPUS).join("russian/abatsiev.pdn")));
    assert_eq!(games.len(), 56);
    for g in &games {
        assert!(g.tags.len() >= 7, "{:?}", g.tags);
        assert!(g.tag("White").is_some() && g.tag("Black").is_some());
        assert!(g.result.is_some() && !g.moves.is_empty());
    }
    assert_eq!(games[0].tag("Event"), Some("XXV первенство СССР"));
    assert_eq!(games[0].moves.len(), 83);
}

#[test]
fn spans_with_cyrillic_and_cjk() {
    let src = read(&Path::new(CORPUS).join("pdn-grammar/unicode.pdn"));
    let g = &parse_pdn(&src)[0];
    assert_eq!(&src[g.tags[0].value_span.clone()], "Сергей Фадеев");
    assert_eq!(&src[g.tags[1].value_span.clone()], "高文龙");
    assert_eq!(&src[g.moves[0].span.clone()], "32-28");
    assert_eq!(&src[g.moves[1].squares[1].span.clone()], "23");

    let src = "[White \"Сергей\"] {高文龙 ход} 1. с3-d4 c3-d4 *";
    let g = &parse_pdn(src)[0];
    assert_eq!(&src[g.moves[0].span.clone()], "c3-d4");
    assert_eq!(&src[g.syntax_errors[0].span.clone()], "с3-d4"); // a Cyrillic `с`
    assert_eq!(
        &src[g.moves[0].comments_before[0].span.clone()],
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
    let mut files = pdn_files(Path::new(CORPUS));
    files.extend(pdn_files(Path::new("samples/draughts")));
    for f in files {
        round_trip(&read(&f), &f.display().to_string());
    }
}

#[test]
fn samples_read_cleanly() {
    let files = pdn_files(Path::new("samples/draughts"));
    assert!(files.len() >= 4);
    for f in files {
        let games = parse_pdn(&read(&f));
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
    let src = read(Path::new(
        "samples/draughts/brazilian_top_numbering_fen.pdn",
    ));
    let fen = parse_pdn(&src)[0].fen.clone().expect("FEN tag");
    assert_eq!(&src[fen.sides[0].entries[0].span.clone()], "21-32");
}
