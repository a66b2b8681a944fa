//! Draughts engine: perft against the published tables, numbering, capture rules and
//! diagnostics (the draw claims are tested beside the private tracker, in draw_rules.rs).

use qipu::draughts::{Color, IllegalReason, Move, Numbering, Piece, Position, Square, Variant};

use crate::support::fixtures::fixture;

const RUSSIAN: [u64; 6] = [7, 49, 302, 1469, 7482, 37986];
const BRAZILIAN: [u64; 6] = [7, 49, 302, 1469, 7473, 37628];

fn sq(name: &str) -> Square {
    Square::from_algebraic(name).unwrap_or_else(|| panic!("bad square {name}"))
}

fn squares(names: &[&str]) -> Vec<Square> {
    names.iter().map(|n| sq(n)).collect()
}

/// Builds a position from `(color, piece, square name)` triples.
fn position(pieces: &[(Color, Piece, &str)], turn: Color) -> Position {
    Position::from_pieces(pieces.iter().map(|&(c, p, s)| (c, p, sq(s))), turn)
        .expect("valid test position")
}

fn paths(moves: &[Move]) -> Vec<String> {
    let mut v: Vec<String> = moves
        .iter()
        .map(|m| {
            m.path()
                .iter()
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
                .join(":")
        })
        .collect();
    v.sort();
    v
}

fn find(pos: &Position, variant: Variant, path: &[&str]) -> Move {
    let path = squares(path);
    let found = pos.matching_moves(variant, path[0], &path[1..]);
    assert_eq!(found.len(), 1, "expected exactly one move for {path:?}");
    found[0]
}

use Color::{Black, White};
use Piece::{King, Man};

#[test]
fn perft_russian_to_depth_6() {
    for (depth, &expected) in RUSSIAN.iter().enumerate() {
        let depth = depth as u32 + 1;
        assert_eq!(
            Position::initial().perft(Variant::Russian, depth),
            expected,
            "depth {depth}"
        );
    }
}

#[test]
fn perft_brazilian_to_depth_6() {
    for (depth, &expected) in BRAZILIAN.iter().enumerate() {
        let depth = depth as u32 + 1;
        assert_eq!(
            Position::initial().perft(Variant::Brazilian, depth),
            expected,
            "depth {depth}"
        );
    }
}

#[test]
fn rulebook_numbering() {
    for (n, name) in [
        (1, "a1"),
        (2, "c1"),
        (4, "g1"),
        (5, "b2"),
        (8, "h2"),
        (9, "a3"),
        (32, "h8"),
    ] {
        assert_eq!(Square::from_number(n, Numbering::Rulebook), Some(sq(name)));
        assert_eq!(sq(name).number(Numbering::Rulebook), n);
    }
}

#[test]
fn top_numbering() {
    for (n, name) in [
        (1, "b8"),
        (4, "h8"),
        (5, "a7"),
        (12, "h6"),
        (21, "a3"),
        (29, "a1"),
        (32, "g1"),
    ] {
        assert_eq!(Square::from_number(n, Numbering::Top), Some(sq(name)));
        assert_eq!(sq(name).number(Numbering::Top), n);
    }
    // A number converts from one numbering to the other through its square.
    let convert = |n, from, to| Square::from_number(n, from).map(|s| s.number(to));
    assert_eq!(convert(1, Numbering::Rulebook, Numbering::Top), Some(29));
    assert_eq!(convert(32, Numbering::Rulebook, Numbering::Top), Some(4));
    assert_eq!(convert(0, Numbering::Top, Numbering::Rulebook), None);
    assert_eq!(convert(33, Numbering::Top, Numbering::Rulebook), None);
}

#[test]
fn numbering_round_trips() {
    for s in Square::all() {
        for numbering in [Numbering::Rulebook, Numbering::Top] {
            assert_eq!(Square::from_number(s.number(numbering), numbering), Some(s));
        }
        assert_eq!(Square::from_algebraic(&s.to_string()), Some(s));
        assert_eq!(Square::from_coords(s.file(), s.rank()), Some(s));
    }
    assert_eq!(Square::from_algebraic("b1"), None, "light square");
    assert_eq!(Square::from_algebraic("i1"), None);
    assert_eq!(Square::from_algebraic("C3"), Some(sq("c3")));
}

#[test]
fn initial_position() {
    let pos = Position::initial();
    assert_eq!(pos.count(White, Man), 12);
    assert_eq!(pos.count(Black, Man), 12);
    assert_eq!(pos.piece_at(sq("a1")), Some((White, Man)));
    assert_eq!(pos.piece_at(sq("h6")), Some((Black, Man)));
    assert_eq!(pos.piece_at(sq("d4")), None);
    let moves = pos.legal_moves(Variant::Russian);
    let mut written: Vec<String> = moves.iter().map(Move::to_string).collect();
    written.sort();
    assert_eq!(
        written,
        ["10-13", "10-14", "11-14", "11-15", "12-15", "12-16", "9-13"]
    );
}

/// b6 takes c7 and reaches d8, then e7 is en prise: a king from d8 can fly past it.
fn crossing_position() -> Position {
    position(
        &[(White, Man, "b6"), (Black, Man, "c7"), (Black, Man, "e7")],
        White,
    )
}

#[test]
fn russian_man_crowns_mid_capture_and_flies_on() {
    let pos = crossing_position();
    let moves = pos.legal_moves(Variant::Russian);
    assert_eq!(paths(&moves), ["b6:d8:f6", "b6:d8:g5", "b6:d8:h4"]);
    assert!(moves.iter().all(Move::promotes));
    let mut after = pos;
    after.play(&find(&pos, Variant::Russian, &["b6", "d8", "h4"]));
    assert_eq!(after.piece_at(sq("h4")), Some((White, King)));
    assert_eq!(after.count(Black, Man), 0);
}

#[test]
fn brazilian_man_crossing_back_row_stays_a_man() {
    let pos = crossing_position();
    let moves = pos.legal_moves(Variant::Brazilian);
    assert_eq!(paths(&moves), ["b6:d8:f6"]);
    assert!(!moves[0].promotes());
    let mut after = pos;
    after.play(&moves[0]);
    assert_eq!(after.piece_at(sq("f6")), Some((White, Man)));
}

#[test]
fn man_promotes_when_capture_ends_on_back_row() {
    let pos = position(&[(White, Man, "b6"), (Black, Man, "c7")], White);
    for variant in [Variant::Russian, Variant::Brazilian] {
        let moves = pos.legal_moves(variant);
        assert_eq!(paths(&moves), ["b6:d8"]);
        assert!(moves[0].promotes());
    }
}

/// h2 can take one piece, c3 two.
fn majority_position() -> Position {
    position(
        &[
            (White, Man, "h2"),
            (White, Man, "c3"),
            (Black, Man, "g3"),
            (Black, Man, "d4"),
            (Black, Man, "f6"),
        ],
        White,
    )
}

#[test]
fn brazilian_majority_capture() {
    let pos = majority_position();
    assert_eq!(paths(&pos.legal_moves(Variant::Brazilian)), ["c3:e5:g7"]);
    assert_eq!(
        paths(&pos.legal_moves(Variant::Russian)),
        ["c3:e5:g7", "h2:f4"]
    );
    assert_eq!(
        pos.explain(Variant::Brazilian, sq("h2"), &[sq("f4")]),
        Some(IllegalReason::NotMajority {
            taken: 1,
            required: 2
        })
    );
    assert_eq!(pos.explain(Variant::Russian, sq("h2"), &[sq("f4")]), None);
}

#[test]
fn king_flies_and_must_land_where_it_can_go_on() {
    let open = position(&[(White, King, "a1"), (Black, Man, "d4")], White);
    assert_eq!(
        paths(&open.legal_moves(Variant::Russian)),
        ["a1:e5", "a1:f6", "a1:g7", "a1:h8"]
    );
    // With f4 also en prise from e5, the king must stop on e5 and go on.
    let pos = position(
        &[(White, King, "a1"), (Black, Man, "d4"), (Black, Man, "f4")],
        White,
    );
    for variant in [Variant::Russian, Variant::Brazilian] {
        assert_eq!(paths(&pos.legal_moves(variant)), ["a1:e5:g3", "a1:e5:h2"]);
    }
}

#[test]
fn king_quiet_moves_fly() {
    let pos = position(&[(White, King, "d4"), (Black, Man, "h8")], White);
    assert_eq!(pos.legal_moves(Variant::Russian).len(), 12);
}

/// Turkish strike: the king takes d4, g3 and g5 and lands on f6; were d4 lifted at once it
/// could go on over c3, but a taken piece stays on the board until the move ends.
#[test]
fn jumped_piece_blocks_until_the_move_ends() {
    let pos = position(
        &[
            (White, King, "b6"),
            (Black, Man, "d4"),
            (Black, Man, "g3"),
            (Black, Man, "g5"),
            (Black, Man, "c3"),
        ],
        White,
    );
    for variant in [Variant::Russian, Variant::Brazilian] {
        let moves = pos.legal_moves(variant);
        assert!(moves.iter().all(|m| m.captured() & sq("c3").bit() == 0));
        assert_eq!(moves.iter().map(Move::capture_count).max(), Some(3));
        assert!(moves
            .iter()
            .any(|m| m.matches(sq("b6"), &squares(&["f2", "h4", "f6"]))));
    }
    assert_eq!(
        paths(&pos.legal_moves(Variant::Brazilian)),
        ["b6:f2:h4:d8", "b6:f2:h4:e7", "b6:f2:h4:f6"]
    );
    // Going on from f6 over d4 again is refused.
    assert_eq!(
        pos.explain(
            Variant::Russian,
            sq("b6"),
            &squares(&["f2", "h4", "f6", "b2"])
        ),
        Some(IllegalReason::JumpsPieceTwice { square: sq("d4") })
    );
}

#[test]
fn man_captures_backwards() {
    let pos = position(&[(White, Man, "d4"), (Black, Man, "c3")], White);
    let moves = pos.legal_moves(Variant::Russian);
    assert_eq!(paths(&moves), ["d4:b2"]);
    assert_eq!(moves[0].captured_squares().collect::<Vec<_>>(), [sq("c3")]);
}

#[test]
fn distinct_routes_are_all_listed_but_counted_once_in_perft() {
    // The man goes round the four pieces either way and comes back to c3.
    let pos = position(
        &[
            (White, Man, "c3"),
            (Black, Man, "d4"),
            (Black, Man, "d6"),
            (Black, Man, "b4"),
            (Black, Man, "b6"),
        ],
        White,
    );
    let moves = pos.legal_moves(Variant::Russian);
    assert!(moves
        .iter()
        .any(|m| m.matches(sq("c3"), &squares(&["e5", "c7", "a5", "c3"]))));
    assert!(moves
        .iter()
        .any(|m| m.matches(sq("c3"), &squares(&["a5", "c7", "e5", "c3"]))));
    // Same start, end and captured set: one perft node.
    let distinct = moves
        .iter()
        .enumerate()
        .filter(|(i, m)| !moves[..*i].iter().any(|o| o.same_effect(m)))
        .count() as u64;
    assert_eq!(pos.perft(Variant::Russian, 1), distinct);
    assert!(distinct < moves.len() as u64);
}

#[test]
fn explain_basic_faults() {
    let pos = Position::initial();
    let v = Variant::Russian;
    assert_eq!(pos.explain(v, sq("c3"), &[sq("d4")]), None);
    assert_eq!(
        pos.explain(v, sq("d4"), &[sq("e5")]),
        Some(IllegalReason::NoPieceThere { square: sq("d4") })
    );
    assert_eq!(
        pos.explain(v, sq("f6"), &[sq("e5")]),
        Some(IllegalReason::OpponentsPiece { square: sq("f6") })
    );
    assert_eq!(
        pos.explain(v, sq("c3"), &[sq("e5")]),
        Some(IllegalReason::TooFar {
            from: sq("c3"),
            to: sq("e5")
        })
    );
    assert_eq!(
        pos.explain(v, sq("c3"), &[sq("c5")]),
        Some(IllegalReason::NotDiagonal {
            from: sq("c3"),
            to: sq("c5")
        })
    );
    assert_eq!(
        pos.explain(v, sq("c1"), &[sq("d2")]),
        Some(IllegalReason::DestinationOccupied { square: sq("d2") })
    );
    let man = position(&[(White, Man, "d4"), (Black, Man, "h8")], White);
    assert_eq!(
        man.explain(v, sq("d4"), &[sq("c3")]),
        Some(IllegalReason::ManMovesBackward {
            from: sq("d4"),
            to: sq("c3")
        })
    );
}

#[test]
fn explain_capture_faults() {
    let pos = majority_position();
    let v = Variant::Russian;
    match pos.explain(v, sq("c3"), &[sq("b4")]) {
        Some(IllegalReason::CaptureMandatory { captures }) => assert_eq!(captures.len(), 2),
        other => panic!("expected CaptureMandatory, got {other:?}"),
    }
    match pos.explain(v, sq("c3"), &[sq("e5")]) {
        Some(IllegalReason::CaptureIncomplete {
            stopped_at,
            continuations,
        }) => {
            assert_eq!(stopped_at, sq("e5"));
            assert_eq!(continuations.len(), 1);
            assert_eq!(continuations[0].to(), sq("g7"));
        }
        other => panic!("expected CaptureIncomplete, got {other:?}"),
    }
    let own = position(
        &[(White, King, "a1"), (White, Man, "c3"), (Black, Man, "e5")],
        White,
    );
    assert_eq!(
        own.explain(v, sq("a1"), &squares(&["d4", "f6"])),
        Some(IllegalReason::JumpsOwnPiece { square: sq("c3") })
    );
    let text = IllegalReason::NotMajority {
        taken: 1,
        required: 2,
    }
    .to_string();
    assert!(text.contains("takes 1"), "{text}");
}

#[test]
fn setup_errors() {
    let twice = Position::from_pieces([(White, Man, sq("c3")), (Black, King, sq("c3"))], White);
    assert!(twice.is_err());
    let crowned = Position::from_pieces([(White, Man, sq("b8"))], White);
    assert!(crowned.is_err());
}

#[test]
fn zobrist_tracks_side_and_pieces() {
    let a = Position::initial();
    let mut b = a;
    b.play(&find(&a, Variant::Russian, &["c3", "d4"]));
    assert_ne!(a.zobrist(), b.zobrist());
    let white_to_move = position(&[(White, King, "a1"), (Black, King, "h8")], White);
    let black_to_move = position(&[(White, King, "a1"), (Black, King, "h8")], Black);
    assert_ne!(white_to_move.zobrist(), black_to_move.zobrist());
}

#[test]
fn no_pieces_or_no_moves_loses() {
    let blocked = position(
        &[(White, Man, "a1"), (Black, Man, "b2"), (Black, Man, "c3")],
        White,
    );
    assert!(blocked.is_lost(Variant::Russian));
    assert!(position(&[(Black, Man, "b6")], White).is_lost(Variant::Brazilian));
    assert!(!Position::initial().is_lost(Variant::Brazilian));
}

/// One game of the pydraughts oracle: per ply the landing path, the captured squares and the
/// number of legal moves (same start, end and captures counted once), in rulebook numbers.
struct OracleGame {
    result: String,
    moves: Vec<(Vec<Square>, u32, usize)>,
}

fn rulebook(n: &serde_json::Value) -> Square {
    n.as_u64()
        .and_then(|n| u8::try_from(n).ok())
        .and_then(|n| Square::from_number(n, Numbering::Rulebook))
        .unwrap_or_else(|| panic!("bad square number {n}"))
}

fn oracle_games(variant: &str) -> Vec<OracleGame> {
    let path = fixture(format!("draughts/{variant}_random.jsonl"));
    let text = std::fs::read_to_string(&path).expect("oracle fixture");
    text.lines()
        .map(|line| {
            let game: serde_json::Value = serde_json::from_str(line).expect("JSON line");
            let moves = game["moves"]
                .as_array()
                .expect("moves")
                .iter()
                .map(|m| {
                    let path = m[0]
                        .as_array()
                        .expect("path")
                        .iter()
                        .map(rulebook)
                        .collect();
                    let captured = m[1]
                        .as_array()
                        .expect("captured")
                        .iter()
                        .fold(0, |bits, n| bits | rulebook(n).bit());
                    let legal = m[2].as_u64().expect("legal count") as usize;
                    (path, captured, legal)
                })
                .collect();
            OracleGame {
                result: game["result"].as_str().expect("result").to_owned(),
                moves,
            }
        })
        .collect()
}

fn distinct_moves(pos: &Position, variant: Variant) -> usize {
    let moves = pos.legal_moves(variant);
    moves
        .iter()
        .enumerate()
        .filter(|(i, m)| !moves[..*i].iter().any(|o| o.same_effect(m)))
        .count()
}

fn replay_oracle(name: &str, variant: Variant) {
    let games = oracle_games(name);
    assert_eq!(games.len(), 150);
    for (g, game) in games.iter().enumerate() {
        let mut pos = Position::initial();
        for (ply, (path, captured, legal)) in game.moves.iter().enumerate() {
            let at = format!("{name} game {} ply {}", g + 1, ply + 1);
            assert_eq!(
                distinct_moves(&pos, variant),
                *legal,
                "{at}: legal move count"
            );
            let found = pos.matching_moves(variant, path[0], &path[1..]);
            let mv = found
                .iter()
                .find(|m| m.captured() == *captured)
                .unwrap_or_else(|| panic!("{at}: oracle move not legal"));
            pos.play(mv);
        }
        match game.result.as_str() {
            "2-0" | "0-2" => assert!(pos.is_lost(variant), "{name} game {}: not over", g + 1),
            _ => assert!(!pos.is_lost(variant)),
        }
    }
}

#[test]
fn oracle_random_games_russian() {
    replay_oracle("russian", Variant::Russian);
}

#[test]
fn oracle_random_games_brazilian() {
    replay_oracle("brazilian", Variant::Brazilian);
}

fn check_corrupted(name: &str, variant: Variant) {
    let games = oracle_games(name);
    let path = fixture(format!("draughts/{name}_corrupted.jsonl"));
    let text = std::fs::read_to_string(&path).expect("corrupted fixture");
    for line in text.lines() {
        let case: serde_json::Value = serde_json::from_str(line).expect("JSON line");
        let source = case["source_game"].as_u64().expect("source_game") as usize;
        let ply = case["ply"].as_u64().expect("ply") as usize;
        let written = case["written"].as_str().expect("written");
        let kind = case["kind"].as_str().expect("kind");
        let squares: Vec<Square> = written
            .split(['x', '-'])
            .map(|n| {
                n.parse::<u8>()
                    .ok()
                    .and_then(|n| Square::from_number(n, Numbering::Rulebook))
                    .unwrap_or_else(|| panic!("bad written move {written}"))
            })
            .collect();
        let mut pos = Position::initial();
        for (path, captured, _) in &games[source - 1].moves[..ply - 1] {
            let found = pos.matching_moves(variant, path[0], &path[1..]);
            let mv = found
                .iter()
                .find(|m| m.captured() == *captured)
                .expect("oracle move");
            pos.play(mv);
        }
        let reason = pos.explain(variant, squares[0], &squares[1..]);
        let ok = match (kind, &reason) {
            ("no-piece", Some(IllegalReason::NoPieceThere { .. })) => true,
            ("man-moves-backward", Some(IllegalReason::ManMovesBackward { .. })) => true,
            ("capture-mandatory", Some(IllegalReason::CaptureMandatory { .. })) => true,
            ("capture-incomplete", Some(IllegalReason::CaptureIncomplete { .. })) => true,
            ("capture-incomplete", Some(IllegalReason::NotMajority { .. })) => {
                variant == Variant::Brazilian
            }
            _ => false,
        };
        assert!(ok, "{name} {line}: got {reason:?}");
    }
}

#[test]
fn oracle_corrupted_games_russian() {
    check_corrupted("russian", Variant::Russian);
}

#[test]
fn oracle_corrupted_games_brazilian() {
    check_corrupted("brazilian", Variant::Brazilian);
}

/// Random positions with many kings: the stack move list never overflows and every
/// listed move is distinct.
#[test]
fn move_list_capacity_holds_on_random_positions() {
    let mut state: u64 = 0x2545_F491_4F6C_DD1D;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut most = 0;
    for _ in 0..20_000 {
        let mut pieces = Vec::new();
        // Sparse to crowded boards, so that kings have room to fly round.
        let density = 8 + next() % 24;
        for s in Square::all() {
            let piece = match next() % density {
                0 | 1 => (White, King),
                2..=5 => (Black, Man),
                6 => (Black, King),
                _ => continue,
            };
            if piece.1 == Man && Black.promotion_row() & s.bit() != 0 {
                continue;
            }
            pieces.push((piece.0, piece.1, s));
        }
        let Ok(pos) = Position::from_pieces(pieces, White) else {
            continue;
        };
        for variant in [Variant::Russian, Variant::Brazilian] {
            let moves = pos.legal_moves(variant);
            assert!(!moves.overflowed());
            for (i, m) in moves.iter().enumerate() {
                assert!(!moves[..i].contains(m), "duplicate route {m}");
            }
            most = most.max(moves.len());
        }
    }
    assert!(
        most > 30,
        "kings should have room to fly, most moves {most}"
    );
}

/// Random positions of men and kings of both sides, either to move: whether the side to
/// move has lost is whether it has no legal move.
#[test]
fn lost_exactly_without_a_legal_move() {
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let (mut lost, mut playing) = (0, 0);
    for _ in 0..20_000 {
        let mut pieces = Vec::new();
        let density = 4 + next() % 28;
        for s in Square::all() {
            let piece = match next() % density {
                0 => (White, King),
                1 | 2 => (White, Man),
                3 => (Black, King),
                4 | 5 => (Black, Man),
                _ => continue,
            };
            if piece.1 == Man && piece.0.promotion_row() & s.bit() != 0 {
                continue;
            }
            pieces.push((piece.0, piece.1, s));
        }
        let turn = if next() % 2 == 0 { White } else { Black };
        let Ok(pos) = Position::from_pieces(pieces, turn) else {
            continue;
        };
        for variant in [Variant::Russian, Variant::Brazilian] {
            let no_move = pos.legal_moves(variant).is_empty();
            assert_eq!(pos.is_lost(variant), no_move, "{pos:?}");
            if no_move {
                lost += 1;
            } else {
                playing += 1;
            }
        }
    }
    assert!(
        lost > 100 && playing > 100,
        "lost {lost}, playing {playing}"
    );
}
