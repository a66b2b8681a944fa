//! Tests of the Go rules engine and area scoring (Chinese rules 2002, chapter 1), against
//! hand-made positions and the games of `tests/fixtures/go` that sgfmill decided.

use std::path::PathBuf;

use super::board::{Board, BoardSizeError, Color, KoRule, PlayError, Point};
use super::scoring::{
    check_result, count_area, parse_result, score, AreaCount, GameResult, Komi, KomiUnit,
    ResultCheck, Unverifiable, WinBy,
};

use Color::{Black, White};

/// `tests/fixtures/<path>` in the package.
fn fixture(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(path)
}

/// SGF point letters, e.g. `p("dd")`.
fn p(sgf: &str) -> Point {
    Point::from_sgf(sgf).expect("test points are valid SGF letters")
}

/// A board set up from lines of `X` (black), `O` (white) and `.` (empty), top row first; spaces
/// between points are ignored.
fn diagram(rows: &str) -> Board {
    let rows: Vec<String> = rows
        .lines()
        .map(|line| line.split_whitespace().collect())
        .filter(|line: &String| !line.is_empty())
        .collect();
    let mut board = Board::new(rows[0].len() as u32, rows.len() as u32).expect("valid size");
    for (y, row) in rows.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            let stone = match c {
                'X' => Some(Black),
                'O' => Some(White),
                _ => None,
            };
            board
                .set(Point::new(x as u8, y as u8), stone)
                .expect("on the board");
        }
    }
    board
}

fn rows(board: &Board) -> String {
    board
        .to_string()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// Plays alternating moves from `first`; `None` passes. Panics with the move number on error.
fn play_all(board: &mut Board, first: Color, moves: &[&str]) {
    let mut color = first;
    for (n, mv) in moves.iter().enumerate() {
        if mv.is_empty() {
            board.pass(color);
        } else if let Err(e) = board.play(color, p(mv)) {
            panic!("move {} ({color} {mv}) refused: {e}", n + 1);
        }
        color = color.opponent();
    }
}

#[test]
fn single_stone_capture_in_the_centre_edge_and_corner() {
    // Centre: the white stone at bb has one liberty left, bc.
    let mut b = diagram(
        ". X . . .
         X O X . .
         . . . . .
         . . . . .
         . . . . .",
    );
    assert_eq!(b.play(Black, p("bc")).map(|o| o.captures), Ok(1));
    assert_eq!(b.get(p("bb")), None);
    assert_eq!(b.last_captures(), &[p("bb")]);
    assert_eq!(b.prisoners(White), 1);
    // Edge.
    let mut b = diagram(
        ". X O X .
         . . . . .
         . . . . .",
    );
    assert_eq!(b.play(Black, p("cb")).map(|o| o.captures), Ok(1));
    assert_eq!(rows(&b), ".X.X. ..X.. .....");
    // Corner.
    let mut b = diagram(
        "O X .
         . . .
         . . .",
    );
    assert_eq!(b.play(Black, p("ab")).map(|o| o.captures), Ok(1));
    assert_eq!(rows(&b), ".X. X.. ...");
}

#[test]
fn group_and_multiple_group_captures() {
    let mut b = diagram(
        ". X X X .
         X O O O X
         . X X . .
         . . . . .",
    );
    assert_eq!(b.play(Black, p("dc")).map(|o| o.captures), Ok(3));
    assert_eq!(rows(&b), ".XXX. X...X .XXX. .....");

    // One stone takes two separate groups at once.
    let mut b = diagram(
        "O O . O O
         X X . X X
         . . . . .",
    );
    // ca is the last liberty of both white pairs.
    assert_eq!(b.play(Black, p("ca")).map(|o| o.captures), Ok(4));
    assert_eq!(rows(&b), "..X.. XX.XX .....");
    let mut captured = b.last_captures().to_vec();
    captured.sort();
    assert_eq!(captured, vec![p("aa"), p("ba"), p("da"), p("ea")]);
}

#[test]
fn suicide_is_forbidden_and_leaves_the_board_unchanged() {
    // A single stone into a point with no liberty.
    let mut b = diagram(
        ". X .
         X . .
         . . .",
    );
    let before = b.to_string();
    let key = b.position_key();
    assert_eq!(b.play(White, p("aa")), Err(PlayError::Suicide));
    assert_eq!(b.to_string(), before);
    assert_eq!(b.position_key(), key);
    // Multi-stone suicide: filling the last liberty of one's own group.
    let mut b = diagram(
        "O O . X .
         X X X X .
         . . . . .",
    );
    assert_eq!(b.check(White, p("ca")), Err(PlayError::Suicide));
    assert_eq!(b.play(White, p("ca")), Err(PlayError::Suicide));
    assert_eq!(b.get(p("aa")), Some(White));
    // The same point is fine for Black: it captures the pair.
    assert_eq!(b.play(Black, p("ca")).map(|o| o.captures), Ok(2));
    // A 1x1 board has no legal move.
    let mut one = Board::new(1, 1).expect("1x1 is valid");
    assert_eq!(one.play(Black, p("aa")), Err(PlayError::Suicide));
}

#[test]
fn capture_that_looks_like_suicide_is_legal() {
    // White at ba has no liberty of its own, but it takes the three black stones around it.
    let mut b = diagram(
        "X . X O
         O X O .
         . O . .",
    );
    let outcome = b.play(White, p("ba")).expect("capturing is legal");
    assert_eq!(outcome.captures, 3);
    assert_eq!(rows(&b), ".O.O O.O. .O..");
}

#[test]
fn occupied_and_off_board_points() {
    let mut b = Board::new(9, 9).expect("valid");
    b.play(Black, p("ee")).expect("legal");
    assert_eq!(b.play(White, p("ee")), Err(PlayError::Occupied));
    assert_eq!(b.play(White, p("ej")), Err(PlayError::OffBoard));
    assert_eq!(b.set(p("jj"), Some(Black)), Err(PlayError::OffBoard));
    assert_eq!(b.get(p("zz")), None);
}

/// The simple ko shape: Black takes at bb, White may not retake at cb at once.
fn ko_shape() -> Board {
    diagram(
        ". X O .
         X O . O
         . X O .
         . . . .",
    )
}

#[test]
fn simple_ko_is_forbidden_by_every_rule_until_a_move_elsewhere() {
    for rule in [KoRule::Simple, KoRule::Situational, KoRule::Positional] {
        let mut b = ko_shape().with_ko_rule(rule);
        assert_eq!(b.play(Black, p("cb")).map(|o| o.captures), Ok(1));
        assert_eq!(b.play(White, p("bb")), Err(PlayError::Ko), "{rule:?}");
        assert_eq!(b.get(p("bb")), None);
        // A ko threat and its answer, then White may retake.
        play_all(&mut b, White, &["ad", "bd"]);
        assert_eq!(
            b.play(White, p("bb")).map(|o| o.captures),
            Ok(1),
            "{rule:?}"
        );
        assert_eq!(b.play(Black, p("cb")), Err(PlayError::Ko), "{rule:?}");
    }
}

#[test]
fn pass_clears_nothing_but_counts() {
    let mut b = ko_shape();
    b.play(Black, p("cb")).expect("takes the ko");
    b.pass(White);
    assert_eq!(b.consecutive_passes(), 1);
    b.pass(Black);
    assert_eq!(b.consecutive_passes(), 2);
    // Retaking still recreates the position before Black's capture with Black to move, which
    // Black has faced: passes do not lift a situational ko, unlike simple ko.
    assert_eq!(b.play(White, p("bb")), Err(PlayError::Ko));
    let mut simple = ko_shape().with_ko_rule(KoRule::Simple);
    simple.play(Black, p("cb")).expect("takes the ko");
    simple.pass(White);
    simple.pass(Black);
    assert_eq!(simple.play(White, p("bb")).map(|o| o.captures), Ok(1));
    assert_eq!(simple.consecutive_passes(), 0);
}

/// On a 1x4 board Black sends two stones and gets two back; the fifth move recreates the
/// position after the first with White to move — a cycle that simple ko does not see.
const CYCLE: [&str; 4] = ["ab", "ad", "aa", "ac"];

#[test]
fn superko_cycle_forbidden_by_situational_and_positional_allowed_by_simple() {
    for rule in [KoRule::Situational, KoRule::Positional, KoRule::Simple] {
        let mut b = Board::new(1, 4).expect("valid").with_ko_rule(rule);
        play_all(&mut b, Black, &CYCLE);
        assert_eq!(rows(&b), ". . O O");
        let replay = b.play(Black, p("ab"));
        if rule == KoRule::Simple {
            assert_eq!(replay.map(|o| o.captures), Ok(2));
            assert_eq!(rows(&b), ". X . .");
        } else {
            assert_eq!(replay, Err(PlayError::Ko), "{rule:?}");
            assert_eq!(rows(&b), ". . O O");
        }
    }
}

#[test]
fn a_repetition_after_setup_removals_is_found_without_any_capture() {
    // Nothing is ever captured, but setup takes both stones off: Black's second `aa`
    // recreates the board White faced after the first one.
    let mut b = Board::new(3, 3).expect("valid");
    assert_eq!(b.play(Black, p("aa")).map(|o| o.captures), Ok(0));
    assert_eq!(b.play(White, p("cc")).map(|o| o.captures), Ok(0));
    for point in ["aa", "cc"] {
        b.set(p(point), None).expect("on the board");
    }
    assert_eq!(b.play(Black, p("aa")), Err(PlayError::Ko));
    assert_eq!(b.play(Black, p("bb")).map(|o| o.captures), Ok(0));
}

#[test]
fn situational_and_positional_differ_on_the_side_to_move() {
    // 1x5: the last move recreates the board after White's first move, but then Black was to
    // move and now White is: a new situation, yet an old position.
    let moves = ["ab", "ad", "ac", "aa"];
    let mut situational = Board::new(1, 5).expect("valid");
    play_all(&mut situational, Black, &moves);
    assert_eq!(situational.play(Black, p("ab")).map(|o| o.captures), Ok(1));
    assert_eq!(rows(&situational), ". X . O .");
    let mut positional = Board::new(1, 5)
        .expect("valid")
        .with_ko_rule(KoRule::Positional);
    play_all(&mut positional, Black, &moves);
    assert_eq!(positional.play(Black, p("ab")), Err(PlayError::Ko));
}

#[test]
fn setup_never_captures_and_can_split_groups() {
    let mut b = diagram(
        ". X .
         X . .
         . . .",
    );
    // A white stone set into a point with no liberty stays there; nothing is taken.
    b.set(p("aa"), Some(White)).expect("on the board");
    assert_eq!(rows(&b), "OX. X.. ...");
    // Setting a black stone where it would capture in play does not capture either.
    let mut b = diagram(
        "O X .
         . . .",
    );
    b.set(p("ab"), Some(Black)).expect("on the board");
    assert_eq!(rows(&b), "OX. X..");
    // A later move elsewhere leaves the liberty-less white stone alone: only groups touching
    // the new stone are examined.
    b.play(White, p("cb")).expect("legal");
    assert_eq!(b.get(p("aa")), Some(White));

    // Removing the middle stone of a chain splits it; each half keeps its own liberties.
    let mut b = diagram(
        "O X X X O
         . O . O .",
    );
    b.set(p("ca"), None).expect("on the board");
    assert_eq!(b.play(White, p("cb")).map(|o| o.captures), Ok(0));
    assert_eq!(b.play(White, p("ca")).map(|o| o.captures), Ok(2));
    assert_eq!(rows(&b), "O.O.O .OOO.");
    // Replacing a stone by one of the other colour.
    let mut b = diagram("X X .");
    b.set(p("ba"), Some(White)).expect("on the board");
    assert_eq!(b.play(Black, p("ca")).map(|o| o.captures), Ok(1));
    assert_eq!(rows(&b), "X.X");
}

#[test]
fn board_sizes() {
    assert!(Board::new(1, 1).is_ok());
    assert!(Board::new(52, 52).is_ok());
    assert_eq!(
        Board::new(0, 19).map(|_| ()),
        Err(BoardSizeError {
            width: 0,
            height: 19
        })
    );
    assert!(Board::new(53, 1).is_err());
    assert!(Board::new(19, 300).is_err());

    // Rectangular: 7 wide, 3 high.
    let mut b = Board::new(7, 3).expect("valid");
    assert_eq!((b.width(), b.height()), (7, 3));
    assert_eq!(b.points().count(), 21);
    play_all(&mut b, Black, &["ga", "fa", "ab", "gb"]);
    assert_eq!(
        b.get(p("ga")),
        None,
        "the corner stone of the long side is taken"
    );
    assert_eq!(b.play(Black, p("ac")).map(|o| o.captures), Ok(0));
    assert_eq!(b.play(White, p("ha")), Err(PlayError::OffBoard));

    // 52x52: the far corner is reachable with upper-case SGF letters.
    let mut big = Board::new(52, 52).expect("valid");
    play_all(&mut big, Black, &["ZZ", "ZY", "", "YZ"]);
    assert_eq!(big.get(p("ZZ")), None);
    assert_eq!(big.prisoners(Black), 1);
    assert_eq!(p("ZZ"), Point::new(51, 51));
    assert_eq!(Point::new(51, 0).to_sgf(), Some(['Z', 'a']));
    assert_eq!(Point::new(52, 0).to_sgf(), None);
}

#[test]
fn area_scoring_of_a_small_finished_board() {
    let mut b = diagram(
        ". X O . .
         X X O . O
         . X O O .
         X X X O O
         . X . X O",
    );
    let count = count_area(&b);
    // Black: 9 stones and aa, ac, ae, ce; White: 8 stones and da, ea, db, ec.
    assert_eq!(
        count,
        AreaCount {
            black: 13,
            white: 12,
            neutral: 0
        }
    );
    let s = score(&b, &Komi::zero(), 0).expect("settled");
    assert_eq!(s.margin(), 1.0);
    assert_eq!(
        s.result(),
        GameResult::Win {
            winner: Black,
            by: WinBy::Points(1.0)
        }
    );
    let with_komi = score(&b, &Komi::from_points(1.5), 0).expect("settled");
    assert_eq!(with_komi.result().to_string(), "W+0.5");
    assert_eq!(
        score(&b, &Komi::from_points(1.0), 0).map(|s| s.result()),
        Some(GameResult::Draw)
    );

    // The game ends with two passes: the recorded result can be checked.
    b.pass(Black);
    assert_eq!(
        check_result(&GameResult::Draw, &b, &Komi::zero(), 0),
        ResultCheck::CannotVerify(Unverifiable::NotEndedByPasses)
    );
    b.pass(White);
    let b_plus_1 = parse_result("B+1").expect("valid");
    assert_eq!(
        check_result(&b_plus_1, &b, &Komi::zero(), 0),
        ResultCheck::Matches
    );
    let winner_only = parse_result("B+").expect("valid");
    assert_eq!(
        check_result(&winner_only, &b, &Komi::zero(), 0),
        ResultCheck::Matches
    );
    let w_plus = parse_result("W+0.5").expect("valid");
    assert_eq!(
        check_result(&w_plus, &b, &Komi::zero(), 0),
        ResultCheck::Mismatch {
            recorded: w_plus,
            counted: b_plus_1
        }
    );
    assert_eq!(
        check_result(&w_plus, &b, &Komi::from_points(1.5), 0),
        ResultCheck::Matches
    );
    let resigned = parse_result("W+R").expect("valid");
    assert_eq!(
        check_result(&resigned, &b, &Komi::zero(), 0),
        ResultCheck::CannotVerify(Unverifiable::NotByCount)
    );
    assert_eq!(
        check_result(&GameResult::Unknown, &b, &Komi::zero(), 0),
        ResultCheck::CannotVerify(Unverifiable::NoResult)
    );
}

#[test]
fn unfinished_or_contested_boards_are_not_scored() {
    let mut b = diagram(
        ". X . O .
         . X . O .
         . X . O .",
    );
    assert_eq!(count_area(&b).neutral, 3);
    assert_eq!(score(&b, &Komi::zero(), 0), None);
    b.pass(Black);
    b.pass(White);
    assert_eq!(
        check_result(&GameResult::Draw, &b, &Komi::zero(), 0),
        ResultCheck::CannotVerify(Unverifiable::Contested)
    );
    let empty = Board::new(9, 9).expect("valid");
    assert_eq!(score(&empty, &Komi::zero(), 0), None);
}

#[test]
fn full_board_half_is_180_and_a_half() {
    // Black owns the left ten columns, White the right nine (a wall on column j and k).
    let mut b = Board::new(19, 19).expect("valid");
    for y in 0..19 {
        b.set(Point::new(9, y), Some(Black)).expect("on the board");
        b.set(Point::new(10, y), Some(White)).expect("on the board");
    }
    let s = score(&b, &Komi::parse("7.5").expect("number"), 0).expect("settled");
    assert_eq!((s.black, s.white), (190, 171));
    assert_eq!(s.margin(), 11.5);
    // With four handicap stones White gets four more points.
    let h = score(&b, &Komi::parse("0.5").expect("number"), 4).expect("settled");
    assert_eq!(h.handicap_compensation, 4.0);
    assert_eq!(h.margin(), 190.0 - 171.0 - 0.5 - 4.0);
}

#[test]
fn komi_normalisation() {
    let cases = [
        ("7.5", 7.5, KomiUnit::Points),
        ("7.500000", 7.5, KomiUnit::Points),
        ("6.5", 6.5, KomiUnit::Points),
        ("6,5", 6.5, KomiUnit::Points),
        ("0", 0.0, KomiUnit::Points),
        ("-5.5", -5.5, KomiUnit::Points),
        ("3.75", 7.5, KomiUnit::Stones),
        ("3.25", 6.5, KomiUnit::Stones),
        ("2.75", 5.5, KomiUnit::Stones),
        ("375", 7.5, KomiUnit::HundredthsOfStones),
        ("325", 6.5, KomiUnit::HundredthsOfStones),
        ("750", 7.5, KomiUnit::HundredthsOfPoints),
        ("650", 6.5, KomiUnit::HundredthsOfPoints),
        ("50", 0.5, KomiUnit::HundredthsOfPoints),
        ("-550", -5.5, KomiUnit::HundredthsOfPoints),
        ("12", 12.0, KomiUnit::Points),
        ("3又3/4子", 7.5, KomiUnit::Stones),
        ("3¾", 7.5, KomiUnit::Stones),
        ("6目半", 6.5, KomiUnit::Points),
        (" 7.5 ", 7.5, KomiUnit::Points),
    ];
    for (raw, points, unit) in cases {
        let komi = Komi::parse(raw).unwrap_or_else(|e| panic!("{raw}: {e}"));
        assert_eq!((komi.points(), komi.unit()), (points, unit), "{raw}");
        assert_eq!(komi.raw(), raw);
    }
    for bad in ["", "seven", "7.5.5", "1/0", "NaN", "inf"] {
        assert!(Komi::parse(bad).is_err(), "{bad:?}");
    }
    assert_eq!(
        Komi::parse("abc").map(|_| ()).map_err(|e| e.to_string()),
        Err("komi \"abc\" is not a number".to_owned())
    );
}

#[test]
fn result_parsing() {
    let win = |winner, by| GameResult::Win { winner, by };
    let cases = [
        ("B+R", win(Black, WinBy::Resignation)),
        ("W+Resign", win(White, WinBy::Resignation)),
        ("b+r", win(Black, WinBy::Resignation)),
        ("W+3.5", win(White, WinBy::Points(3.5))),
        ("B+0.5", win(Black, WinBy::Points(0.5))),
        ("B+0.75", win(Black, WinBy::Points(1.5))),
        ("B+T", win(Black, WinBy::Time)),
        ("W+Time", win(White, WinBy::Time)),
        ("W+F", win(White, WinBy::Forfeit)),
        ("B+", win(Black, WinBy::Unspecified)),
        ("0", GameResult::Draw),
        ("Draw", GameResult::Draw),
        ("Jigo", GameResult::Draw),
        ("Void", GameResult::Void),
        ("?", GameResult::Unknown),
        ("黑胜", win(Black, WinBy::Unspecified)),
        ("白胜3又1/4子", win(White, WinBy::Points(6.5))),
        ("白胜1/4子", win(White, WinBy::Points(0.5))),
        ("黑胜2子半", win(Black, WinBy::Points(5.0))),
        ("黑胜3.5子", win(Black, WinBy::Points(7.0))),
        ("黑中盘胜", win(Black, WinBy::Resignation)),
        ("白中盘胜", win(White, WinBy::Resignation)),
        ("黑超时胜", win(Black, WinBy::Time)),
        ("和棋", GameResult::Draw),
        ("无胜负", GameResult::Void),
        ("白の5目半勝ち", win(White, WinBy::Points(5.5))),
        ("黒中押し勝ち", win(Black, WinBy::Resignation)),
    ];
    for (raw, expected) in cases {
        assert_eq!(parse_result(raw), Ok(expected), "{raw}");
    }
    for bad in ["", "X+R", "B+lots", "黑胜很多", "won"] {
        assert!(parse_result(bad).is_err(), "{bad:?}");
    }
    assert_eq!(win(White, WinBy::Points(6.5)).to_string(), "W+6.5");
    assert_eq!(win(Black, WinBy::Resignation).to_string(), "B+R");
    assert_eq!(GameResult::Draw.to_string(), "0");
}

#[test]
fn errors_read_as_english() {
    assert_eq!(
        PlayError::Occupied.to_string(),
        "the point is already occupied"
    );
    assert!(PlayError::Suicide.to_string().contains("without liberties"));
    assert!(PlayError::Ko.to_string().contains("repeat"));
    assert!(Board::new(60, 60)
        .map(|_| ())
        .unwrap_err()
        .to_string()
        .contains("60x60"));
    let mismatch = ResultCheck::Mismatch {
        recorded: GameResult::Draw,
        counted: GameResult::Void,
    };
    assert!(mismatch.to_string().contains("the record says 0"));
}

/// The lines of a fixture written by `tools/oracle/go_random_games.py`, decided by
/// sgfmill.
fn truth(file: &str) -> Vec<serde_json::Value> {
    let path = fixture("go").join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .map(|line| serde_json::from_str(line).expect("valid JSON line"))
        .collect()
}

/// A fixture's board after its handicap setup.
fn fixture_board(game: &serde_json::Value, rule: KoRule) -> Board {
    let size = game["size"].as_u64().expect("size") as u32;
    let mut board = Board::new(size, size)
        .expect("valid size")
        .with_ko_rule(rule);
    for point in game["setup_black"].as_array().expect("setup list") {
        let point = p(point.as_str().expect("SGF point"));
        board.set(point, Some(Black)).expect("on the board");
    }
    board
}

/// Replays a fixture's moves (`Bdd Wpp B`), returning the 1-based number and error of the first
/// refused move.
fn replay(board: &mut Board, moves: &str) -> Result<(), (usize, PlayError)> {
    for (n, mv) in moves.split_whitespace().enumerate() {
        let color = if mv.starts_with('B') { Black } else { White };
        match &mv[1..] {
            "" => board.pass(color),
            point => {
                board.play(color, p(point)).map_err(|e| (n + 1, e))?;
            }
        }
    }
    Ok(())
}

#[test]
fn random_games_agree_with_sgfmill() {
    let games = truth("random/truth.jsonl");
    assert_eq!(games.len(), 100);
    let mut checks = [0; 3];
    for game in &games {
        let file = game["file"].as_str().expect("file name");
        let moves = game["moves"].as_str().expect("moves");
        for rule in [KoRule::Situational, KoRule::Positional, KoRule::Simple] {
            let mut board = fixture_board(game, rule);
            if let Err((n, e)) = replay(&mut board, moves) {
                panic!("{file}: move {n} refused under {rule:?}: {e}");
            }
            assert_eq!(
                board.to_string(),
                game["final"].as_str().expect("board"),
                "{file}"
            );
            let count = count_area(&board);
            assert_eq!(
                i64::from(count.black) - i64::from(count.white),
                game["area_black_minus_white"].as_i64().expect("score"),
                "{file}"
            );
            assert_eq!(
                u64::from(count.neutral),
                game["neutral"].as_u64().expect("neutral"),
                "{file}"
            );
            let komi = Komi::parse(game["komi"].as_str().expect("komi")).expect("valid komi");
            assert_eq!(Some(komi.points()), game["komi_points"].as_f64(), "{file}");
            let Some(raw) = game["result"].as_str() else {
                continue;
            };
            let handicap = game["handicap"].as_u64().expect("handicap") as u32;
            let check = check_result(&parse_result(raw).expect("RE"), &board, &komi, handicap);
            let (expected, slot) = match check {
                ResultCheck::Matches => ("matches", 0),
                ResultCheck::Mismatch { .. } => ("mismatch", 1),
                ResultCheck::CannotVerify(_) => ("cannot-verify", 2),
            };
            assert_eq!(
                game["result_check"].as_str(),
                Some(expected),
                "{file}: {check}"
            );
            checks[slot] += 1;
        }
    }
    assert!(
        checks.iter().all(|&n| n > 0),
        "every kind of check is exercised: {checks:?}"
    );
}

#[test]
fn corrupted_games_fail_at_the_right_move() {
    let games = truth("corrupted/truth.jsonl");
    assert_eq!(games.len(), 30);
    for game in &games {
        let file = game["file"].as_str().expect("file name");
        let expected = match game["error"].as_str() {
            Some("occupied") => PlayError::Occupied,
            Some("suicide") => PlayError::Suicide,
            Some("ko") => PlayError::Ko,
            other => panic!("{file}: unknown error kind {other:?}"),
        };
        let number = game["move_number"].as_u64().expect("move number") as usize;
        for rule in [KoRule::Situational, KoRule::Positional, KoRule::Simple] {
            let mut board = fixture_board(game, rule);
            let moves = game["moves"].as_str().expect("moves");
            assert_eq!(
                replay(&mut board, moves),
                Err((number, expected)),
                "{file} under {rule:?}"
            );
        }
    }
}
