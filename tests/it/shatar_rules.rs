//! Replay details that the samples do not cover: the attacker-based move lookup
//! against full generation, claimable draws, and suggestions.

use qipu::diag::Severity;
use qipu::shatar::Square;
use qipu::shatar::{MoveList, Position};
use qipu::{read_document, Game, ReadOptions};

fn codes(text: &str) -> Vec<(String, Option<u32>)> {
    let options = ReadOptions {
        game: Some(Game::Shatar),
        ..ReadOptions::default()
    };
    let document = read_document("test.txt", text.as_bytes(), &options);
    document.records[0]
        .diagnostics
        .iter()
        .map(|d| (d.code().to_string(), d.ply))
        .collect()
}

/// `legal_moves_to` must agree with full generation in every position of the oracle
/// games, for every square.
#[test]
fn moves_to_a_square_agree_with_full_generation() {
    let text = std::fs::read_to_string("tests/fixtures/shatar/random_games.uci").unwrap();
    let mut list = MoveList::new();
    let mut positions = 0;
    for line in text.lines().take(30) {
        let mut position = Position::new();
        for uci in line.split_whitespace().filter(|t| t.len() >= 4) {
            let legal = position.legal_moves();
            for to in 0..64 {
                let to = Square(to);
                position.legal_moves_to(to, &mut list);
                let mut expected: Vec<_> = legal.iter().filter(|m| m.to == to).copied().collect();
                let mut got: Vec<_> = list.iter().copied().collect();
                expected.sort_by_key(|m| (m.from, m.promotion));
                got.sort_by_key(|m| (m.from, m.promotion));
                assert_eq!(got, expected, "to {to} in game line {line}");
            }
            let Some(mv) = legal.iter().find(|m| m.uci().to_string() == uci).copied() else {
                break;
            };
            position.play(mv);
            positions += 1;
        }
    }
    assert!(positions > 1000);
}

#[test]
fn threefold_repetition_is_noted_once() {
    let game = "1. e4 e5 2. Nf3 Nc6 3. Ng1 Nb8 4. Nf3 Nc6 5. Ng1 Nb8 6. Nf3 Nc6 *";
    let found = codes(game);
    // The position after 1...e5 recurs after 3...Nb8 and 5...Nb8.
    assert_eq!(
        found,
        vec![("repetition".to_string(), Some(10))],
        "{found:?}"
    );
}

#[test]
fn perpetual_check_is_noted() {
    // White checks with the queen on h5/e8 while Blue's king shuttles.
    let fen = "[FEN \"4k3/8/8/8/8/8/8/3QK3 w - - 0 1\"]\n\n";
    let game = format!("{fen}1. Qd7+ Kf8 2. Qd8+ Kf7 3. Qd7+ Kf8 4. Qd8+ Kf7 5. Qd7+ Kf8 *");
    let found = codes(&game);
    assert!(
        found.iter().any(|(code, _)| code == "perpetual-check"),
        "{found:?}"
    );
}

#[test]
fn fifty_moves_without_capture_or_pawn_move() {
    let fen = "[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 99 60\"]\n\n";
    let game = format!("{fen}60. Ra2 *");
    assert_eq!(codes(&game), vec![("fifty-moves".to_string(), Some(1))]);
}

#[test]
fn drawn_ending_after_the_last_capture() {
    // White takes Blue's last piece, leaving the rulebook's K+N v K. Blue moved first,
    // so 4. Kxd3 is ply 6.
    let fen = "[FEN \"4k3/8/8/8/8/8/1n6/N3K3 b - - 0 1\"]\n\n";
    let found = codes(&format!("{fen}1... Nd3+ 2. Ke2 Nb2 3. Nc2 Nd3 4. Kxd3 *"));
    assert!(
        found == vec![("drawn-ending".to_string(), Some(6))],
        "{found:?}"
    );
}

#[test]
fn move_after_mate_is_an_error() {
    let found = codes("(1)e4,e5; (2)Qh5,Nc6; (3)Bc4,Nf6; (4)Qxf7#,a6;");
    assert_eq!(found.last(), Some(&("move-after-end".to_string(), Some(8))));
}

#[test]
fn result_contradicting_mate_is_an_error() {
    let options = ReadOptions {
        game: Some(Game::Shatar),
        ..ReadOptions::default()
    };
    let text = "(1)e4,e5; (2)Qh5,Nc6; (3)Bc4,Nf6; (4)Qxf7# 0-1";
    let document = read_document("t.txt", text.as_bytes(), &options);
    let report = &document.records[0];
    assert!(!report.valid());
    assert_eq!(report.diagnostics[0].code(), "result-mismatch");
    assert_eq!(report.diagnostics[0].severity, Severity::Error);
}

#[test]
fn bare_king_is_noted() {
    let fen = "[FEN \"4k3/8/8/8/8/8/1n6/QR2K3 w - - 0 1\"]\n\n";
    let found = codes(&format!("{fen}1. Rxb2 Kd7 *"));
    assert_eq!(found, vec![("bare-king".to_string(), Some(1))]);
}

#[test]
fn lion_for_white_queen_is_a_warning() {
    let found = codes("白方：甲 蓝方：乙\n(1)e2—e4,e7—e5; (2)狮d1—h5,马b8—c6;");
    assert_eq!(found, vec![("queen-name".to_string(), Some(3))]);
}

#[test]
fn wrong_capture_sign_is_a_warning() {
    let found = codes("(1)e2—e4,e7—e5; (2)Ng1:f3,Nb8—c6; (3)Nf3—e5,Nc6:e5;");
    assert_eq!(
        found,
        vec![
            ("capture-marker".to_string(), Some(3)),
            ("capture-marker".to_string(), Some(5)),
        ]
    );
}
