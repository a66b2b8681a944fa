//! Shatar rules engine: perft against known counts, and rule-by-rule checks.

use qipu::shatar::{Color, Role, Square};
use qipu::shatar::{DrawnEnding, IllegalReason, Move, Opening, Position, SetupError};

/// Parses a square name such as `e4`.
fn sq(name: &str) -> Square {
    let b = name.as_bytes();
    Square::new(b[0] - b'a', b[1] - b'1')
}

/// Plays UCI moves from `pos`, panicking on any that is not legal.
fn play_uci(pos: &mut Position, moves: &str) {
    for uci in moves.split_whitespace() {
        let mv = find(pos, uci).unwrap_or_else(|| panic!("{uci} is not legal"));
        pos.play(mv);
    }
}

fn find(pos: &Position, uci: &str) -> Option<Move> {
    pos.legal_moves()
        .iter()
        .find(|mv| mv.uci().to_string() == uci)
        .copied()
}

fn after(moves: &str) -> Position {
    let mut pos = Position::new();
    play_uci(&mut pos, moves);
    pos
}

fn setup(pieces: &[(Color, Role, &str)], turn: Color) -> Result<Position, SetupError> {
    let pieces: Vec<_> = pieces.iter().map(|&(c, r, s)| (c, r, sq(s))).collect();
    Position::from_pieces(&pieces, turn)
}

use Color::{Blue, White};
use Role::{Bishop, King, Knight, Pawn, Queen, Rook};

#[test]
fn perft_initial_position_is_the_forced_pair() {
    let pos = Position::new();
    assert_eq!(pos.perft(1), 2);
    assert_eq!(pos.perft(2), 2);
}

#[test]
fn perft_after_d4_d5() {
    let pos = after("d2d4 d7d5");
    let expected = [20, 400, 8722, 189_178];
    for (depth, count) in (1..).zip(expected) {
        assert_eq!(pos.perft(depth), count, "depth {depth}");
    }
}

#[test]
fn perft_after_e4_e5() {
    let pos = after("e2e4 e7e5");
    let expected = [22, 482, 11_282, 260_171];
    for (depth, count) in (1..).zip(expected) {
        assert_eq!(pos.perft(depth), count, "depth {depth}");
    }
}

#[test]
fn forced_pair_is_enforced() {
    let pos = Position::new();
    let first: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|m| m.uci().to_string())
        .collect();
    assert_eq!(first, ["d2d4", "e2e4"]);
    assert_eq!(
        pos.check_move(Knight, sq("g1"), sq("f3"), None),
        Err(IllegalReason::BadFirstMove)
    );
    assert_eq!(
        pos.check_move(Pawn, sq("c2"), sq("c4"), None),
        Err(IllegalReason::BadFirstMove)
    );

    let pos = after("e2e4");
    assert_eq!(pos.opening(), Opening::BlueAnswer(4));
    let answers: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|m| m.uci().to_string())
        .collect();
    assert_eq!(answers, ["e7e5"]);
    assert_eq!(
        pos.check_move(Pawn, sq("d7"), sq("d5"), None),
        Err(IllegalReason::BadFirstMove)
    );
    assert!(pos.check_move(Pawn, sq("e7"), sq("e5"), None).is_ok());
    assert_eq!(after("e2e4 e7e5").opening(), Opening::Free);
}

#[test]
fn pawns_never_double_step_after_the_pair() {
    let pos = after("d2d4 d7d5");
    assert!(find(&pos, "e2e4").is_none());
    assert!(find(&pos, "e2e3").is_some());
    assert_eq!(
        pos.check_move(Pawn, sq("e2"), sq("e4"), None),
        Err(IllegalReason::PawnDoubleStep)
    );
    assert_eq!(
        pos.check_move(Pawn, sq("e2"), sq("e5"), None),
        Err(IllegalReason::PieceCannotReach)
    );
}

#[test]
fn set_up_positions_have_no_double_steps() {
    let pos = setup(
        &[(White, King, "e1"), (White, Pawn, "d2"), (Blue, King, "e8")],
        White,
    )
    .expect("valid setup");
    assert_eq!(pos.opening(), Opening::Free);
    assert_eq!(
        pos.legal_moves().iter().filter(|m| m.role == Pawn).count(),
        1
    );
}

#[test]
fn there_is_no_castling() {
    let pos = setup(
        &[
            (White, King, "e1"),
            (White, Rook, "h1"),
            (White, Rook, "a1"),
            (Blue, King, "e8"),
        ],
        White,
    )
    .expect("valid setup");
    assert!(pos
        .legal_moves()
        .iter()
        .all(|m| m.role != King || m.to.file().abs_diff(m.from.file()) < 2));
    assert_eq!(
        pos.check_move(King, sq("e1"), sq("g1"), None),
        Err(IllegalReason::Castling)
    );
    assert_eq!(
        pos.check_move(King, sq("e1"), sq("c1"), None),
        Err(IllegalReason::Castling)
    );
}

#[test]
fn there_is_no_en_passant() {
    // Only reachable position-wise via a set-up: Blue pawn beside White's.
    let pos = setup(
        &[
            (White, King, "e1"),
            (White, Pawn, "e5"),
            (Blue, Pawn, "d5"),
            (Blue, King, "e8"),
        ],
        White,
    )
    .expect("valid setup");
    assert!(find(&pos, "e5d6").is_none());
    assert_eq!(
        pos.check_move(Pawn, sq("e5"), sq("d6"), None),
        Err(IllegalReason::NothingToCapture)
    );
}

#[test]
fn promotion_choices_exclude_king() {
    let pos = setup(
        &[(White, King, "e1"), (White, Pawn, "a7"), (Blue, King, "h8")],
        White,
    )
    .expect("valid setup");
    let mut promotions: Vec<Role> = pos
        .legal_moves()
        .iter()
        .filter(|m| m.role == Pawn)
        .filter_map(|m| m.promotion)
        .collect();
    promotions.sort();
    assert_eq!(promotions, [Knight, Bishop, Rook, Queen]);
    assert!(pos
        .legal_moves()
        .iter()
        .all(|m| m.role != Pawn || m.promotion.is_some()));
    assert_eq!(
        pos.check_move(Pawn, sq("a7"), sq("a8"), None),
        Err(IllegalReason::PromotionRequired)
    );
    assert_eq!(
        pos.check_move(Pawn, sq("a7"), sq("a8"), Some(King)),
        Err(IllegalReason::PromotionToKing)
    );
    let mv = pos
        .check_move(Pawn, sq("a7"), sq("a8"), Some(Queen))
        .expect("legal promotion");
    assert_eq!(mv.uci().to_string(), "a7a8q");
    assert_eq!(pos.san(mv), "a8=Q+");

    let mut promoted = pos.clone();
    promoted.play(mv);
    assert_eq!(promoted.piece_at(sq("a8")), Some((White, Queen)));
    assert_eq!(promoted.piece_at(sq("a7")), None);
}

#[test]
fn checkmate_and_stalemate() {
    // Fool's-mate pattern adapted to single steps.
    let mate = setup(
        &[
            (White, King, "h1"),
            (White, Pawn, "g2"),
            (White, Pawn, "h2"),
            (Blue, Rook, "a1"),
            (Blue, King, "e8"),
        ],
        White,
    )
    .expect("valid setup");
    assert!(mate.is_check());
    assert!(mate.is_checkmate());
    assert!(!mate.is_stalemate());
    assert_eq!(mate.checkers(), sq("a1").bit());

    let stalemate = setup(
        &[(White, King, "a1"), (Blue, Queen, "b3"), (Blue, King, "e8")],
        White,
    )
    .expect("valid setup");
    assert!(!stalemate.is_check());
    assert!(stalemate.is_stalemate());
    assert!(!stalemate.is_checkmate());

    let start = after("e2e4 e7e5");
    assert!(!start.is_checkmate() && !start.is_stalemate());
}

#[test]
fn mate_in_play_gets_hash_suffix() {
    // 1.e4 e5 2.Qh5 Nc6 3.Bc4 Nf6 4.Qxf7#
    let mut pos = after("e2e4 e7e5 d1h5 b8c6 f1c4 g8f6");
    let mv = find(&pos, "h5f7").expect("legal");
    assert_eq!(pos.san(mv), "Qxf7#");
    pos.play(mv);
    assert!(pos.is_checkmate());
}

#[test]
fn san_disambiguation() {
    let pos = setup(
        &[
            (White, King, "h1"),
            (White, Knight, "e1"),
            (White, Knight, "h2"),
            (White, Rook, "d1"),
            (White, Rook, "d5"),
            (White, Queen, "a1"),
            (White, Queen, "a3"),
            (White, Queen, "c1"),
            (Blue, King, "h8"),
            (Blue, Pawn, "b2"),
        ],
        White,
    )
    .expect("valid setup");
    let san = |uci: &str| pos.san(find(&pos, uci).expect("legal"));
    assert_eq!(san("e1f3"), "Nef3");
    assert_eq!(san("d1d3"), "R1d3");
    assert_eq!(san("a1b2"), "Qa1xb2+");
    assert_eq!(san("h2g4"), "Ng4");
    assert_eq!(san("e1d3"), "Nd3");
}

#[test]
fn san_pawn_moves() {
    let pos = after("e2e4 e7e5");
    let mv = find(&pos, "g1f3").expect("legal");
    assert_eq!(pos.san(mv), "Nf3");
    let pos = after("d2d4 d7d5 e2e3 e7e6 c2c3 c7c6");
    assert_eq!(pos.san(find(&pos, "c3c4").expect("legal")), "c4");
    let pos = after("e2e4 e7e5 d2d3 d7d6 f2f3 d6d5");
    assert_eq!(pos.san(find(&pos, "e4d5").expect("legal")), "exd5");
}

#[test]
fn explain_illegal_moves() {
    let pos = after("e2e4 e7e5");
    let check = |role, from, to| pos.check_move(role, sq(from), sq(to), None);
    assert_eq!(check(Knight, "c3", "d5"), Err(IllegalReason::NoPieceThere));
    assert_eq!(
        check(Knight, "b8", "c6"),
        Err(IllegalReason::WrongColourPiece)
    );
    assert_eq!(
        check(Bishop, "g1", "f3"),
        Err(IllegalReason::RoleMismatch { found: Knight })
    );
    assert_eq!(
        check(Knight, "g1", "g3"),
        Err(IllegalReason::PieceCannotReach)
    );
    assert_eq!(check(Rook, "a1", "a3"), Err(IllegalReason::PathBlocked));
    assert_eq!(
        check(Knight, "b1", "d2"),
        Err(IllegalReason::OwnPieceOnTarget)
    );
    assert_eq!(check(Pawn, "e4", "e5"), Err(IllegalReason::PathBlocked));
    assert_eq!(
        check(Pawn, "d2", "e3"),
        Err(IllegalReason::NothingToCapture)
    );
    assert_eq!(
        pos.check_move(Pawn, sq("d2"), sq("d3"), Some(Queen)),
        Err(IllegalReason::UnexpectedPromotion)
    );
    assert!(check(Bishop, "f1", "c4").is_ok());

    // 1.e4 e5 2.d3 Bb4+ 3.Nc3 a6: the c3 knight is pinned to its king.
    let pinned = after("e2e4 e7e5 d2d3 f8b4 b1c3 a7a6");
    assert_eq!(
        pinned.check_move(Knight, sq("c3"), sq("d5"), None),
        Err(IllegalReason::LeavesKingInCheck)
    );
    let king = setup(
        &[(White, King, "e1"), (Blue, Rook, "a2"), (Blue, King, "e8")],
        White,
    )
    .expect("valid setup");
    assert_eq!(
        king.check_move(King, sq("e1"), sq("e2"), None),
        Err(IllegalReason::MovesIntoCheck)
    );
    assert!(king.check_move(King, sq("e1"), sq("f1"), None).is_ok());
    assert_eq!(
        IllegalReason::MovesIntoCheck.to_string(),
        "the king would move into check"
    );
}

#[test]
fn check_move_agrees_with_legal_moves() {
    let pos = after("d2d4 d7d5 c2c3 e7e6 d1a4 b8c6");
    for from in (0..64).map(Square) {
        let Some((_, role)) = pos.piece_at(from) else {
            continue;
        };
        for to in (0..64).map(Square) {
            let promotion = None;
            let checked = pos.check_move(role, from, to, promotion).ok();
            let listed = pos
                .legal_moves()
                .iter()
                .find(|m| m.from == from && m.to == to)
                .copied();
            assert_eq!(checked, listed, "{from}{to}");
        }
    }
}

#[test]
fn setup_errors() {
    let err = |pieces: &[(Color, Role, &str)], turn| setup(pieces, turn).unwrap_err();
    assert_eq!(
        err(&[(White, King, "e1")], White),
        SetupError::MissingKing(Blue)
    );
    assert_eq!(
        err(
            &[(White, King, "e1"), (White, King, "e2"), (Blue, King, "e8")],
            White
        ),
        SetupError::TooManyKings(White)
    );
    assert_eq!(
        err(
            &[(White, King, "e1"), (White, Pawn, "a8"), (Blue, King, "e8")],
            White
        ),
        SetupError::PawnOnBackRank(sq("a8"))
    );
    assert_eq!(
        err(
            &[(White, King, "e1"), (Blue, Pawn, "a1"), (Blue, King, "e8")],
            White
        ),
        SetupError::PawnOnBackRank(sq("a1"))
    );
    assert_eq!(
        err(
            &[(White, King, "e1"), (White, Rook, "e4"), (Blue, King, "e8")],
            White
        ),
        SetupError::OppositeCheck
    );
    assert_eq!(
        err(
            &[(White, King, "e1"), (White, Rook, "e1"), (Blue, King, "e8")],
            White
        ),
        SetupError::SquareTaken(sq("e1"))
    );
    assert_eq!(
        SetupError::MissingKing(Blue).to_string(),
        "blue has no king"
    );
}

#[test]
fn drawn_endings_and_bare_king() {
    let kings = [(White, King, "e1"), (Blue, King, "e8")];
    let with = |extra: &[(Color, Role, &str)]| {
        let mut pieces = kings.to_vec();
        pieces.extend_from_slice(extra);
        setup(&pieces, White).expect("valid setup")
    };
    assert_eq!(with(&[]).drawn_ending(), Some(DrawnEnding::KingVsKing));
    assert_eq!(
        with(&[(Blue, Bishop, "c8")]).drawn_ending(),
        Some(DrawnEnding::KingBishopVsKing)
    );
    assert_eq!(
        with(&[(White, Knight, "b1")]).drawn_ending(),
        Some(DrawnEnding::KingKnightVsKing)
    );
    // c1 and f8 are both dark squares; c8 is light.
    assert_eq!(
        with(&[(White, Bishop, "c1"), (Blue, Bishop, "f8")]).drawn_ending(),
        Some(DrawnEnding::SameColouredBishops)
    );
    assert_eq!(
        with(&[(White, Bishop, "c1"), (Blue, Bishop, "c8")]).drawn_ending(),
        None
    );
    assert_eq!(with(&[(White, Rook, "a1")]).drawn_ending(), None);
    assert_eq!(with(&[(White, Pawn, "a2")]).drawn_ending(), None);
    assert_eq!(
        with(&[(White, Knight, "b1"), (White, Knight, "g1")]).drawn_ending(),
        None
    );

    assert_eq!(with(&[(White, Rook, "a1")]).bare_king(), Some(Blue));
    assert_eq!(with(&[(Blue, Rook, "a8")]).bare_king(), Some(White));
    assert_eq!(Position::new().bare_king(), None);
    let material = Position::new().material(Blue);
    assert_eq!(material.count(Pawn), 8);
    assert_eq!(material.without_king(), 15);
}

#[test]
fn zobrist_tracks_placement_and_turn() {
    // Knights out and back: same placement and turn, different move order.
    let a = after("e2e4 e7e5 g1f3 g8f6 f3g1 f6g8");
    let b = after("e2e4 e7e5 b1c3 b8c6 c3b1 c6b8");
    assert_eq!(a.zobrist(), b.zobrist());
    assert_eq!(a.zobrist(), after("e2e4 e7e5").zobrist());
    assert_ne!(a.zobrist(), after("d2d4 d7d5").zobrist());
    assert_ne!(
        after("e2e4 e7e5 g1f3").zobrist(),
        after("e2e4 e7e5").zobrist()
    );
    assert_eq!(a.halfmoves(), 4);
    assert_eq!(a.fullmoves(), 4);
}

#[test]
fn uci_strings() {
    let mv = Move {
        role: Pawn,
        from: sq("e2"),
        to: sq("e4"),
        capture: None,
        promotion: None,
    };
    assert_eq!(mv.uci().to_string(), "e2e4");
}

/// The oracle's games (tools/oracle/shatar_random_games.py), one per line.
fn oracle_games() -> Vec<(Vec<String>, String)> {
    include_str!("../fixtures/shatar/random_games.uci")
        .lines()
        .map(|line| {
            let mut words: Vec<String> = line.split_whitespace().map(String::from).collect();
            let status = words.pop().expect("status word");
            (words, status)
        })
        .collect()
}

#[test]
fn oracle_games_replay_with_same_san_and_outcome() {
    let pgn = include_str!("../fixtures/shatar/random_games.pgn");
    let mut sans = pgn
        .lines()
        .filter(|line| !line.starts_with('['))
        .flat_map(str::split_whitespace)
        .filter(|token| !token.ends_with('.') && !["1-0", "0-1", "1/2-1/2", "*"].contains(token));
    let games = oracle_games();
    assert!(!games.is_empty());
    for (index, (moves, status)) in games.iter().enumerate() {
        let mut pos = Position::new();
        for (ply, uci) in moves.iter().enumerate() {
            let mv = find(&pos, uci)
                .unwrap_or_else(|| panic!("game {}, ply {}: {uci} rejected", index + 1, ply + 1));
            assert_eq!(
                Some(pos.san(mv).as_str()),
                sans.next(),
                "game {}",
                index + 1
            );
            pos.play(mv);
        }
        let outcome = if pos.is_checkmate() {
            "mate"
        } else if pos.is_stalemate() {
            "stalemate"
        } else {
            "*"
        };
        assert_eq!(outcome, status, "game {}", index + 1);
    }
    assert_eq!(sans.next(), None);
}

#[test]
fn oracle_corruptions_are_explained() {
    let games = oracle_games();
    let role = |letter: &str| {
        Role::ALL
            .into_iter()
            .find(|r| r.letter().to_string() == letter)
            .expect("role letter")
    };
    for line in include_str!("../fixtures/shatar/corrupted.txt").lines() {
        let case: serde_json::Value = serde_json::from_str(line).expect("JSON line");
        let game = case["game"].as_u64().expect("game") as usize;
        let ply = case["ply"].as_u64().expect("ply") as usize;
        let mv = &case["move"];
        let mut pos = Position::new();
        play_uci(&mut pos, &games[game - 1].0[..ply - 1].join(" "));
        let result = pos.check_move(
            role(mv["role"].as_str().expect("role")),
            sq(mv["from"].as_str().expect("from")),
            sq(mv["to"].as_str().expect("to")),
            mv["promotion"].as_str().map(role),
        );
        let reason = format!("{:?}", result.expect_err("corrupted move is illegal"));
        assert_eq!(reason, case["reason"].as_str().expect("reason"), "{line}");
    }
}
