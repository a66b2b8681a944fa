//! `--repair`: a move no legal move fits is replayed as the one that fits what the
//! writer evidently meant, reported as `repaired` after its error; where several fit,
//! nothing is repaired. The rulebook's example game is the case the issue names.

use crate::support::run::qipu;
use qipu::diag::Repaired;
use qipu::{read_str, Document, Game, ReadOptions};
use serde_json::Value;

fn read(game: Game, name: &str, text: &str, repair: bool) -> Document {
    let options = ReadOptions {
        game: Some(game),
        keep_records: true,
        repair,
        ..ReadOptions::default()
    };
    read_str(name, text, &options)
}

/// Each diagnostic as `code@ply`, and each repair as `written→used`.
fn summary(document: &Document) -> (Vec<String>, Vec<String>) {
    let record = &document.records[0];
    let codes = record
        .diagnostics
        .iter()
        .map(|d| format!("{}@{}", d.code(), d.ply.unwrap_or(0)))
        .collect();
    let repairs = record
        .diagnostics
        .iter()
        .filter_map(|d| d.kind.game_issue::<Repaired>())
        .map(|r| format!("{}→{}", r.written, r.used))
        .collect();
    (codes, repairs)
}

fn json_lines(stdout: &str) -> Vec<Value> {
    stdout
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

#[test]
fn the_rulebook_example_replays_to_mate_with_one_repair() {
    let (stdout, _, status) = qipu(&[
        "validate",
        "--repair",
        "--format",
        "json",
        "samples/shatar/rulebook-full.txt",
    ]);
    assert_eq!(status, 1, "the record stays invalid");
    let record = &json_lines(&stdout)[0];
    let diagnostics = record["diagnostics"].as_array().unwrap();
    assert_eq!(diagnostics[0]["code"], "no-such-piece");
    assert_eq!(diagnostics[0]["ply"], 12);
    assert_eq!(diagnostics[0]["help"], "did you mean Ke8—e7?");
    assert_eq!(diagnostics[1]["code"], "repaired");
    // Blue's one mis-recorded round, with what the rules provide for it (nothing).
    assert_eq!(diagnostics[2]["code"], "recording-errors");
    assert_eq!(diagnostics[2]["side"], "blue");
    assert_eq!(diagnostics.len(), 3);
    assert_eq!(record["plies"], 13, "replayed to 7. Nc3—d5#");
    let repaired = record["repaired"].as_array().unwrap();
    assert_eq!(repaired.len(), 1);
    assert_eq!(repaired[0]["ply"], 12);
    assert_eq!(repaired[0]["written"], "Kd8—d7");
    assert_eq!(repaired[0]["used"], "Ke8—e7");
    assert_eq!(repaired[0]["line"], 5);
    assert_eq!(repaired[0]["column"], 30);

    // The repaired game, written out, is the corrected game: it reads clean to mate,
    // and says where it was repaired.
    let (pgn, _, _) = qipu(&[
        "convert",
        "--repair",
        "--to",
        "pgn",
        "samples/shatar/rulebook-full.txt",
    ]);
    assert!(
        pgn.contains("Ke7\n{repaired, written as Kd8—d7} 7. Nd5# 1-0"),
        "{pgn}"
    );
    let again = read(Game::Shatar, "repaired.pgn", &pgn, false);
    assert!(
        again.records[0].valid(),
        "{:?}",
        again.records[0].diagnostics
    );
    assert_eq!(again.records[0].plies, 13);
}

#[test]
fn without_repair_nothing_changes() {
    let (stdout, _, _) = qipu(&[
        "validate",
        "--format",
        "json",
        "samples/shatar/rulebook-full.txt",
    ]);
    let record = &json_lines(&stdout)[0];
    assert!(record.get("repaired").is_none());
    assert_eq!(record["plies"], 11);
    assert_eq!(record["diagnostics"].as_array().unwrap().len(), 1);
}

#[test]
fn every_record_read_with_repair_lists_its_repairs() {
    let (stdout, _, _) = qipu(&[
        "validate",
        "--repair",
        "--format",
        "json",
        "samples/shatar/latin-full.txt",
    ]);
    for record in json_lines(&stdout) {
        assert_eq!(record["repaired"], Value::Array(Vec::new()));
    }
}

#[test]
fn shatar_repairs_follow_the_writers_intent() {
    // (move as written, what the repair replays, the intent)
    let cases = [
        // The same piece to the same square from the origin it stands on.
        ("1. d4 d5 2. Nh3-f3 Nf6", "Nh3-f3→Ng1—f3"),
        // The same piece, the destination one rank off: a pawn that may not step two.
        ("1. d4 d5 2. e2-e4 Nf6", "e2-e4→e2—e3"),
        // Another piece letter on the written origin and square.
        ("1. d4 d5 2. Bb1-c3 Nf6", "Bb1-c3→Nb1—c3"),
    ];
    for (game, expected) in cases {
        let document = read(Game::Shatar, "case.txt", &format!("{game} *\n"), true);
        let (codes, repairs) = summary(&document);
        assert_eq!(repairs, [expected], "{game}: {codes:?}");
        assert_eq!(document.records[0].plies, 4, "{game}: replay goes on");
        assert!(!document.records[0].valid(), "{game}: the error stays");
    }
}

#[test]
fn where_several_moves_fit_nothing_is_repaired() {
    let document = read(
        Game::Shatar,
        "samples/shatar/error-ambiguous.txt",
        &std::fs::read_to_string("samples/shatar/error-ambiguous.txt").unwrap(),
        true,
    );
    let (codes, repairs) = summary(&document);
    assert_eq!(codes, ["ambiguous-move@5"]);
    assert!(repairs.is_empty());
    // A knight one square off from two squares it could reach: two fit.
    let document = read(Game::Shatar, "two.txt", "1. d4 d5 2. Nd3 Nf6 *\n", true);
    let (codes, repairs) = summary(&document);
    assert!(repairs.is_empty(), "{codes:?}");
    assert_eq!(document.records[0].plies, 2);
}

#[test]
fn later_errors_are_still_reported() {
    let document = read(
        Game::Shatar,
        "two-errors.txt",
        "1. d4 d5 2. Nh3-f3 Nf6 3. Qd1-d5 e6 *\n",
        true,
    );
    let (codes, repairs) = summary(&document);
    assert_eq!(repairs, ["Nh3-f3→Ng1—f3"]);
    assert!(codes.len() >= 3, "{codes:?}");
    assert_eq!(codes[0], "no-such-piece@3");
    assert!(codes[2].ends_with("@5"), "the second error: {codes:?}");
}

#[test]
fn draughts_repairs_a_capture_cut_short_and_a_missing_capture_sign() {
    let cut = "[GameType \"25\"]\n[FEN \"W:Wc3,h2:Bd4,f6,a7\"]\n\n1. c3:e5 a7-b6 2. h2-g3 *\n";
    let document = read(Game::Draughts, "cut.pdn", cut, true);
    let (codes, repairs) = summary(&document);
    assert_eq!(codes, ["illegal-move@1", "repaired@1"]);
    assert_eq!(repairs, ["c3:e5→c3xg7"]);
    assert_eq!(document.records[0].plies, 3);

    // `c3-d4` onto the man it must take: the one capture of the piece, one square on.
    let sign = "[GameType \"25\"]\n[FEN \"W:Wc3,e3:Bd4,a7\"]\n\n1. c3-d4 a7-b6 *\n";
    let (_, repairs) = summary(&read(Game::Draughts, "sign.pdn", sign, true));
    assert_eq!(repairs, ["c3-d4→c3xe5"]);

    // Two captures one square off the square written: no repair.
    let several = "[GameType \"25\"]\n[FEN \"W:Wc3:Bd4,b4,h8\"]\n\n1. c3:c5 h8-g7 *\n";
    let document = read(Game::Draughts, "several.pdn", several, true);
    let (codes, repairs) = summary(&document);
    assert_eq!(codes, ["illegal-move@1"]);
    assert!(repairs.is_empty());
    assert_eq!(document.records[0].plies, 0);
}

#[test]
fn go_repairs_a_stone_written_in_the_other_colours_turn() {
    // Black moved last; B[aa] would be suicide, White may play there.
    let sgf = "(;FF[4]GM[1]SZ[9];B[ee];W[ba];B[ff];W[ab];B[gg];B[aa];B[hh])";
    let document = read(Game::Go, "colour.sgf", sgf, true);
    let (codes, repairs) = summary(&document);
    assert_eq!(codes, ["suicide@6", "repaired@6"]);
    assert_eq!(repairs, ["B[aa]→W[aa]"]);
    assert_eq!(document.records[0].plies, 7);
    let unrepaired = read(Game::Go, "colour.sgf", sgf, false);
    assert_eq!(unrepaired.records[0].plies, 5);

    // In its own turn the stone is not repaired: nothing says the colour is wrong.
    let own_turn = "(;FF[4]GM[1]SZ[9];B[ee];W[ba];B[ff];W[ab];B[aa])";
    let (codes, repairs) = summary(&read(Game::Go, "own.sgf", own_turn, true));
    assert_eq!(codes, ["suicide@5"]);
    assert!(repairs.is_empty());
}

#[test]
fn a_repaired_move_is_written_with_what_the_record_said() {
    let (json, _, _) = qipu(&[
        "convert",
        "--repair",
        "--to",
        "json",
        "samples/shatar/rulebook-short.txt",
    ]);
    let record = &json_lines(&json)[0];
    let twelfth = &record["moves"][11];
    assert_eq!(twelfth["text"], "Kd7", "the move as written");
    assert_eq!(twelfth["san"], "Ke7", "the move replayed");
    assert_eq!(twelfth["comment"], "repaired, written as Kd7");
    assert!(record.get("unreplayed").is_none());
}

#[test]
fn repair_never_panics_and_each_repair_follows_its_error() {
    // Over the samples, the fixtures and mutated copies of them, read as each family:
    // a repair comes right after an error of the same ply, and repairing only adds.
    let originals = crate::support::mutate::originals("repair");
    let mut inputs = originals.own.clone();
    inputs.extend(originals.mutated(200, 0, 16 * 1024, 0x5EAD_0011));
    assert!(inputs.len() > 200);
    let mut repairs = 0;
    for bytes in &inputs {
        for game in [Game::Shatar, Game::Draughts, Game::Go] {
            let read = |repair| {
                let options = ReadOptions {
                    game: Some(game),
                    keep_records: true,
                    repair,
                    ..ReadOptions::default()
                };
                qipu::read_document("input", bytes, &options)
            };
            let (plain, repaired) = (read(false), read(true));
            assert_eq!(plain.records.len(), repaired.records.len());
            for (before, after) in plain.records.iter().zip(&repaired.records) {
                assert!(after.plies >= before.plies);
                assert_eq!(
                    before.valid(),
                    after.valid(),
                    "repair never makes a record valid"
                );
                for (i, d) in after.diagnostics.iter().enumerate() {
                    if d.kind.game_issue::<Repaired>().is_some() {
                        repairs += 1;
                        let error = &after.diagnostics[i - 1];
                        assert_eq!(error.severity, qipu::Severity::Error);
                        assert_eq!(error.ply, d.ply);
                    }
                }
            }
        }
    }
    assert!(repairs > 0, "no repair made: the property checked nothing");
}
