//! Shatar validation against truth we did not write: the rulebook's example game and
//! random games played by an independent engine (python-chess restricted to Shatar
//! rules, see `tools/oracle/shatar_random_games.py`) and written in every notation.

use crate::support::pointed::pointed_at;
use qipu::record::Node;
use qipu::shatar::ShatarMove;
use qipu::{read_document, Document, Game, ReadOptions};

fn read(name: &str, bytes: &[u8]) -> Document {
    let options = ReadOptions {
        game: Some(Game::Shatar),
        keep_records: true,
        ..ReadOptions::default()
    };
    read_document(name, bytes, &options)
}

fn read_file(path: &str) -> Document {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    read(path, &bytes)
}

fn main_line(document: &Document, index: usize) -> &[Node<ShatarMove>] {
    match document.records[index].kept::<qipu::record::Record<qipu::shatar::ShatarMove>>() {
        Some(record) => &record.moves,
        other => panic!("record {index} is not a Shatar record: {other:?}"),
    }
}

fn uci_line(line: &[Node<ShatarMove>]) -> Vec<String> {
    line.iter()
        .map(|node| node.mv.mv.uci().to_string())
        .collect()
}

fn oracle_games() -> Vec<Vec<String>> {
    let text = std::fs::read_to_string("tests/fixtures/shatar/random_games.uci").unwrap();
    text.lines()
        .map(|line| {
            line.split_whitespace()
                .filter(|token| !matches!(*token, "mate" | "stalemate" | "*"))
                .map(str::to_string)
                .collect()
        })
        .collect()
}

#[test]
fn rulebook_full_form_reports_the_impossible_king_move() {
    let document = read_file("samples/shatar/rulebook-full.txt");
    assert_eq!(document.records.len(), 1);
    let report = &document.records[0];
    assert!(!report.valid());
    assert_eq!(report.plies, 11);
    let error = &report.diagnostics[0];
    assert_eq!(error.code(), "no-such-piece");
    assert_eq!(error.ply, Some(12));
    assert_eq!(error.move_number, Some(6));
    assert_eq!(error.side, Some(qipu::shatar::BLUE));
    assert_eq!(&document.text[error.span.clone().unwrap()], "Kd8—d7");
    assert_eq!(error.kind.help().as_deref(), Some("did you mean Ke8—e7?"));
    let (line, column) = document
        .lines
        .line_col(&document.text, error.span.clone().unwrap().start);
    assert_eq!((line, column), (5, 30));
}

#[test]
fn rulebook_short_form_reports_the_king_walking_into_check() {
    let document = read_file("samples/shatar/rulebook-short.txt");
    let report = &document.records[0];
    assert_eq!(report.plies, 11);
    let error = &report.diagnostics[0];
    assert_eq!(error.code(), "illegal-move");
    assert_eq!(error.ply, Some(12));
    assert!(
        error.kind.message().contains("into check"),
        "{}",
        error.kind.message()
    );
    let help = error.kind.help().unwrap();
    assert!(
        help.contains("can only go to e7") && help.contains("Ke7"),
        "{help}"
    );
}

#[test]
fn rulebook_game_corrected_ends_in_mate() {
    let document = read_file("samples/shatar/rulebook-corrected.txt");
    let report = &document.records[0];
    assert!(report.valid(), "{:?}", report.diagnostics);
    assert_eq!(report.plies, 13);
    let line = main_line(&document, 0);
    let last = line.last().unwrap();
    assert!(last.mv.mate);
    assert_eq!(last.mv.san, "Nd5#");
    assert_eq!(line[8].mv.san, "Nxe5");
    assert_eq!(line[9].mv.san, "Bxd1");
}

/// Every notation the oracle wrote replays to the oracle's own moves.
#[test]
fn oracle_games_replay_in_every_notation() {
    let games = oracle_games();
    assert!(games.len() >= 50);
    for file in [
        "random_games.pgn",
        "random_full_latin.txt",
        "random_full_chinese.txt",
        "random_short_latin.txt",
        "random_short_chinese.txt",
    ] {
        let document = read_file(&format!("tests/fixtures/shatar/{file}"));
        assert_eq!(document.records.len(), games.len(), "{file}");
        for (index, expected) in games.iter().enumerate() {
            let report = &document.records[index];
            let errors: Vec<_> = report
                .diagnostics
                .iter()
                .filter(|d| d.severity == qipu::diag::Severity::Error)
                .map(|d| format!("{d} at ply {:?}", d.ply))
                .collect();
            assert!(errors.is_empty(), "{file} game {index}: {errors:?}");
            assert_eq!(
                &uci_line(main_line(&document, index)),
                expected,
                "{file} game {index}"
            );
            // No spurious marker warnings: the oracle's marks are right.
            let warnings: Vec<_> = report
                .diagnostics
                .iter()
                .filter(|d| d.severity == qipu::diag::Severity::Warning)
                .map(|d| d.to_string())
                .collect();
            assert!(warnings.is_empty(), "{file} game {index}: {warnings:?}");
        }
    }
}

/// A copy with one move corrupted is rejected at exactly that move.
#[test]
fn corrupted_games_fail_at_the_corrupted_move() {
    let text = std::fs::read_to_string("tests/fixtures/shatar/corrupted.txt").unwrap();
    let mut checked = 0;
    for line in text.lines() {
        let case: serde_json::Value = serde_json::from_str(line).unwrap();
        let ply = case["ply"].as_u64().unwrap() as u32;
        let game = case["text"].as_str().unwrap();
        let document = read("corrupted.txt", game.as_bytes());
        let report = &document.records[0];
        let error = report
            .diagnostics
            .iter()
            .find(|d| d.severity == qipu::diag::Severity::Error)
            .unwrap_or_else(|| panic!("game {}: no error", case["game"]));
        assert_eq!(error.ply, Some(ply), "game {}: {error}", case["game"]);
        assert_eq!(report.plies, ply - 1, "game {}", case["game"]);
        let expected_code = match case["reason"].as_str().unwrap() {
            "BadFirstMove" => "bad-first-move",
            "NoPieceThere" | "WrongColourPiece" => "no-such-piece",
            "PromotionRequired" => "promotion-missing",
            _ => "illegal-move",
        };
        assert_eq!(
            error.code(),
            expected_code,
            "game {}: {error}",
            case["game"]
        );
        checked += 1;
    }
    assert!(checked >= 50);
}

/// Move numbers that skip or repeat, and a pair split across lines, cost no move: each
/// wrong number is a warning naming the one expected.
#[test]
fn move_numbers_that_skip_or_repeat_are_warnings() {
    let sheet = "白方：甲 蓝方：乙\n2013年10月x日 乌兰浩特\n\
                 (1)d4，d5； (2)马f3，马f6； (4)e3，e6；\n(4)驼d3，驼d6；\n(5)c3，\nc6； (7)马bd2\n";
    let document = read("sheet.txt", sheet.as_bytes());
    let report = &document.records[0];
    assert!(report.valid(), "{:?}", report.diagnostics);
    assert_eq!(report.plies, 11);
    let found: Vec<(&str, String, String)> = report
        .diagnostics
        .iter()
        .map(|d| (d.code(), pointed_at(sheet, d), d.kind.message()))
        .collect();
    assert_eq!(
        found,
        [
            (
                "move-number",
                "(4)".into(),
                "move number 4 where 3 was expected".into()
            ),
            (
                "move-number",
                "(7)".into(),
                "move number 7 where 6 was expected".into()
            ),
        ]
    );
}

/// A one-square slip of a pawn's destination: the help names the pawn's nearest legal
/// square before another piece's move to the square written.
#[test]
fn a_pawn_slip_is_answered_with_the_pawn_move() {
    let pgn = "[Variant \"Shatar\"]\n[SetUp \"1\"]\n[FEN \"4k3/2p1b3/8/8/8/8/8/4K3 b - - 0 1\"]\n\n1... c5 *\n";
    let document = read("slip.pgn", pgn.as_bytes());
    let error = &document.records[0].diagnostics[0];
    assert_eq!(error.code(), "illegal-move");
    let help = error.kind.help().unwrap_or_default();
    assert!(help.contains("did you mean c6 or "), "{help}");
}

/// Every one-square slip of a destination that makes the move impossible (file or rank
/// off by one), over positions of engine-played games: the help names the move meant, the
/// same piece to its square, first. Generated, not listed.
#[test]
fn every_one_square_slip_is_answered_with_the_move_meant() {
    use crate::support::rng::Rng;
    use qipu::shatar::{Fen, Position, Role};
    let mut rng = Rng(0x5_11B);
    let (mut checked, mut missed) = (0, Vec::new());
    for _game in 0..8 {
        let mut position = Position::new();
        for ply in 0..40 {
            let legal = position.legal_moves();
            if legal.is_empty() {
                break;
            }
            // The forced first pair has its own answer (`bad-first-move` names the pair).
            if ply < 2 {
                position.play(legal[rng.below(legal.len())]);
                continue;
            }
            let fen = Fen(position.clone()).to_string();
            for mv in legal.iter().filter(|m| m.promotion.is_none()) {
                // A pawn capture is written file to file, not by its square.
                if mv.role == Role::Pawn && mv.capture.is_some() {
                    continue;
                }
                for (df, dr) in [(1i8, 0i8), (-1, 0), (0, 1), (0, -1)] {
                    let (file, rank) = (mv.to.file() as i8 + df, mv.to.rank() as i8 + dr);
                    if !(0..8).contains(&file) || !(0..8).contains(&rank) {
                        continue;
                    }
                    let slipped = qipu::shatar::Square::new(file as u8, rank as u8);
                    let fits = legal.iter().any(|m| m.role == mv.role && m.to == slipped);
                    if fits {
                        continue;
                    }
                    let letter = match mv.role {
                        Role::Pawn => String::new(),
                        role => role.letter().to_string(),
                    };
                    let number = match position.turn() {
                        qipu::shatar::Color::White => format!("{}.", position.fullmoves()),
                        qipu::shatar::Color::Blue => format!("{}...", position.fullmoves()),
                    };
                    let pgn = format!(
                        "[Variant \"Shatar\"]\n[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n{number} {letter}{slipped} *\n"
                    );
                    let document = read("slip.pgn", pgn.as_bytes());
                    let help = document.records[0]
                        .diagnostics
                        .iter()
                        .find(|d| d.severity == qipu::Severity::Error)
                        .and_then(|d| d.kind.help())
                        .unwrap_or_default();
                    // The move meant, disambiguated or not (`Ne7`, `Nce7`).
                    let to = mv.to.to_string();
                    let suggested = help.rsplit("did you mean ").next().unwrap_or_default();
                    let named = suggested
                        .trim_end_matches('?')
                        .split([',', ' '])
                        .filter(|word| !word.is_empty() && *word != "or")
                        .any(|word| {
                            let word = word.trim_end_matches(['+', '#']);
                            word.starts_with(&letter)
                                && word.ends_with(&to)
                                && (mv.role != Role::Pawn || word.len() == 2)
                        });
                    if !help.contains("did you mean") || !named {
                        let meant = format!("{letter}{to}");
                        missed.push(format!("{fen}: {letter}{slipped} for {meant}: {help}"));
                    }
                    checked += 1;
                }
            }
            let pick = legal[rng.below(legal.len())];
            position.play(pick);
        }
    }
    assert!(checked > 1_000, "{checked}");
    assert!(
        missed.is_empty(),
        "{} of {checked} missed:\n{}",
        missed.len(),
        missed[..missed.len().min(15)].join("\n")
    );
}

/// A study set up from a FEN of move 23 and numbered from 1 is numbered consistently: only
/// a skip in its own numbering is a warning.
#[test]
fn a_set_up_game_may_number_its_moves_from_one() {
    let pgn = "[Variant \"Shatar\"]\n[SetUp \"1\"]\n[FEN \"4k3/2p1b3/8/8/8/8/4P3/4K3 w - - 0 23\"]\n\n1. e3 c6 2. e4 c5 4. Kd2 *\n";
    let document = read("study.pgn", pgn.as_bytes());
    let found: Vec<(&str, String, String)> = document.records[0]
        .diagnostics
        .iter()
        .map(|d| (d.code(), pointed_at(pgn, d), d.kind.message()))
        .collect();
    assert_eq!(
        found,
        [(
            "move-number",
            "4.".into(),
            "move number 4 where 3 was expected".into()
        )]
    );
}

/// python-chess's games (`tools/oracle/chess_games.py`): each opens with Shatar's forced
/// pair, and the first move Shatar refuses is a pawn's double step or castling. A game
/// whose every move is legal chess is named chess once, at that move, in `validate` and
/// `convert` alike, and converted as read; one that ends with a move that is not legal
/// chess (a piece that cannot reach its square, the king left in check, castling out of,
/// through or into check) is a Shatar game with an error at the first move Shatar
/// refuses.
#[test]
fn chess_games_are_named_chess_and_corrupted_ones_are_not() {
    let path = "tests/fixtures/shatar/chess_games.pgn";
    let document = read_file(path);
    let truth: Vec<serde_json::Value> =
        std::fs::read_to_string("tests/fixtures/shatar/chess_games.jsonl")
            .unwrap()
            .lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect();
    assert_eq!(document.records.len(), truth.len());
    let json: Vec<serde_json::Value> =
        qipu::json::report_lines_in(&document, |_| true, qipu::lang::Lang::En)
            .lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect();
    let (mut chess, mut corrupted) = (0, 0);
    for ((report, line), truth) in document.records.iter().zip(&json).zip(&truth) {
        let game = &truth["game"];
        // The first ply Shatar refuses among the legal moves written, if any.
        let refuses = truth["shatar_refuses"]
            .as_u64()
            .map_or(u32::MAX, |n| n as u32);
        let castles_first = truth["refused_by"] == "castling";
        let errors: Vec<_> = report
            .diagnostics
            .iter()
            .filter(|d| d.severity == qipu::diag::Severity::Error)
            .collect();
        let named_chess = match truth["kind"].as_str().unwrap() {
            "chess" => true,
            // Castling before the corrupted move names the game chess by itself.
            _ => castles_first && truth["corrupted_ply"].as_u64().unwrap() as u32 > refuses,
        };
        let record_variant = report
            .kept::<qipu::record::Record<ShatarMove>>()
            .unwrap()
            .variant
            .map(qipu::record::RulesVariant::name);
        if named_chess {
            chess += 1;
            let codes: Vec<&str> = errors.iter().map(|d| d.code()).collect();
            assert_eq!(codes, ["other-game"], "game {game}");
            assert_eq!(line["variant"], "chess", "game {game}");
            assert_eq!(record_variant, Some("chess"), "game {game}");
            let located = errors[0].located(&document.text, &document.lines);
            let message = errors[0].kind.message();
            if castles_first {
                assert!(message.ends_with("it castles"), "game {game}: {message}");
            } else {
                let refused = truth["refused_san"].as_str().unwrap();
                assert_eq!(located.snippet(), Some(refused), "game {game}");
                assert!(
                    message.ends_with(&format!(
                        "every move is legal chess, and Shatar does not allow {refused}"
                    )),
                    "game {game}: {message}"
                );
            }
        } else {
            corrupted += 1;
            let at = refuses.min(truth["corrupted_ply"].as_u64().unwrap() as u32);
            assert!(
                errors.iter().all(|d| d.code() != "other-game"),
                "game {game}: {:?}",
                report.diagnostics
            );
            assert_eq!(errors[0].ply, Some(at), "game {game}: {:?}", errors[0]);
            assert_eq!(report.plies, at - 1, "game {game}");
            assert_eq!(line["variant"], serde_json::Value::Null, "game {game}");
            assert_eq!(record_variant, None, "game {game}");
        }
    }
    assert!(
        chess >= 25 && corrupted >= 25,
        "{chess} chess, {corrupted} corrupted"
    );
    // Converted as read: every move of a chess game is kept, as written.
    let record = document.records[0].record.as_ref().unwrap();
    let options = qipu::write::WriteOptions::default();
    let pgn =
        qipu::write::write_record(record, path, 0, qipu::write::Format::Pgn, &options).unwrap();
    let written = std::fs::read_to_string(path).unwrap();
    let first_game = written.split("\n\n").nth(1).unwrap();
    let folded = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ");
    let moves = folded(first_game.trim_end_matches(|c: char| c == '*' || c.is_whitespace()));
    assert!(
        folded(&pgn).contains(&format!("{{unreplayed: {moves}}}")),
        "{pgn}"
    );
    assert!(!pgn.contains("[Variant \"Shatar\"]"), "{pgn}");
}

/// Only a main line that fails as Shatar is tried as chess: a Shatar game without a
/// `Variant` tag whose variation holds a slip (a move no game allows, or a pawn's
/// double step) is still Shatar, with its error where it stands.
#[test]
fn a_slip_in_a_variation_does_not_make_a_game_chess() {
    for variation in ["(3. Qz9)", "(3. a4)"] {
        let text = format!("[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 {variation} 3. Bc4 *\n");
        let document = read("slip.pgn", text.as_bytes());
        let report = &document.records[0];
        let codes: Vec<&str> = report.diagnostics.iter().map(|d| d.code()).collect();
        assert!(!codes.contains(&"other-game"), "{variation}: {codes:?}");
        assert_eq!(report.plies, 5, "{variation}");
        assert_eq!(report.variant, None, "{variation}");
    }
}
