//! The PDN reader and writer against real-shaped archives (this package's own, and the
//! shared corpus when it is beside the package) and the project samples.

use std::fs;
use std::path::{Path, PathBuf};

use qipu::draughts::parse_pdn;
use qipu::draughts::{from_syntax, write_pdn_games};
use qipu::draughts::{GameResult, SyntaxErrorKind};

use crate::support::pdn_archives::{pdn_archives, PdnArchive};

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
    for archive in pdn_archives("the corpus's grammar edge cases") {
        edge_cases(&archive);
    }
}

fn edge_cases(archive: &PdnArchive) {
    let g = &parse_pdn(&read(&archive.grammar("alphanumeric.pdn")))[0];
    assert_eq!(g.moves.len(), 1);
    assert_eq!(g.moves[0].squares.len(), 2);

    let g = &parse_pdn(&read(&archive.grammar("movestrength.pdn")))[0];
    assert_eq!(g.moves.len(), 3);
    let s = g.moves[1].strength.as_ref().expect("strength");
    assert_eq!((s.marks.as_str(), s.parenthesised), ("!?!!!", true));

    let games = parse_pdn(&read(&archive.grammar("fen.pdn")));
    assert_eq!(games.len(), 3);
    assert!(
        games
            .iter()
            .all(|g| g.fen.is_some()
                && g.result.as_ref().map(|r| r.0) == Some(GameResult::Unfinished))
    );

    let g = &parse_pdn(&read(&archive.grammar("string.pdn")))[0];
    let (name, value) = archive.escaped_tag;
    assert_eq!(g.tag(name), Some(value));

    let g = &parse_pdn(&read(&archive.grammar("variation.pdn")))[0];
    assert_eq!(g.moves.len(), 4);
    assert_eq!(
        g.moves[1].variations[0].moves[1].variations[0].moves.len(),
        2
    );

    let g = &parse_pdn(&read(&archive.grammar("linecomment.pdn")))[0];
    assert_eq!(g.tag("Date"), Some(archive.date));
}

#[test]
fn russian_archives_have_their_games_with_tags() {
    for archive in pdn_archives("the corpus's Russian archive has its games") {
        russian_games_with_tags(&archive);
    }
}

fn russian_games_with_tags(archive: &PdnArchive) {
    let games = parse_pdn(&read(&archive.russian()));
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
    let mut files: Vec<PathBuf> = pdn_archives("corpus files written back")
        .iter()
        .flat_map(PdnArchive::files)
        .collect();
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
